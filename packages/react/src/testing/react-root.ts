import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** A React root in a host element of the jsdom document, fresh for each test. */
export interface TestRoot {
  /** The element the root renders into. */
  readonly host: HTMLDivElement;
  /** Renders `element` into the root inside `act`. */
  render(element: ReactNode): void;
  /** Unmounts the root inside `act` (the cleanup after the test then does nothing more). */
  unmount(): void;
}

/**
 * Gives each test of the calling file or `describe` a React root in a new host element, unmounted
 * and removed after the test. Call it after the file's own `beforeEach`/`afterEach`, so the root
 * is unmounted before their cleanup runs.
 * @example
 * const dom = testRootPerTest();
 * it('renders', () => {
 *   dom.render(<p>hi</p>);
 *   expect(dom.host.textContent).toBe('hi');
 * });
 */
export function testRootPerTest(): TestRoot {
  let current: { host: HTMLDivElement; root: Root } | undefined;
  beforeEach(() => {
    // Tells React that updates are wrapped in act, as in its own tests.
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const host = document.createElement('div');
    document.body.append(host);
    current = { host, root: createRoot(host) };
  });
  afterEach(() => {
    const ended = current;
    current = undefined;
    act(() => ended?.root.unmount());
    ended?.host.remove();
  });
  const inTest = () => {
    if (current === undefined) throw new Error('The test root exists only while a test runs.');
    return current;
  };
  return {
    get host() {
      return inTest().host;
    },
    render: (element) => act(() => inTest().root.render(element)),
    unmount: () => act(() => inTest().root.unmount()),
  };
}
