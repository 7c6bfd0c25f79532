import { describe, expect, it } from 'vitest';
import { readEnvelope } from './envelope-reader';

describe('readEnvelope', () => {
  it('reads code, data and msg, the code as a string', () => {
    expect(readEnvelope({ code: '00000', data: { a: 1 }, msg: 'success' })).toEqual({
      code: '00000',
      data: { a: 1 },
      msg: 'success',
    });
    expect(readEnvelope({ code: 200, data: [1], msg: 'ok' })).toEqual({
      code: '200',
      data: [1],
      msg: 'ok',
    });
  });

  it('takes a missing data as null and a non-string msg as its text', () => {
    expect(readEnvelope({ code: '40001', msg: 7 })).toEqual({
      code: '40001',
      data: null,
      msg: '7',
    });
  });

  it('answers undefined for anything that is not an envelope', () => {
    for (const body of [null, undefined, '<html>', 42, [], {}, { code: '1' }, { msg: 'x' }])
      expect(readEnvelope(body)).toBeUndefined();
    expect(readEnvelope({ code: null, msg: '' })).toBeUndefined();
    expect(readEnvelope({ code: { a: 1 }, msg: '' })).toBeUndefined();
  });
});
