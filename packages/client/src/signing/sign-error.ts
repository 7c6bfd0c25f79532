import {
  ErrorCode,
  FailureEvent,
  SIGN_CONFIG_REFETCH_CODES,
  SIGN_ERROR_CODES,
} from '@exchange-web/protocol/codes';
import { HeaderName, Timing } from '@exchange-web/protocol/registry';
import { RequestSignError } from '../errors';
import type { RequestHook } from '../request/hooks';
import { createWindowGate } from '../request/window-gate';
import type { Timers } from '../timers';
import type { ReportFailure } from './failure-report';

export interface SignErrorOptions {
  /** Shows a toast; `cause` is the {@link RequestSignError} the caller is rejected with. */
  notify(message: string, cause: unknown): void;
  /** Forgets the sign config and loads it anew. */
  refetchConfig(): Promise<unknown>;
  /** Logs out and reloads (see `endSession`); its calls must skip this hook. */
  endSession(): Promise<void>;
  reportFailure: ReportFailure;
  timers: Timers;
  /** The same toast, and the logout, within this long happen once. @default 2000 */
  debounceMs?: number;
  /** After 00020 or 00021 the config is refetched this much later. @default 2000 */
  refetchDelayMs?: number;
}

const signErrorCodes: ReadonlySet<string> = new Set(SIGN_ERROR_CODES);
const refetchCodes: ReadonlySet<string> = new Set(SIGN_CONFIG_REFETCH_CODES);
const LOGOUT_KEY = 'logout';

/**
 * The sign errors of SPEC 8, whatever the HTTP status:
 * - 00020 (missing) and 00021 (mode not matched): toast; the config is refetched 2 s later;
 * - 00022 (expired): toast only;
 * - 00023 (invalid): toast, forced logout, and a signInvalid failure event;
 * each rejecting its caller with a {@link RequestSignError}, so no later hook toasts it again. A
 * response carrying the `gw-sign-error` header logs a gwSignError event. Network errors are not
 * reported here. The same toast, and the logout, happen once per 2 s (SPEC 9).
 * Runs before session expiry and the error notice.
 */
export function signErrorHook(options: SignErrorOptions): RequestHook {
  const debounceMs = options.debounceMs ?? Timing.errorDebounceMs;
  const now = () => options.timers.now();
  const toastGate = createWindowGate(now, debounceMs);
  const logoutGate = createWindowGate(now, debounceMs);
  let refetchPending = false;

  const scheduleRefetch = () => {
    // Many refused calls at once refetch once.
    if (refetchPending) return;
    refetchPending = true;
    options.timers.setTimeout(() => {
      refetchPending = false;
      options.refetchConfig().catch(() => undefined);
    }, options.refetchDelayMs ?? Timing.signConfigRefetchMs);
  };

  return {
    slot: 'sign-error',
    afterResponse({ request, headers, envelope }) {
      const headerValue = headers[HeaderName.gwSignError.toLowerCase()];
      if (headerValue !== undefined)
        options.reportFailure(FailureEvent.gwSignError, {
          reason: 'gwSignError',
          path: request.path,
          cause: headerValue,
        });
      if (!envelope || !signErrorCodes.has(envelope.code)) return;
      const error = new RequestSignError(envelope.msg, envelope.code, envelope.data);
      if (toastGate(envelope.msg)) options.notify(envelope.msg, error);
      if (refetchCodes.has(envelope.code)) scheduleRefetch();
      if (envelope.code === ErrorCode.signInvalid) {
        options.reportFailure(FailureEvent.signInvalid, {
          reason: 'signInvalid',
          path: request.path,
          cause: envelope.code,
        });
        if (logoutGate(LOGOUT_KEY)) options.endSession().catch(() => undefined);
      }
      return { action: 'reject', error };
    },
  };
}
