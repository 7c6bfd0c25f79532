import { SESSION_EXPIRY_CODES } from '@exchange-web/protocol/codes';
import { ApiPath, normaliseApiPath } from '@exchange-web/protocol/paths';
import { Timing } from '@exchange-web/protocol/registry';
import { SessionExpiredError } from '../errors';
import type { RequestHook } from './hooks';
import { createWindowGate } from './window-gate';

export interface SessionExpiryOptions {
  /**
   * Logs out and reloads (see `endSession`). Its own calls must skip this hook, or an expired
   * logout reply would start it again.
   */
  endSession(): Promise<void>;
  now(): number;
  /** Repeats within this long end the session once. @default Timing.errorDebounceMs (2000) */
  debounceMs?: number;
  /** Calls that only reject on these codes. @default [ApiPath.userInfo] (SPEC 4) */
  exemptPaths?: readonly string[];
}

const expiryCodes: ReadonlySet<string> = new Set(SESSION_EXPIRY_CODES);

/**
 * Session expiry (SPEC 4, 8): a reply coded 00004, 20906 or 20205, whatever its HTTP status,
 * ends the session (clear token, clear cookie, logout, reload) once per 2 s however many calls
 * fail, and rejects its caller with a {@link SessionExpiredError}. The user-info call is exempt:
 * it rejects like any other code.
 */
export function sessionExpiryHook(options: SessionExpiryOptions): RequestHook {
  const exempt = new Set((options.exemptPaths ?? [ApiPath.userInfo]).map(normaliseApiPath));
  const gate = createWindowGate(options.now, options.debounceMs ?? Timing.errorDebounceMs);

  return {
    slot: 'session-expiry',
    afterResponse({ envelope, request }) {
      if (!envelope || !expiryCodes.has(envelope.code) || exempt.has(request.path)) return;
      // The caller is rejected at once; the logout and reload run on their own.
      if (gate('session-expiry')) void options.endSession();
      return {
        action: 'reject',
        error: new SessionExpiredError(envelope.msg, envelope.code, envelope.data),
      };
    },
  };
}
