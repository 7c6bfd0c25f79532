// @vitest-environment jsdom
import { act, useState } from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { useStoreTransitions } from './store-transitions';
import { testRootPerTest } from './testing/react-root';

/** A store as the site's services are: subscribe and getState as stable functions. */
function counterStore(initial: number) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    set(next: number) {
      state = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('useStoreTransitions', () => {
  const dom = testRootPerTest();

  it('renders the state, then each change; unsubscribes on unmount', () => {
    const store = counterStore(1);
    function Reader() {
      return <p>{useStoreTransitions(store.subscribe, store.getState)}</p>;
    }
    dom.render(<Reader />);
    expect(dom.host.textContent).toBe('1');
    act(() => store.set(2));
    expect(dom.host.textContent).toBe('2');
    dom.unmount();
    expect(store.listeners.size).toBe(0);
  });

  it('catches a change made between the first render and the subscription', () => {
    const store = counterStore(1);
    function Reader() {
      const value = useStoreTransitions(store.subscribe, store.getState);
      // Changed by a render, before any effect subscribed.
      if (store.getState() === 1) store.set(5);
      return <p>{value}</p>;
    }
    dom.render(<Reader />);
    expect(dom.host.textContent).toBe('5');
  });

  it('renders a change as a transition: an urgent update commits without waiting for it', () => {
    const store = counterStore(1);
    let tap: () => void = () => undefined;
    function Page() {
      const value = useStoreTransitions(store.subscribe, store.getState);
      const [taps, setTaps] = useState(0);
      tap = () => setTaps((count) => count + 1);
      return <p>{`${value} ${taps}`}</p>;
    }
    dom.render(<Page />);
    let seenAfterTap = '';
    act(() => {
      store.set(2);
      // A tap's update is rendered at once; a store change in a transition is not part of it.
      flushSync(tap);
      seenAfterTap = dom.host.textContent ?? '';
    });
    expect(seenAfterTap).toBe('1 1');
    expect(dom.host.textContent).toBe('2 1');
  });
});
