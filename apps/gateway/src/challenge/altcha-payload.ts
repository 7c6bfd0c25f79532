import * as z from 'zod';

/** The one proof-of-work hash the gateway issues challenges with. */
export const CHALLENGE_ALGORITHM = 'SHA-256';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lower-case hex digits');

/**
 * An ALTCHA (v1) solution payload: what the widget encodes as Base64 of its JSON, SPEC 5's
 * `captchaValidate` of challenge type 3 (DESIGN "Wire formats"). Extra fields are ignored.
 */
export const altchaPayloadSchema = z.object({
  algorithm: z.literal(CHALLENGE_ALGORITHM),
  challenge: hex64,
  number: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  salt: z.string().min(1).max(1024),
  signature: hex64,
  took: z.number().nonnegative().optional(),
});
export type AltchaPayload = z.infer<typeof altchaPayloadSchema>;

/** The payload of a `captchaValidate` text, or undefined when it is not Base64 of one. */
export function decodeAltchaPayload(captchaValidate: string): AltchaPayload | undefined {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(captchaValidate, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  const result = altchaPayloadSchema.safeParse(json);
  return result.success ? result.data : undefined;
}

/** Base64 of a payload's JSON, as the widget sends it (tests and tools). */
export const encodeAltchaPayload = (payload: AltchaPayload): string =>
  Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
