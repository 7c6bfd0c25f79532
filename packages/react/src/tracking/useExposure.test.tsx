// @vitest-environment jsdom
import type { TrackInput, Tracker } from '@exchange-web/tracker/tracker';
import { act, useMemo } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackerLoader } from './tracker-loader';
import { TrackingProvider } from './TrackingProvider';
import { EXPOSURE_THRESHOLD, useExposure } from './useExposure';

/** The observers the page made, and a way to bring their elements into view. */
const observers: FakeObserver[] = [];
class FakeObserver {
  readonly watched: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    observers.push(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser's answer: each watched element in view (or not). */
  show(inView: boolean) {
    const entries = this.watched.map(
      (target) => ({ target, isIntersecting: inView }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const tracked: TrackInput[] = [];
const loader: TrackerLoader = {
  start: () => undefined,
  withTracker: (use) =>
    use({
      track: (input: TrackInput) => tracked.push(input),
      setUserId: () => undefined,
    } as unknown as Tracker),
};

function Strip({ tickers }: { tickers: string[] }) {
  const ext = useMemo(() => ({ tickers }), [tickers]);
  const ref = useExposure<HTMLElement>('b1501', ext);
  return <section ref={ref}>strip</section>;
}

let host: HTMLElement;
let root: Root;
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  observers.length = 0;
  tracked.length = 0;
  window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const tickers = ['ordi', 'sats'];
const render = () =>
  act(() =>
    root.render(
      <TrackingProvider app={{ appId: 'a', appName: 'a' }} userId="" language="en" loader={loader}>
        <Strip tickers={tickers} />
      </TrackingProvider>,
    ),
  );

describe('useExposure', () => {
  it('reports an expose once, when half of the element comes into view', () => {
    render();
    const [observer] = observers;
    expect(observer?.options).toEqual({ threshold: EXPOSURE_THRESHOLD });
    expect(observer?.watched).toEqual([host.querySelector('section')]);
    observer?.show(false);
    expect(tracked).toEqual([]);
    observer?.show(true);
    expect(tracked).toEqual([{ type: 'expose', eventTrackingId: 'b1501', ext: { tickers } }]);
    // Seen once: the watch is over.
    expect(observer?.disconnected).toBe(true);
  });

  it('stops watching when the element leaves the page', () => {
    render();
    act(() => root.render(<div />));
    expect(observers[0]?.disconnected).toBe(true);
    expect(tracked).toEqual([]);
  });
});
