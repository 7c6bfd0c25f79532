/**
 * Fake image loading for tests: each origin loads after a delay in ms (on the timers in force, fake
 * ones included), fails at once ('fail'), or never settles ('hang'). Unknown origins fail.
 */
export type FakeImageBehaviour = number | 'fail' | 'hang';

export function fakeImages(behaviour: Record<string, FakeImageBehaviour>) {
  const requested: string[] = [];
  const load = (url: string) => {
    requested.push(url);
    const origin = new URL(url, 'https://site.invalid').origin;
    const how = behaviour[origin] ?? 'fail';
    return new Promise<void>((resolve, reject) => {
      if (how === 'hang') return;
      if (how === 'fail') {
        reject(new Error(`image failed to load: ${url}`));
        return;
      }
      setTimeout(resolve, how);
    });
  };
  return {
    load,
    /** Every URL asked for, in order. */
    requested,
    /** Changes how an origin behaves from now on (it dies, or comes back). */
    set(origin: string, how: FakeImageBehaviour) {
      behaviour[origin] = how;
    },
  };
}
