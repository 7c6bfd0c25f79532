import { ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import type { Context } from 'hono';
import type { ActiveSession, SessionRefusal, SessionStore } from '../accounts/sessions';
import type { AccountsConfig } from '../config';
import { RefusedError } from './errors';
import { clearSessionCookies, readSessionCookies, writeSessionCookies } from './session-cookies';

/** How each refusal is answered: the codes of SPEC 4 and 8 that force logout. */
const refusal: Record<SessionRefusal, () => RefusedError> = {
  expired: () =>
    new RefusedError({
      status: 401,
      code: ErrorCode.sessionExpired,
      message: 'the session has expired',
    }),
  replaced: () =>
    new RefusedError({
      status: 401,
      code: ErrorCode.sessionReplaced,
      message: 'the session was ended by a newer login',
    }),
  frozen: () =>
    new RefusedError({
      status: 403,
      code: ErrorCode.accountFrozen,
      message: 'the account is frozen',
    }),
};

/** Authentication for routes: one place that reads cookies, checks the session and renews it. */
export interface SessionGuard {
  /**
   * The request's session, or a refusal thrown: 40100 without session cookies, else 00004,
   * 20906 or 20205. A renewed session's new cookies ride on the reply, error replies included.
   */
  requireSession(c: Context): Promise<ActiveSession>;
  /** The request's session, or undefined when it has none that works; never throws a refusal. */
  optionalSession(c: Context): Promise<ActiveSession | undefined>;
}

export function createSessionGuard(
  sessions: SessionStore,
  config: Pick<AccountsConfig, 'refreshTtlMs' | 'cookieSecure'>,
): SessionGuard {
  const resolve = async (c: Context) => {
    const presented = readSessionCookies(c);
    if (!presented.token && !presented.refreshToken) return undefined;
    const lookup = await sessions.lookup(presented);
    if (lookup.kind === 'active' && lookup.renewed) {
      writeSessionCookies(c, lookup.renewed, config);
    }
    return lookup;
  };
  return {
    async requireSession(c) {
      const lookup = await resolve(c);
      if (!lookup) {
        throw new RefusedError({
          status: 401,
          code: GatewayCode.unauthorized,
          message: 'this call needs a signed-in session',
        });
      }
      if (lookup.kind === 'refused') {
        // The presented tokens will never work again: drop them, so the page stops presenting them.
        clearSessionCookies(c, config);
        throw refusal[lookup.reason]();
      }
      return lookup.session;
    },
    async optionalSession(c) {
      const lookup = await resolve(c);
      return lookup?.kind === 'active' ? lookup.session : undefined;
    },
  };
}
