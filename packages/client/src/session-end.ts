import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName } from '@exchange-web/protocol/registry';
import type { CookieJar } from './cookie-jar';
import type { LocalCache } from './local-cache';
import type { Logger } from './logger';
import type { RequestSlot } from './request/slots';

/**
 * Slots the session-ending calls skip: session expiry and sign errors, so an expired or
 * sign-invalid reply to them cannot start another logout (no loop); the error toast, since the
 * page reloads right after.
 */
export const SESSION_END_SKIPPED_HOOKS: readonly RequestSlot[] = [
  'session-expiry',
  'sign-error',
  'error-notice',
];

export interface EndSessionDeps {
  /** Posts an empty body to a call path, skipping {@link SESSION_END_SKIPPED_HOOKS}. */
  post(path: string): Promise<unknown>;
  cookies: CookieJar;
  localCache: LocalCache;
  reload(): void;
  logger: Logger;
}

/**
 * Ends the session on the client (SPEC 4, "Logout" and "Session expiry"): posts the two logout
 * calls, removes the refresh-token cookie and the signed-in marker, forgets the stored user id,
 * posts clear cookie, then reloads, whatever any call answered.
 */
// SPEC 4 lists expiry as token, clear cookie, logout and Logout as logout, token, clear cookie: we
// use Logout's order for both, since clear cookie drops the session cookie the logout call needs.
export async function endSession(deps: EndSessionDeps): Promise<void> {
  const settle = async (...calls: Promise<unknown>[]) => {
    for (const outcome of await Promise.allSettled(calls))
      if (outcome.status === 'rejected') deps.logger.warn('logout call failed', outcome.reason);
  };
  try {
    await settle(deps.post(ApiPath.logout), deps.post(ApiPath.btapiLogout));
    // The refresh token is HttpOnly: this removes a readable copy, clear cookie the real one.
    deps.cookies.remove(CookieName.refreshToken);
    deps.cookies.remove(CookieName.signedIn);
    // SPEC 4: logged in means a non-empty userId; after logout there is none.
    deps.localCache.set('globalUserId', '');
    await settle(deps.post(ApiPath.clearCookie));
  } finally {
    deps.reload();
  }
}
