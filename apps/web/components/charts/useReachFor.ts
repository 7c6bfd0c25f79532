import { useState } from 'react';

/** The events on a chart's box that mean the visitor is reaching for the chart. */
export interface ReachForHandlers {
  onPointerEnter(): void;
  onPointerDown(): void;
  onWheel(): void;
}

/**
 * Where a chart box is: its drawn preview alone, the chart library loading over the preview, or
 * the chart alone (the preview, covered by the chart's canvas, would only redraw unseen).
 */
export type ChartStage = 'preview' | 'loading' | 'chart';

export interface ReachFor {
  stage: ChartStage;
  /** For the chart's box: any of them moves `preview` on to `loading`. */
  handlers: ReachForHandlers;
  /** For the chart: it has drawn, so the preview goes. */
  onChartReady(): void;
}

/**
 * Whether the visitor has reached for a chart yet (a pointer over it or on it, a wheel): the
 * interactive chart library loads from then on, and a drawn preview stands in before (issue 18:
 * the library's 50 KB and its start-up cost a phone half a second of blocked main thread). Once
 * reached for, it stays interactive.
 * @example
 * const { stage, handlers, onChartReady } = useReachFor();
 * <div {...handlers}>
 *   {stage !== 'chart' ? <Preview /> : null}
 *   {stage !== 'preview' ? <Chart onReady={onChartReady} /> : null}
 * </div>
 */
export function useReachFor(): ReachFor {
  const [stage, setStage] = useState<ChartStage>('preview');
  const reach = () => setStage((current) => (current === 'preview' ? 'loading' : current));
  return {
    stage,
    handlers: { onPointerEnter: reach, onPointerDown: reach, onWheel: reach },
    onChartReady: () => setStage('chart'),
  };
}
