import { ErrorCode, WRONG_API_NAME_MESSAGE } from '@exchange-web/protocol/codes';

// NOTE: every error here carries its kinds under a Symbol.for key, the same symbol in every realm
// (an iframe, a second copy of this module in another bundle), where `instanceof` says no. The
// guards read that brand, never `instanceof` alone.
const KINDS = Symbol.for('exchange-web.client.error-kinds');

/** Adds `kind` to the kinds a class's instances carry (its parent's, then its own). */
function brand(type: abstract new (...args: never[]) => Error, kind: string): void {
  const inherited = (Object.getPrototypeOf(type.prototype) as Partial<Record<symbol, unknown>>)[
    KINDS
  ];
  Object.defineProperty(type.prototype, KINDS, {
    value: Object.freeze([...(Array.isArray(inherited) ? (inherited as string[]) : []), kind]),
  });
}

/** Whether `value` carries the brand of `kind`, from whichever realm or module copy it came. */
function isKind(value: unknown, kind: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const kinds = (value as Partial<Record<symbol, unknown>>)[KINDS];
  return Array.isArray(kinds) && kinds.includes(kind);
}

/**
 * A reply whose envelope code is not a success code: carries the server's code and message.
 * @example
 * try { await post('/v1/user/login', body) } catch (error) { if (isApiError(error)) show(error.message) }
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    message: string,
    readonly code: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
  static {
    brand(this, 'ApiError');
  }
}

/** The visitor closed the human-verification challenge (SPEC 4): code 90000001, original message. */
export class ChallengeDismissedError extends ApiError {
  override readonly name = 'ChallengeDismissedError';
  constructor(originalMessage: string) {
    super(originalMessage, ErrorCode.challengeDismissed);
  }
  static {
    brand(this, 'ChallengeDismissedError');
  }
}

/** The session ended on the server (00004, 20906 or 20205): the page logs out and reloads. */
export class SessionExpiredError extends ApiError {
  override readonly name = 'SessionExpiredError';
  static {
    brand(this, 'SessionExpiredError');
  }
}

/**
 * The gateway refused the request's signature (SPEC 8): 00020 missing, 00021 mode not matched,
 * 00022 expired, 00023 invalid. The visitor was already shown a toast.
 */
export class RequestSignError extends ApiError {
  override readonly name = 'RequestSignError';
  static {
    brand(this, 'RequestSignError');
  }
}

/** Any envelope refusal, its subclasses included. */
export const isApiError = (error: unknown): error is ApiError => isKind(error, 'ApiError');
export const isRequestSignError = (error: unknown): error is RequestSignError =>
  isKind(error, 'RequestSignError');
export const isChallengeDismissedError = (error: unknown): error is ChallengeDismissedError =>
  isKind(error, 'ChallengeDismissedError');
export const isSessionExpiredError = (error: unknown): error is SessionExpiredError =>
  isKind(error, 'SessionExpiredError');

/** SPEC 5: a post or get with an empty path is refused before any request is made. */
export class WrongApiNameError extends Error {
  override readonly name = 'WrongApiNameError';
  constructor() {
    super(WRONG_API_NAME_MESSAGE);
  }
  static {
    brand(this, 'WrongApiNameError');
  }
}

export const isWrongApiNameError = (error: unknown): error is WrongApiNameError =>
  isKind(error, 'WrongApiNameError');

/**
 * A reply the client cannot read: not a `{code, data, msg}` envelope, or data that fails the
 * call's schema (SPEC 7). The reply is kept for logs; a schema failure is the `cause`.
 */
export class MalformedReplyError extends Error {
  override readonly name = 'MalformedReplyError';
  constructor(
    readonly reply: unknown,
    options?: { cause?: unknown },
  ) {
    super('malformed reply', options);
  }
  static {
    brand(this, 'MalformedReplyError');
  }
}

export const isMalformedReplyError = (error: unknown): error is MalformedReplyError =>
  isKind(error, 'MalformedReplyError');

/**
 * A request its endpoint's schema refuses, found before anything is sent (a bug of the caller, or
 * a form value no check caught). The schema's error is the `cause`.
 */
export class InvalidRequestError extends Error {
  override readonly name = 'InvalidRequestError';
  constructor(
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`invalid request for ${path}`, options);
  }
  static {
    brand(this, 'InvalidRequestError');
  }
}

export const isInvalidRequestError = (error: unknown): error is InvalidRequestError =>
  isKind(error, 'InvalidRequestError');

// Transport failures (SPEC 8 "generic client errors"). Their messages are the transport's own
// ('Network Error', 'timeout of N ms exceeded', ...); what they are is told by the class alone.

/** No reply within the request timeout (SPEC 9: 20 s in the shared wrapper, 60 s in the long one). */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  static {
    brand(this, 'TimeoutError');
  }
}

/**
 * No reply at all: the network or the server is unreachable, the browser dropped the request, or
 * it could not be sent (an unsupported protocol).
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  static {
    brand(this, 'NetworkError');
  }
}

/** The caller cancelled the call (its AbortSignal); never shown as a failure. */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor(message = 'canceled', options?: { cause?: unknown }) {
    super(message, options);
  }
  static {
    brand(this, 'CancelledError');
  }
}

/**
 * A reply with a non-2xx status and no envelope to explain it (an envelope under any status
 * rejects with its {@link ApiError}). Carries the status and the body as received.
 */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    message = `Request failed with status code ${status}`,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
  static {
    brand(this, 'HttpStatusError');
  }
}

export const isTimeoutError = (error: unknown): error is TimeoutError =>
  isKind(error, 'TimeoutError');
export const isNetworkError = (error: unknown): error is NetworkError =>
  isKind(error, 'NetworkError');
export const isCancelledError = (error: unknown): error is CancelledError =>
  isKind(error, 'CancelledError');
export const isHttpStatusError = (error: unknown): error is HttpStatusError =>
  isKind(error, 'HttpStatusError');
