import { startTransition, useEffect, useState } from 'react';

/**
 * A store's state, rendered again as a transition whenever it changes: what a reply changes
 * (rates, the session, a page query) renders in slices React can interrupt for a tap or a key,
 * where an external-store update renders every reader in one task (issue 18: 15 to 30 ms on a
 * desktop core, four times that on a phone). The first render reads the store as the server did
 * (the stores here read the same on both), so hydration matches. Readers may see a change a few
 * milliseconds after another store's; nothing here reads two stores as one.
 * @example
 * const currency = useStoreTransitions(services.currency.subscribe, services.currency.getState);
 */
export function useStoreTransitions<State>(
  subscribe: (listener: () => void) => () => void,
  getState: () => State,
): State {
  const [state, setState] = useState(getState);
  useEffect(() => {
    // A function's state is stored as the function, not called as an updater.
    const update = () => startTransition(() => setState(() => getState()));
    const unsubscribe = subscribe(update);
    // A change between the first render and the subscription.
    update();
    return unsubscribe;
  }, [subscribe, getState]);
  return state;
}
