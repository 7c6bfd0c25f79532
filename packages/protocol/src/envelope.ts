/** The reply envelope every call answers with (SPEC.md section 7). */
import * as z from 'zod/mini';

/** A reply envelope: a code (see codes.ts), the payload and a message. */
export interface Envelope<T> {
  code: string;
  data: T;
  msg: string;
}

/**
 * Builds an envelope.
 *
 * @default msg ''
 * @example
 * envelope('00000', { ok: true }, 'success'); // { code: '00000', data: { ok: true }, msg: 'success' }
 */
export function envelope<T>(code: string, data: T, msg = ''): Envelope<T> {
  return { code, data, msg };
}

/**
 * The zod schema of an envelope whose `data` matches the given schema.
 *
 * WARNING: error envelopes carry `data: null`; check the code with {@link envelopeSchema} first
 * and parse `data` with the call's schema only on success.
 *
 * @example
 * envelopeOf(usdtRateReplySchema).parse(json);
 */
export function envelopeOf<S extends z.ZodMiniType>(data: S) {
  return z.object({
    // SPEC 5 and 8: success may arrive as the number 200; codes are kept as strings.
    code: z.pipe(
      z.union([z.string(), z.number().check(z.int())]),
      z.transform((code) => String(code)),
    ),
    data,
    msg: z.string(),
  });
}

/** The schema of any envelope, `data` left unchecked. */
export const envelopeSchema = envelopeOf(z.unknown());
