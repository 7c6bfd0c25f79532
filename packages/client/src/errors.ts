import { ErrorCode, WRONG_API_NAME_MESSAGE } from '@exchange-web/protocol/codes';

// NOTE: every error here carries its kinds under a Symbol.for key, the same symbol in every realm
// (an iframe, a second copy of this module in another bundle), where `instanceof` says no. The
// guards read that brand, never `instanceof` alone.
const KINDS = Symbol.for('exchange-web.client.error-kinds');

type ErrorType = { readonly kind: string };

/**
 * The base of the client's errors: names each instance by its class's `kind` and brands it with
 * the kinds of its class and of every parent up to here, so a guard of a parent accepts a child.
 */
abstract class ClientError extends Error {
  /** The class's name in errors and guards; minified builds keep it, unlike a class name. */
  static readonly kind: string = 'ClientError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    const kinds: string[] = [];
    for (
      let type: ErrorType = new.target;
      type !== ClientError;
      type = Object.getPrototypeOf(type) as ErrorType
    )
      kinds.unshift(type.kind);
    this.name = new.target.kind;
    Object.defineProperty(this, KINDS, { value: Object.freeze(kinds) });
  }
}

/** Whether `value` carries the brand of `kind`, from whichever realm or module copy it came. */
function isKind(value: unknown, kind: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const kinds = (value as Partial<Record<symbol, unknown>>)[KINDS];
  return Array.isArray(kinds) && kinds.includes(kind);
}

/** The guard of an error class: true for its instances and its subclasses', from any realm. */
const guardOf =
  <T extends Error>(type: ErrorType) =>
  (error: unknown): error is T =>
    isKind(error, type.kind);

/**
 * A reply whose envelope code is not a success code: carries the server's code and message.
 * @example
 * try { await post('/v1/user/login', body) } catch (error) { if (isApiError(error)) show(error.message) }
 */
export class ApiError extends ClientError {
  static override readonly kind: string = 'ApiError';
  constructor(
    message: string,
    readonly code: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** The visitor closed the human-verification challenge (SPEC 4): code 90000001, original message. */
export class ChallengeDismissedError extends ApiError {
  static override readonly kind: string = 'ChallengeDismissedError';
  constructor(originalMessage: string) {
    super(originalMessage, ErrorCode.challengeDismissed);
  }
}

/** The session ended on the server (00004, 20906 or 20205): the page logs out and reloads. */
export class SessionExpiredError extends ApiError {
  static override readonly kind: string = 'SessionExpiredError';
}

/**
 * The gateway refused the request's signature (SPEC 8): 00020 missing, 00021 mode not matched,
 * 00022 expired, 00023 invalid. The visitor was already shown a toast.
 */
export class RequestSignError extends ApiError {
  static override readonly kind: string = 'RequestSignError';
}

/** Any envelope refusal, its subclasses included. */
export const isApiError = guardOf<ApiError>(ApiError);
export const isRequestSignError = guardOf<RequestSignError>(RequestSignError);
export const isChallengeDismissedError = guardOf<ChallengeDismissedError>(ChallengeDismissedError);
export const isSessionExpiredError = guardOf<SessionExpiredError>(SessionExpiredError);

/** SPEC 5: a post or get with an empty path is refused before any request is made. */
export class WrongApiNameError extends ClientError {
  static override readonly kind: string = 'WrongApiNameError';
  constructor() {
    super(WRONG_API_NAME_MESSAGE);
  }
}

export const isWrongApiNameError = guardOf<WrongApiNameError>(WrongApiNameError);

/**
 * A reply the client cannot read: not a `{code, data, msg}` envelope, or data that fails the
 * call's schema (SPEC 7). The reply is kept for logs; a schema failure is the `cause`.
 */
export class MalformedReplyError extends ClientError {
  static override readonly kind: string = 'MalformedReplyError';
  constructor(
    readonly reply: unknown,
    options?: { cause?: unknown },
  ) {
    super('malformed reply', options);
  }
}

export const isMalformedReplyError = guardOf<MalformedReplyError>(MalformedReplyError);

/**
 * A request its endpoint's schema refuses, found before anything is sent (a bug of the caller, or
 * a form value no check caught). The schema's error is the `cause`.
 */
export class InvalidRequestError extends ClientError {
  static override readonly kind: string = 'InvalidRequestError';
  constructor(
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`invalid request for ${path}`, options);
  }
}

export const isInvalidRequestError = guardOf<InvalidRequestError>(InvalidRequestError);

// Transport failures (SPEC 8 "generic client errors"). Their messages are the transport's own
// ('Network Error', 'timeout of N ms exceeded', ...); what they are is told by the class alone.

/** No reply within the request timeout (SPEC 9: 20 s in the shared wrapper, 60 s in the long one). */
export class TimeoutError extends ClientError {
  static override readonly kind: string = 'TimeoutError';
}

/**
 * No reply at all: the network or the server is unreachable, the browser dropped the request, or
 * it could not be sent (an unsupported protocol).
 */
export class NetworkError extends ClientError {
  static override readonly kind: string = 'NetworkError';
}

/** The caller cancelled the call (its AbortSignal); never shown as a failure. */
export class CancelledError extends ClientError {
  static override readonly kind: string = 'CancelledError';
  constructor(message = 'canceled', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * A reply with a non-2xx status and no envelope to explain it (an envelope under any status
 * rejects with its {@link ApiError}). Carries the status and the body as received.
 */
export class HttpStatusError extends ClientError {
  static override readonly kind: string = 'HttpStatusError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    message = `Request failed with status code ${status}`,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isTimeoutError = guardOf<TimeoutError>(TimeoutError);
export const isNetworkError = guardOf<NetworkError>(NetworkError);
export const isCancelledError = guardOf<CancelledError>(CancelledError);
export const isHttpStatusError = guardOf<HttpStatusError>(HttpStatusError);
