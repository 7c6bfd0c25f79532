import { CookieName } from '@exchange-web/protocol/registry';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import type { UserInfoReply } from '@exchange-web/protocol/schemas';
import { hasDocumentCookies } from './browser-globals';
import { browserCookieJar, memoryCookieJar, type CookieJar } from './cookie-jar';
import { createCookiePreferences } from './cookie-preferences';
import type { HttpClient } from './http-client';
import type { LocalCache } from './local-cache';
import { consoleLogger, type Logger } from './logger';
import { callEndpoint } from './query/call-endpoint';

/** The user as the page knows it (SPEC 4: logged in when userId is non-empty). */
export interface SessionState {
  /** `unknown` until the first load settles. */
  status: 'unknown' | 'loading' | 'signedIn' | 'anonymous';
  /** The user id, '' when anonymous. */
  userId: string;
  /** The last user-info reply, null when anonymous or not loaded. */
  user: UserInfoReply | null;
}

export interface SessionOptions {
  http: HttpClient;
  /** The page's local cache record, where `globalUserId` is kept. */
  localCache: LocalCache;
  /** @default js-cookie in a page, else in memory */
  cookies?: CookieJar;
  /** @default console */
  logger?: Logger;
  /** The locale the user-info call is posted with. @default the language cookie, else 'en' */
  locale?: () => string;
}

/** Whether a session state is logged in (SPEC 4: userId non-empty). */
export const isLoggedIn = (state: SessionState): boolean => state.userId !== '';

/**
 * The visitor's session (SPEC 4, 6, 7) as a tiny store React binds (subscribe, getState).
 * The user is loaded only when the signed-in marker cookie says a session exists; without it the
 * visitor is anonymous and no request is made.
 * @example
 * const session = createSession({ http, localCache });
 * session.subscribe(() => render(session.getState()));
 * await session.loadUserInfo();
 */
export function createSession(options: SessionOptions) {
  const { http, localCache } = options;
  const cookies =
    options.cookies ?? (hasDocumentCookies() ? browserCookieJar() : memoryCookieJar());
  const logger = options.logger ?? consoleLogger;
  const preferences = createCookiePreferences(cookies);
  const locale = options.locale ?? (() => preferences.get('language'));
  const hasSession = () => cookies.get(CookieName.signedIn) !== undefined;
  const listeners = new Set<() => void>();
  let state: SessionState = {
    status: 'unknown',
    userId: hasSession() ? localCache.get('globalUserId') : '',
    user: null,
  };
  let loading: Promise<UserInfoReply | null> | undefined;

  const emit = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const becomeAnonymous = () => {
    // SPEC 4: on a failed user-info load (or with no session at all) the stored id is cleared.
    localCache.set('globalUserId', '');
    emit({ status: 'anonymous', userId: '', user: null });
  };

  async function fetchUser(fresh: boolean): Promise<UserInfoReply | null> {
    emit({ ...state, status: 'loading' });
    try {
      const user = await callEndpoint(
        http,
        Endpoints.userInfo,
        { locale: locale() },
        // After a login or a switch the user differs: an earlier identical call is no answer.
        { fresh },
      );
      const userId = user.userInfo.userId;
      localCache.set('globalUserId', userId);
      emit({ status: userId ? 'signedIn' : 'anonymous', userId, user: userId ? user : null });
      return user;
    } catch (error) {
      // SPEC 8: the failure is logged as "get user info error" (the session-expiry hook exempts
      // this call, so an expired session lands here too).
      logger.error('get user info error', error);
      becomeAnonymous();
      return null;
    }
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The current user id, '' when anonymous: the http client's `userId` provider. */
    userId: (): string => state.userId,
    /**
     * Loads the user (POST v1/user/overview/userinfo with `{locale}`) when a session exists,
     * storing `globalUserId`; resolves null when anonymous or on failure. Concurrent calls share
     * one request, except a `fresh` one (after a login, a registration or a sub-account switch),
     * which always asks the gateway anew.
     */
    loadUserInfo(options: { fresh?: boolean } = {}): Promise<UserInfoReply | null> {
      if (!hasSession()) {
        becomeAnonymous();
        return Promise.resolve(null);
      }
      const fresh = options.fresh ?? false;
      if (loading && !fresh) return loading;
      const current = fetchUser(fresh).finally(() => {
        if (loading === current) loading = undefined;
      });
      loading = current;
      return current;
    },
    /**
     * SPEC 4 Logout, through the http client's `endSession`: posts the logout calls, removes the
     * refresh-token cookie (and the signed-in marker), posts clear cookie, then reloads, even
     * when a call fails.
     */
    async logout(): Promise<void> {
      await http.endSession();
      emit({ status: 'anonymous', userId: '', user: null });
    },
  };
}

export type Session = ReturnType<typeof createSession>;
