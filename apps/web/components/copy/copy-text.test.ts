import { ApiError } from '@exchange-web/client/errors';
import { CopyCode } from '@exchange-web/protocol/copy-trading';
import { TradeCode } from '@exchange-web/protocol/trading';
import { describe, expect, it } from 'vitest';
import { copyFailureKey, copyRefusalKey } from './copy-text';

describe('copyRefusalKey', () => {
  it('words copy-trading and trading codes, and nothing else', () => {
    expect(copyRefusalKey(CopyCode.selfFollow)).toBe('copy.refusals.selfFollow');
    expect(copyRefusalKey(TradeCode.insufficientBalance)).toBe(
      'trading.refusals.insufficientBalance',
    );
    expect(copyRefusalKey('99999')).toBeNull();
  });
});

describe('copyFailureKey', () => {
  it('tells a refusal from a failure of the request', () => {
    const refused = new ApiError('x', CopyCode.alreadyFollowing);
    expect(copyFailureKey(refused)).toEqual({
      key: 'copy.refusals.alreadyFollowing',
      refusal: true,
    });
    expect(copyFailureKey(new Error('Network Error')).refusal).toBe(false);
  });
});
