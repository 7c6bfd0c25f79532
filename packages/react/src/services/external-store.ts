/**
 * The shape every site service state takes, so React binds each (`useSyncExternalStore` or
 * `useStoreTransitions`) and tests read it without React.
 */
export interface ExternalStore<T> {
  /** The current state; the same object until it changes. */
  getState(): T;
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** A store holding one value, for the services' own small states. */
export function createValueStore<T>(initial: T) {
  const listeners = new Set<() => void>();
  let state = initial;
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: T) {
      if (Object.is(next, state)) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}
