import type { HttpClient } from '@exchange-web/client/http-client';
import type { Session } from '@exchange-web/client/session';
import type { UserInfoReply } from '@exchange-web/protocol/schemas';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useShell } from '../shell/ShellProvider';

/** Where the page stands with the visitor: still asking, signed in, or a visitor. */
export type SessionStatus = 'loading' | 'signed-in' | 'anonymous';

export interface SessionValue {
  status: SessionStatus;
  /** The user-info reply, only while signed in (SPEC 6: user data only when a userId exists). */
  user: UserInfoReply | null;
  /** The page's request client (see the shell's `api`). */
  api(): Promise<HttpClient>;
  /**
   * Posts a call that starts or changes the session (login, registration, sub-account switch),
   * then loads the user it leads to. Rejects with the call's error; the session stays as it was.
   */
  signIn(path: string, body: unknown): Promise<void>;
  /** SPEC 4 Logout: the logout calls, the cookies, clear cookie, then a reload. */
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export interface SessionProviderProps {
  /** Whether the request carried a session (its marker cookie), so the first paint knows. */
  signedIn: boolean;
  children: ReactNode;
}

/**
 * The signed-in user for every page. With no session the visitor is anonymous at once and the
 * session code never loads; with one, the user loads after hydration.
 */
export function SessionProvider({ signedIn, children }: SessionProviderProps) {
  const { api, localCache, language } = useShell();
  const [status, setStatus] = useState<SessionStatus>(signedIn ? 'loading' : 'anonymous');
  const [user, setUser] = useState<UserInfoReply | null>(null);
  const sessionRef = useRef<Promise<Session> | undefined>(undefined);
  const languageRef = useRef(language);
  useEffect(() => {
    languageRef.current = language;
  }, [language]);

  const session = useCallback((): Promise<Session> => {
    sessionRef.current ??= Promise.all([api(), import('@exchange-web/client/session')]).then(
      ([http, { createSession }]) => {
        if (!localCache) throw new Error('the session exists only in the browser');
        const created = createSession({ http, localCache, locale: () => languageRef.current });
        created.subscribe(() => {
          const state = created.getState();
          // A signed-in user being loaded again stays on screen until the answer replaces it.
          const loggedIn = state.userId !== '' && state.user !== null;
          setUser(loggedIn ? state.user : null);
          setStatus(
            loggedIn ? 'signed-in' : state.status === 'anonymous' ? 'anonymous' : 'loading',
          );
        });
        return created;
      },
    );
    return sessionRef.current;
  }, [api, localCache]);

  useEffect(() => {
    // Once per page: a later navigation that finds the marker (after a sign-in here) has the user.
    if (!signedIn) return;
    void session().then((current) => {
      if (current.getState().status === 'unknown') void current.loadUserInfo();
    });
  }, [signedIn, session]);

  useEffect(() => {
    if (status !== 'signed-in') return;
    // SPEC 7: the coin chain list is loaded and stored for the deposit and withdrawal screens;
    // once per page for a signed-in trader (a visitor's pages never load it).
    void Promise.all([api(), import('@exchange-web/client/coin-chain-list')])
      .then(([http, { loadCoinChainList }]) => loadCoinChainList({ http }))
      .catch(() => undefined);
  }, [status, api]);

  const value = useMemo<SessionValue>(
    () => ({
      status,
      user,
      api,
      async signIn(path, body) {
        const http = await api();
        await http.post(path, body);
        await (await session()).loadUserInfo({ fresh: true });
      },
      async logout() {
        await (await session()).logout();
      },
    }),
    [status, user, api, session],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session's state and actions; only inside {@link SessionProvider}. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
