import { HttpStatus, SESSION_EXPIRY_CODES, isSuccessCode } from '@exchange-web/protocol/codes';
import { Timing } from '@exchange-web/protocol/registry';
import { ApiError, isCancelledError } from '../errors';
import type { Logger } from '../logger';
import type { RequestHook, ResponseState } from './hooks';
import { createWindowGate } from './window-gate';

export interface ErrorNoticeOptions {
  /**
   * Shows a toast (the React layer passes antd's message). `cause` is what the caller is rejected
   * with: an {@link ApiError} for an envelope, else the transport's named error (HttpStatusError,
   * TimeoutError, NetworkError), so a page can word it itself.
   */
  notify(message: string, cause: unknown): void;
  logger: Logger;
  now(): number;
  /** The same message within this long shows once. @default Timing.errorDebounceMs (2000) */
  debounceMs?: number;
}

const isOk = (status: number) => status >= 200 && status < 300;

const expiryCodes: ReadonlySet<string> = new Set(SESSION_EXPIRY_CODES);

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * How failures reach the visitor (SPEC 8): HTTP 429 stays quiet; a body status error under HTTP
 * 2xx, or a session-expiry code under any status, goes to the console only; every other failure
 * (another HTTP error, a network error, a timeout) shows a toast with the message the caller is
 * rejected with: the server msg when the reply is an envelope, else the transport's (SPEC 8
 * generic client errors). A call its caller cancelled shows nothing. The same message within
 * 2 s shows once (SPEC 9). Its slot comes after every step that settles a reply (session
 * expiry, challenge): what they settled never reaches it.
 */
export function errorNoticeHook(options: ErrorNoticeOptions): RequestHook {
  const gate = createWindowGate(options.now, options.debounceMs ?? Timing.errorDebounceMs);
  const show = (message: string, cause: unknown) => {
    if (gate(message)) options.notify(message, cause);
  };

  return {
    slot: 'error-notice',
    afterResponse(response: ResponseState) {
      if (response.status === HttpStatus.tooManyRequests) return;
      const { envelope } = response;
      // SPEC 8 gives expiry codes a logout, not a toast: what reaches here (the exempt user-info
      // call, under 401 or 403 from the gateway) goes to the console like a body status error.
      if (isOk(response.status) || (envelope && expiryCodes.has(envelope.code))) {
        if (!envelope || !isSuccessCode(envelope.code))
          options.logger.error(
            `request ${response.request.path} failed`,
            envelope ? `${envelope.code} ${envelope.msg}` : response.body,
          );
        return;
      }
      if (envelope) show(envelope.msg, new ApiError(envelope.msg, envelope.code, envelope.data));
      else show(messageOf(response.transportError), response.transportError);
    },
    onTransportError(error) {
      // A call its caller cancelled is not a failure to report.
      if (isCancelledError(error)) return;
      show(messageOf(error), error);
    },
  };
}
