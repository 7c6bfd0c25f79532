import { useState } from 'react';

/** The events on a chart's box that mean the visitor is reaching for the chart. */
export interface ReachForHandlers {
  onPointerEnter(): void;
  onPointerDown(): void;
  onWheel(): void;
}

/**
 * Whether the visitor has reached for a chart yet (a pointer over it or on it, a wheel): the
 * interactive chart library loads from then on, and a drawn preview stands in before (issue 18:
 * the library's 50 KB and its start-up cost a phone half a second of blocked main thread). Once
 * reached for, it stays interactive.
 * @example
 * const [interactive, reachFor] = useReachFor();
 * <div {...reachFor}>{interactive ? <Chart /> : null}</div>
 */
export function useReachFor(): [interactive: boolean, handlers: ReachForHandlers] {
  const [interactive, setInteractive] = useState(false);
  const reach = () => setInteractive(true);
  return [interactive, { onPointerEnter: reach, onPointerDown: reach, onWheel: reach }];
}
