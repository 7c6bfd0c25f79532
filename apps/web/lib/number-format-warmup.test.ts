import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { NUMBER_FORMAT_WARMUP_SCRIPT } from './number-format-warmup';

/** Runs the script as the browser does, with its frame and timer turns made explicit. */
function runWarmup(lang: string) {
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const made: string[] = [];
  class RecordingNumberFormat extends Intl.NumberFormat {
    constructor(locale: string) {
      super(locale);
      made.push(locale);
    }
  }
  runInNewContext(NUMBER_FORMAT_WARMUP_SCRIPT, {
    document: { documentElement: { lang } },
    Intl: { NumberFormat: RecordingNumberFormat },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  return { frames, timers, made };
}

describe('NUMBER_FORMAT_WARMUP_SCRIPT', () => {
  it("makes a number format of the page's language in a task after the first frame", () => {
    const { frames, timers, made } = runWarmup('ar');
    // Nothing while the HTML is parsed, nothing in the frame itself: the paint never waits.
    expect([frames.length, timers.length, made]).toEqual([1, 0, []]);
    frames[0]?.();
    expect([timers.length, made]).toEqual([1, []]);
    timers[0]?.();
    expect(made).toEqual(['ar']);
  });

  it('throws nothing for a language the browser cannot format', () => {
    const { frames, timers, made } = runWarmup('not a language tag');
    frames[0]?.();
    expect(() => timers[0]?.()).not.toThrow();
    expect(made).toEqual([]);
  });
});
