import type { Simulation } from '@exchange-web/client/simulation';
import { isSimulationAllowedPath } from '@exchange-web/protocol/paths';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { requiredContext } from '../required-context';

export interface SimulationValue {
  /** Whether simulation trade is on (SPEC 4). */
  on: boolean;
  /**
   * Whether the current page may show: always when off; while on, only the allowed pages (SPEC 2).
   * A page that may not is being sent to the spot landing: render none of it meanwhile.
   */
  allowed: boolean;
  /** Turns simulation on and goes to the landing page (the futures one from a futures page). */
  enter(): void;
  /** Turns simulation off and reloads the page. */
  exit(): void;
}

const [SimulationContext, useSimulationRequired] = requiredContext<SimulationValue>(
  'useSimulation',
  'SimulationProvider',
);

export interface SimulationProviderProps {
  /**
   * Whether the request that rendered the page carried the simulation cookie: what the server
   * rendered, so hydration agrees; the browser then reads the flag itself.
   */
  initialOn: boolean;
  /**
   * The page's path with its language prefix (`/ja/account`), current after every client
   * navigation: a disallowed one is redirected (SPEC 4).
   */
  pathname: string;
  /** The page's simulation service (`SiteServices.browser.simulation`); null while server rendering. */
  simulation: Simulation | null;
  children: ReactNode;
}

const noop = () => undefined;
const never = () => noop;

/** Simulation trade for every page (SPEC 4): binds the page's simulation service to React. */
export function SimulationProvider(props: SimulationProviderProps) {
  const { initialOn, pathname } = props;
  // Browser only: the server knows simulation from the cookie alone.
  const core = props.simulation;
  const subscribe = useMemo(
    () => (core ? (listener: () => void) => core.subscribe(listener) : never),
    [core],
  );
  const on = useSyncExternalStore(
    subscribe,
    () => (core ? core.isOn() : initialOn),
    () => initialOn,
  );
  // Agrees the cookie with the flag, redirects a disallowed first page, follows other tabs.
  useEffect(() => core?.start(), [core]);
  // A client navigation onto a disallowed page (or simulation turned on here) redirects it.
  useEffect(() => {
    core?.enforce(pathname);
  }, [core, pathname, on]);
  const value = useMemo<SimulationValue>(
    () => ({
      on,
      allowed: !on || isSimulationAllowedPath(pathname),
      enter: () => core?.enter(),
      exit: () => core?.exit(),
    }),
    [core, on, pathname],
  );
  return <SimulationContext.Provider value={value}>{props.children}</SimulationContext.Provider>;
}

/** Simulation state and its switch; only inside {@link SimulationProvider}. */
export function useSimulation(): SimulationValue {
  return useSimulationRequired();
}
