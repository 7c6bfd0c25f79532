import type { HttpClient } from '@exchange-web/client/http-client';
import { useMemo, type ReactNode } from 'react';
import { useStoreTransitions } from '../store-transitions';
import type { SignInOutcome, SiteSessionState, SiteSessionStatus } from '../services/session-store';
import { useShellActions } from '../shell/ShellProvider';
import { requiredContext } from '../required-context';

export type { SignInOutcome, SiteSessionStatus as SessionStatus } from '../services/session-store';

/** The session's actions, the same objects for the page's life. */
export interface SessionActions {
  /** The page's request client (see the shell's `api`). */
  api(): Promise<HttpClient>;
  /**
   * Posts a call that starts or changes the session (login, its second step, registration,
   * sub-account switch), then loads the user it leads to, or answers the second factor a login
   * asks for. Rejects with the call's error; the session stays as it was.
   */
  signIn(path: string, body: unknown): Promise<SignInOutcome>;
  /** Loads the signed-in user again, after a change of their settings (a linked authenticator). */
  refreshUser(): Promise<void>;
  /** SPEC 4 Logout: the logout calls, the cookies, clear cookie, then a reload. */
  logout(): Promise<void>;
}

export interface SessionValue extends SiteSessionState, SessionActions {
  status: SiteSessionStatus;
}

const [SessionStateContext, useSessionStateRequired] = requiredContext<SiteSessionState>(
  'useSessionState',
  'SessionProvider',
);
const [SessionActionsContext, useSessionActionsRequired] = requiredContext<SessionActions>(
  'useSessionActions',
  'SessionProvider',
);

/**
 * The signed-in user for every page, bound from the page's session service (the shell starts
 * it): with no session the visitor is anonymous at once and the session code never loads.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { services } = useShellActions();
  const { session } = services;
  // The user read after the page renders every reader again in slices (a transition).
  const state = useStoreTransitions(session.subscribe, session.getState);
  const actions = useMemo<SessionActions>(
    () => ({
      api: services.api,
      signIn: (path, body) => session.signIn(path, body),
      refreshUser: () => session.refreshUser(),
      logout: () => session.logout(),
    }),
    [services, session],
  );
  return (
    <SessionActionsContext.Provider value={actions}>
      <SessionStateContext.Provider value={state}>{children}</SessionStateContext.Provider>
    </SessionActionsContext.Provider>
  );
}

/** The visitor's status and user; only inside {@link SessionProvider}. */
export function useSessionState(): SiteSessionState {
  return useSessionStateRequired();
}

/** Sign-in and logout, stable for the page's life; only inside {@link SessionProvider}. */
export function useSessionActions(): SessionActions {
  return useSessionActionsRequired();
}

/** The session's state and actions together. */
export function useSession(): SessionValue {
  const state = useSessionState();
  const actions = useSessionActions();
  return useMemo(() => ({ ...state, ...actions }), [state, actions]);
}
