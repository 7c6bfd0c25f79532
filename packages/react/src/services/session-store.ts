import { importInTurns } from '@exchange-web/client/import-in-turns';
import type { HttpClient } from '@exchange-web/client/http-client';
import type { LocalCache } from '@exchange-web/client/local-cache';
import type * as SessionModule from '@exchange-web/client/session';
import type { Session, SessionState } from '@exchange-web/client/session';
import type { SecondFactorReply } from '@exchange-web/protocol/authenticator';
import type { UserInfoReply } from '@exchange-web/protocol/schemas';
import { createValueStore, type ExternalStore } from './external-store';

/**
 * Where the page stands with the visitor, in the client session's own words: `loading` covers
 * its `unknown` too (the page waits either way), so the site has one status vocabulary.
 */
export type SiteSessionStatus = Exclude<SessionState['status'], 'unknown'>;

export interface SiteSessionState {
  status: SiteSessionStatus;
  /** The user-info reply, only while signed in (SPEC 6: user data only when a userId exists). */
  user: UserInfoReply | null;
}

/**
 * What a call that signs in led to: a session, or the password step of an account with a second
 * factor, waiting for its code (protocol `authenticator.ts`).
 */
export type SignInOutcome =
  { kind: 'signedIn' } | { kind: 'secondFactor'; challenge: SecondFactorReply['secondFactor'] };

export interface SiteSessionStore extends ExternalStore<SiteSessionState> {
  /** Loads the user when the request carried a session; once per page. */
  start(): void;
  /**
   * Posts a call that starts or changes the session (login, its second step, registration,
   * sub-account switch), then loads the user it leads to; a login that asks for a second factor
   * loads nothing and answers its challenge. Rejects with the call's error; the session stays as
   * it was.
   */
  signIn(path: string, body: unknown): Promise<SignInOutcome>;
  /** Loads the signed-in user again, after a change of their settings (a linked authenticator). */
  refreshUser(): Promise<void>;
  /** SPEC 4 Logout: the logout calls, the cookies, clear cookie, then a reload. */
  logout(): Promise<void>;
}

export interface SiteSessionOptions {
  /** Whether the request carried a session (its marker cookie), so the first paint knows. */
  signedIn: boolean;
  api(): Promise<HttpClient>;
  /** The page's local cache record; null while server rendering (no session is loaded there). */
  localCache: LocalCache | null;
  /** The language the user-info call is posted with, read at each call. */
  locale(): string;
  /** Loads the client session code. @default import('@exchange-web/client/session') */
  loadSessionModule?: () => Promise<typeof SessionModule>;
  /**
   * Runs once the visitor is first seen signed in: SPEC 7's coin chain list is loaded and stored
   * for the deposit and withdrawal screens (a visitor's pages never load it).
   * @default loads and stores the coin chain list
   */
  onSignedIn?: (http: HttpClient) => Promise<unknown>;
}

const loadCoinChainList = async (http: HttpClient) =>
  (
    await import(/* webpackChunkName: "signed-session" */ '@exchange-web/client/coin-chain-list')
  ).loadCoinChainList({ http });

/**
 * The signed-in user for every page. With no session the visitor is anonymous at once and the
 * session code never loads; with one, `start()` loads the user.
 */
export function createSiteSessionStore(options: SiteSessionOptions): SiteSessionStore {
  const store = createValueStore<SiteSessionState>({
    status: options.signedIn ? 'loading' : 'anonymous',
    user: null,
  });
  // The endpoint table (its schemas and zod) in a task before the session code (issue 18). The
  // session, its signing, its schemas and the coin chain list load together for a signed-in
  // visitor, so they share one file ("signed-session"): one request, compressed as one.
  const loadModule =
    options.loadSessionModule ??
    (() =>
      importInTurns(
        [() => import('@exchange-web/protocol/endpoints')],
        () => import(/* webpackChunkName: "signed-session" */ '@exchange-web/client/session'),
      ));
  const onSignedIn = options.onSignedIn ?? loadCoinChainList;
  let session: Promise<Session> | undefined;
  let started = false;
  let seenSignedIn = false;

  const follow = (state: SessionState) => {
    // A signed-in user being loaded again stays on screen until the answer replaces it.
    const loggedIn = state.userId !== '' && state.user !== null;
    const status: SiteSessionStatus = loggedIn
      ? 'signedIn'
      : state.status === 'anonymous'
        ? 'anonymous'
        : 'loading';
    const current = store.getState();
    const user = loggedIn ? state.user : null;
    if (current.status !== status || current.user !== user) store.set({ status, user });
    if (status === 'signedIn' && !seenSignedIn) {
      seenSignedIn = true;
      void options
        .api()
        .then(onSignedIn)
        .catch(() => undefined);
    }
  };

  const clientSession = (): Promise<Session> =>
    (session ??= Promise.all([options.api(), loadModule()]).then(([http, { createSession }]) => {
      const { localCache } = options;
      if (!localCache) throw new Error('the session exists only in the browser');
      const created = createSession({ http, localCache, locale: options.locale });
      created.subscribe(() => follow(created.getState()));
      return created;
    }));

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start() {
      if (started || !options.signedIn) return;
      started = true;
      void clientSession()
        .then((current) => {
          if (current.getState().status === 'unknown') return current.loadUserInfo();
          return undefined;
        })
        .catch(() => undefined);
    },
    async signIn(path, body) {
      const http = await options.api();
      const reply = await http.post<unknown>(path, body);
      if (typeof reply === 'object' && reply !== null && 'secondFactor' in reply) {
        // Only the accounts with a second factor load its schema.
        const { secondFactorReplySchema } = await import('@exchange-web/protocol/authenticator');
        return {
          kind: 'secondFactor',
          challenge: secondFactorReplySchema.parse(reply).secondFactor,
        };
      }
      await (await clientSession()).loadUserInfo({ fresh: true });
      return { kind: 'signedIn' };
    },
    async refreshUser() {
      await (await clientSession()).loadUserInfo({ fresh: true });
    },
    async logout() {
      await (await clientSession()).logout();
    },
  };
}
