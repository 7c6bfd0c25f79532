import type { FailureEvent } from '@exchange-web/protocol/codes';
import type { Logger } from '../logger';

/** A failure event name of SPEC 8 (`loginEncryptFailed`, `genKeypairFailed`, ...). */
export type FailureEventName = (typeof FailureEvent)[keyof typeof FailureEvent];

/** Why signing or encryption failed; the names are ours, for logs only (SPEC 8 names none). */
export type FailureReason =
  /** Not a secure context, or no WebCrypto (SPEC 5: key generation requires https). */
  | 'insecureContext'
  /** The sign config call failed or its reply did not validate. */
  | 'configUnavailable'
  /** The config carries no serverPublicKeySign (SPEC 5: login encryption fails). */
  | 'serverKeyUnsigned'
  /** serverPublicKeySign does not verify against the built-in certificate (SPEC 5). */
  | 'serverKeySignatureInvalid'
  /** The certificate or the server key could not be read or imported. */
  | 'serverKeyUnusable'
  /** No client key pair could be had (generation failed or timed out with no backup). */
  | 'keyPairUnavailable'
  /** Key generation gave up after Timing.keyGenTimeoutMs (SPEC 5, 9). */
  | 'keyGenerationTimedOut'
  /** Key generation rejected. */
  | 'keyGenerationFailed'
  /** The background backup key pair could not be made. */
  | 'backupGenerationFailed'
  /** The body is not a JSON object, so its fields cannot be picked. */
  | 'bodyNotObject'
  /** WebCrypto failed while encrypting or signing the login body. */
  | 'encryptionError'
  /** The gateway answered 00023 (SPEC 8). */
  | 'signInvalid'
  /** A response carried the gw-sign-error header (SPEC 8). */
  | 'gwSignError';

/** What a failure event carries besides its name. */
export interface FailureDetail {
  reason: FailureReason;
  /** The call path, when a request was involved. */
  path?: string;
  /** The underlying error or value (an exception, a reply code, a header value). */
  cause?: unknown;
}

/**
 * Where the failure events of SPEC 8 go: an analytics client or the console.
 * @example
 * const reportFailure: ReportFailure = (event, detail) => tracker.track(event, detail);
 */
export type ReportFailure = (event: FailureEventName, detail: FailureDetail) => void;

/** The default adapter: the events go to `logger.warn` (SPEC 8 "logged"). */
export const warnFailure =
  (logger: Logger): ReportFailure =>
  (event, detail) =>
    logger.warn(event, detail);
