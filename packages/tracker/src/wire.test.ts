import { describe, expect, it } from 'vitest';
import { readEnvelope } from '@exchange-web/protocol/envelope-reader';
import { byteLength, isEnvelopeSuccess, requestFailedWarning } from './wire';

describe('success codes', () => {
  it('takes 00000 and 200 as success, and nothing else', () => {
    expect(isEnvelopeSuccess('00000')).toBe(true);
    expect(isEnvelopeSuccess('200')).toBe(true);
    for (const code of ['40301', '0', '', undefined, null])
      expect(isEnvelopeSuccess(code)).toBe(false);
  });

  it('takes a number 200 once the envelope reader has read it (SPEC 5, 8)', () => {
    const envelope = readEnvelope({ code: 200, data: null, msg: 'ok' });
    expect(isEnvelopeSuccess(envelope?.code)).toBe(true);
  });
});

describe('requestFailedWarning', () => {
  it('words a failed call as SPEC 8 does', () => {
    expect(requestFailedWarning(500)).toBe('Request failed with status code 500');
  });
});

describe('byteLength', () => {
  it('counts UTF-8 bytes, not UTF-16 units', () => {
    expect(byteLength('abc')).toBe(3);
    expect(byteLength('é')).toBe(2);
    expect(byteLength('币')).toBe(3);
    expect(byteLength('😀')).toBe(4);
  });
});
