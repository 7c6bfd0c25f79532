import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { supervise } from './supervise.mjs';

/** A child process that exits when the test says so. */
class FakeChild extends EventEmitter {
  static nextPid = 1000;
  readonly pid: number | undefined = FakeChild.nextPid++;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  exit(code: number | null, signal: NodeJS.Signals | null = null) {
    this.exitCode = code;
    this.signalCode = signal;
    this.emit('exit', code, signal);
  }
}

function setup(timing: { initialDelayMs?: number; maxDelayMs?: number; healthyAfterMs?: number }) {
  const started: FakeChild[] = [];
  const stopped: FakeChild[] = [];
  const lines: string[] = [];
  const supervisor = supervise({
    name: 'site',
    start: () => {
      const child = new FakeChild();
      started.push(child);
      return child;
    },
    stopChild: async (child) => {
      stopped.push(child);
      child.exit(null, 'SIGTERM');
    },
    log: (line) => lines.push(line),
    ...timing,
  });
  const last = () => started[started.length - 1] as FakeChild;
  return { supervisor, started, stopped, lines, last };
}

/** The pause before each restart, read from the log lines. */
const pauses = (lines: string[]) =>
  lines
    .map((line) => / restarting it in ([\d.]+) s/.exec(line)?.[1])
    .filter((pause) => pause !== undefined)
    .map(Number);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 0, 1, 12, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('supervise', () => {
  it('restarts a child that exits, after a pause that doubles up to the ceiling', () => {
    const { supervisor, started, lines, last } = setup({ initialDelayMs: 500, maxDelayMs: 4_000 });
    expect(started).toHaveLength(1);

    last().exit(1);
    expect(lines).toEqual([
      'site stopped unexpectedly (exit code 1) after 0 s; restarting it in 0.5 s, at 12:00:00',
    ]);
    vi.advanceTimersByTime(499);
    expect(started).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(started).toHaveLength(2);
    expect(supervisor.child).toBe(started[1]);
    expect(supervisor.restarts).toBe(1);
    expect(lines[1]).toBe(`site restarted (pid ${started[1]?.pid}, restart 1)`);

    // Failing again at once: 1 s, 2 s, 4 s, then no longer than the ceiling.
    for (const pauseMs of [1_000, 2_000, 4_000, 4_000]) {
      last().exit(null, 'SIGKILL');
      vi.advanceTimersByTime(pauseMs - 1);
      const before = started.length;
      vi.advanceTimersByTime(1);
      expect(started).toHaveLength(before + 1);
    }
    expect(pauses(lines)).toEqual([0.5, 1, 2, 4, 4]);
    expect(lines[2]).toMatch(/^site stopped unexpectedly \(signal SIGKILL\) after 0 s; /);
    expect(supervisor.restarts).toBe(5);
  });

  it('starts the pauses over after a run that lasted a while', () => {
    const { started, lines, last } = setup({ initialDelayMs: 500, healthyAfterMs: 60_000 });
    for (const pauseMs of [500, 1_000, 2_000]) {
      last().exit(1);
      vi.advanceTimersByTime(pauseMs);
    }
    expect(started).toHaveLength(4);
    // A short run keeps the pause growing...
    vi.advanceTimersByTime(59_000);
    last().exit(1);
    vi.advanceTimersByTime(4_000);
    // ...a healthy one resets it.
    vi.advanceTimersByTime(60_000);
    last().exit(1);
    expect(pauses(lines)).toEqual([0.5, 1, 2, 4, 0.5]);
    expect(lines.at(-1)).toMatch(/after 60 s; restarting it in 0\.5 s, at 12:02:07$/);
    vi.advanceTimersByTime(500);
    expect(started).toHaveLength(6);
  });

  it('does not restart after stop, and stops the running child', async () => {
    const { supervisor, started, stopped, lines } = setup({});
    await supervisor.stop();
    expect(stopped).toEqual([started[0]]);
    vi.advanceTimersByTime(120_000);
    expect(started).toHaveLength(1);
    expect(lines).toEqual([]);
  });

  it('cancels a pending restart on stop', async () => {
    const { supervisor, started, stopped, last } = setup({ initialDelayMs: 500 });
    last().exit(2);
    vi.advanceTimersByTime(100);
    await supervisor.stop();
    vi.advanceTimersByTime(120_000);
    expect(started).toHaveLength(1);
    // The child had already exited: stopping it again is up to stopChild (a no-op for a real one).
    expect(stopped).toEqual([started[0]]);
  });

  it('supervises a child it is given, even one that has already exited', () => {
    const given = new FakeChild();
    given.exit(0);
    const started: FakeChild[] = [];
    const lines: string[] = [];
    const supervisor = supervise({
      name: 'gateway',
      child: given,
      start: () => {
        const child = new FakeChild();
        started.push(child);
        return child;
      },
      stopChild: async () => {},
      log: (line) => lines.push(line),
    });
    expect(supervisor.child).toBe(given);
    expect(lines[0]).toMatch(/^gateway stopped unexpectedly \(exit code 0\)/);
    vi.advanceTimersByTime(500);
    expect(started).toHaveLength(1);
    expect(supervisor.child).toBe(started[0]);
  });

  it('retries with the pause growing when starting throws or the spawn fails', () => {
    let attempts = 0;
    const lines: string[] = [];
    supervise({
      name: 'header-footer',
      start: () => {
        attempts += 1;
        if (attempts % 2 === 0) throw new Error('EAGAIN');
        const child = new FakeChild();
        // A spawn that fails: an error and no pid.
        Object.defineProperty(child, 'pid', { value: undefined });
        queueMicrotask(() => child.emit('error', new Error('spawn ENOENT')));
        return child;
      },
      stopChild: async () => {},
      log: (line) => lines.push(line),
    });
    return vi.advanceTimersByTimeAsync(500 + 1_000 + 2_000).then(() => {
      expect(attempts).toBe(4);
      expect(lines.filter((line) => line.includes('could not start'))).toHaveLength(4);
      expect(lines[0]).toContain('(could not start: spawn ENOENT)');
      expect(lines[1]).toContain('(could not start: EAGAIN)');
      expect(pauses(lines)).toEqual([0.5, 1, 2, 4]);
    });
  });
});
