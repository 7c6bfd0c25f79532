import { ApiError } from '@exchange-web/client/errors';
import { TradeCode } from '@exchange-web/protocol/trading';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '@exchange-web/react/i18n/messages';
import { refusalKey, tradeFailureKey } from './trade-errors';

describe('trade refusals', () => {
  it('has a translated sentence for every trading code', async () => {
    const en = await loadMessages('en');
    for (const code of Object.values(TradeCode)) {
      const key = refusalKey(code);
      expect(key, code).not.toBeNull();
      const name = (key ?? '').split('.').pop() as keyof typeof en.trading.refusals;
      expect(en.trading.refusals[name], code).toBeTruthy();
    }
    expect(refusalKey('00000')).toBeNull();
  });

  it('words a refusal by its code and anything else by the shell', () => {
    const refusal = new ApiError('too small', TradeCode.sizeBelowMinimum);
    expect(tradeFailureKey(refusal)).toEqual({
      key: 'trading.refusals.sizeBelowMinimum',
      code: '43002',
    });
    expect(tradeFailureKey(new Error('boom')).key).toBe('errors.server');
  });
});
