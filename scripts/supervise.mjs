// Keeps one child process running for `npm start` (README "The two commands"): when it exits
// without having been asked to, it is started again after a pause that doubles with every quick
// failure, up to a ceiling, and falls back to the first pause once a run has lasted a while.

/** The pauses and the run that counts as healthy, unless the caller says otherwise. */
export const SUPERVISE_DEFAULTS = Object.freeze({
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
});

const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;
const clock = (ms) => new Date(ms).toTimeString().slice(0, 8);
const describeExit = (code, signal) => (signal ? `signal ${signal}` : `exit code ${code}`);

/**
 * Supervises the child `start()` makes (or `child`, already running): each time it exits or
 * fails to spawn while not stopped, logs one line naming it, how it ended and when it comes back,
 * then calls `start()` again after the pause. `stop()` ends the supervision: no restart after it,
 * a pending one is cancelled, and the running child is stopped with `stopChild`.
 *
 * @param {{ name: string, start: () => any, stopChild: (child: any) => Promise<void>,
 *           child?: any, log?: (line: string) => void, initialDelayMs?: number,
 *           maxDelayMs?: number, healthyAfterMs?: number }} options
 */
export function supervise({
  name,
  start,
  stopChild,
  child: initial,
  log = (line) => console.error(line),
  initialDelayMs = SUPERVISE_DEFAULTS.initialDelayMs,
  maxDelayMs = SUPERVISE_DEFAULTS.maxDelayMs,
  healthyAfterMs = SUPERVISE_DEFAULTS.healthyAfterMs,
}) {
  let current;
  let startedAt = 0;
  let delayMs = initialDelayMs;
  let timer;
  let stopped = false;
  let restarts = 0;

  /** Schedules the next start after the current pause, and doubles the pause for the one after. */
  const scheduleRestart = (how) => {
    const ranMs = Date.now() - startedAt;
    if (ranMs >= healthyAfterMs) delayMs = initialDelayMs;
    const waitMs = delayMs;
    delayMs = Math.min(delayMs * 2, maxDelayMs);
    log(
      `${name} stopped unexpectedly (${how}) after ${seconds(ranMs)}; ` +
        `restarting it in ${seconds(waitMs)}, at ${clock(Date.now() + waitMs)}`,
    );
    timer = setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      restarts += 1;
      if (launch())
        log(`${name} restarted (pid ${current?.pid ?? 'unknown'}, restart ${restarts})`);
    }, waitMs);
  };

  const watch = (child) => {
    current = child;
    startedAt = Date.now();
    let ended = false;
    const end = (how) => {
      if (ended) return;
      ended = true;
      if (!stopped && current === child) scheduleRestart(how);
    };
    child.on('exit', (code, signal) => end(describeExit(code, signal)));
    // Only a failed spawn ends it here (no pid); other errors (a failed kill) leave it running.
    child.on('error', (error) => {
      if (child.pid === undefined) end(`could not start: ${error.message}`);
    });
    if (child.exitCode !== null || child.signalCode !== null) {
      end(describeExit(child.exitCode, child.signalCode));
    }
  };

  /** Starts a child and watches it; a start that throws counts as a failure. */
  const launch = () => {
    let child;
    try {
      child = start();
    } catch (error) {
      startedAt = Date.now();
      scheduleRestart(`could not start: ${error instanceof Error ? error.message : error}`);
      return false;
    }
    watch(child);
    return true;
  };

  if (initial === undefined) launch();
  else watch(initial);

  return {
    name,
    /** The child running now (or the last one, while a restart is pending). */
    get child() {
      return current;
    },
    /** How many times it has been started again. */
    get restarts() {
      return restarts;
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (current !== undefined) await stopChild(current);
    },
  };
}
