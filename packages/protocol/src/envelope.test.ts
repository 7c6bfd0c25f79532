import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { envelope, envelopeOf, envelopeSchema } from './envelope';

describe('envelope', () => {
  it('builds code, data and msg', () => {
    expect(envelope('00000', { a: 1 }, 'success')).toEqual({
      code: '00000',
      data: { a: 1 },
      msg: 'success',
    });
    expect(envelope('40001', null)).toEqual({ code: '40001', data: null, msg: '' });
  });

  it('checks data with the given schema', () => {
    const schema = envelopeOf(z.object({ n: z.number() }));
    expect(schema.parse({ code: '00000', data: { n: 1 }, msg: '' })).toEqual({
      code: '00000',
      data: { n: 1 },
      msg: '',
    });
    expect(schema.safeParse({ code: '00000', data: { n: 'x' }, msg: '' }).success).toBe(false);
    expect(schema.safeParse({ code: '00000', data: { n: 1 } }).success).toBe(false);
  });

  it('keeps codes as strings, accepting an unquoted number', () => {
    expect(envelopeSchema.parse({ code: 200, data: null, msg: 'ok' }).code).toBe('200');
    expect(envelopeSchema.parse({ code: '00000', data: [1], msg: '' })).toEqual({
      code: '00000',
      data: [1],
      msg: '',
    });
    expect(envelopeSchema.safeParse({ code: null, data: null, msg: '' }).success).toBe(false);
    expect(envelopeSchema.safeParse([]).success).toBe(false);
  });
});
