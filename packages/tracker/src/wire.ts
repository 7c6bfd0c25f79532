import type { SuccessCode } from '@exchange-web/protocol/codes';

// NOTE: the little that the init chunk (queue, config client) and the sender (loaded on demand)
// share, kept apart so that a bundler's shared chunk holds this and not the queue or the config.

/** The byte length of a text in UTF-8. */
export const byteLength = (text: string): number => new TextEncoder().encode(text).length;

// Codes copied with their type pinned to protocol's (a change there fails the typecheck): the
// codes module's message table would cost the init chunk about 1.8 KB gzip.
/** The envelope success codes (SPEC 8). */
export const ENVELOPE_SUCCESS_CODES: readonly SuccessCode[] = ['00000', '200'];

/** Whether an envelope code is a success; as readEnvelope reads it, a number 200 is '200'. */
export const isEnvelopeSuccess = (code: unknown): boolean =>
  (ENVELOPE_SUCCESS_CODES as readonly unknown[]).includes(code);

/** The warning of a call answered with a failing HTTP status (SPEC 8). */
export const requestFailedWarning = (status: number): string =>
  `Request failed with status code ${status}`;
