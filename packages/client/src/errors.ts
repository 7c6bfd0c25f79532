import { ErrorCode, WRONG_API_NAME_MESSAGE } from '@exchange-web/protocol/codes';

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
}

/** The visitor closed the human-verification challenge (SPEC 4): code 90000001, original message. */
export class ChallengeDismissedError extends ApiError {
  override readonly name = 'ChallengeDismissedError';
  constructor(originalMessage: string) {
    super(originalMessage, ErrorCode.challengeDismissed);
  }
}

/** The session ended on the server (00004, 20906 or 20205): the page logs out and reloads. */
export class SessionExpiredError extends ApiError {
  override readonly name = 'SessionExpiredError';
}

/**
 * The gateway refused the request's signature (SPEC 8): 00020 missing, 00021 mode not matched,
 * 00022 expired, 00023 invalid. The visitor was already shown a toast.
 */
export class RequestSignError extends ApiError {
  override readonly name = 'RequestSignError';
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isRequestSignError = (error: unknown): error is RequestSignError =>
  error instanceof RequestSignError;
export const isChallengeDismissedError = (error: unknown): error is ChallengeDismissedError =>
  error instanceof ChallengeDismissedError;
export const isSessionExpiredError = (error: unknown): error is SessionExpiredError =>
  error instanceof SessionExpiredError;

/** SPEC 5: a post or get with an empty path is refused before any request is made. */
export class WrongApiNameError extends Error {
  override readonly name = 'WrongApiNameError';
  constructor() {
    super(WRONG_API_NAME_MESSAGE);
  }
}

export const isWrongApiNameError = (error: unknown): error is WrongApiNameError =>
  error instanceof WrongApiNameError;

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
}

export const isMalformedReplyError = (error: unknown): error is MalformedReplyError =>
  error instanceof MalformedReplyError;
