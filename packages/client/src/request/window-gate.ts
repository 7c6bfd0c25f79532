/**
 * Lets each key through at most once per window: the first call passes at once, repeats within
 * `windowMs` of that pass are dropped (SPEC 9: error toast and logout are debounced 2 s).
 */
// SPEC 9 says "debounced" without an edge: we act on the first (leading edge), so the toast and
// the logout come at once, and measure the window from that first pass, not from each repeat.
export function createWindowGate(now: () => number, windowMs: number): (key: string) => boolean {
  const passedAt = new Map<string, number>();
  return (key) => {
    const time = now();
    for (const [passed, at] of passedAt) if (time - at >= windowMs) passedAt.delete(passed);
    if (passedAt.has(key)) return false;
    passedAt.set(key, time);
    return true;
  };
}
