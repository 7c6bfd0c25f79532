import { ApiError } from '@exchange-web/client/errors';
import { InscriptionCode } from '@exchange-web/protocol/inscription';
import { LOCALE_CODES } from '@exchange-web/protocol/languages';
import { loadMessages } from '@exchange-web/react/i18n/messages';
import { describe, expect, it } from 'vitest';
import { inscriptionFailureKey, inscriptionRefusalKey } from './inscription-errors';

describe('inscription refusals', () => {
  it('has a sentence for every code in every language', async () => {
    for (const locale of LOCALE_CODES) {
      const messages = await loadMessages(locale);
      for (const code of Object.values(InscriptionCode)) {
        const key = inscriptionRefusalKey(code);
        expect(key, code).not.toBeNull();
        const name = (key ?? '').split('.').pop() as keyof typeof messages.inscription.refusals;
        expect(messages.inscription.refusals[name], `${locale} ${code}`).toBeTruthy();
      }
    }
    expect(inscriptionRefusalKey('00000')).toBeNull();
  });

  it('words a refusal by its code and anything else by the shell', () => {
    expect(inscriptionFailureKey(new ApiError('bad', InscriptionCode.badKeyword))).toBe(
      'inscription.refusals.badKeyword',
    );
    expect(inscriptionFailureKey(new ApiError('rate', '42900'))).toBe('errors.tooManyRequests');
    expect(inscriptionFailureKey(new Error('boom'))).toBe('errors.server');
  });
});
