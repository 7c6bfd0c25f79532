import type {
  ChallengePresentation,
  ChallengePresenter,
} from '@exchange-web/client/challenge/challenge-presenter';

/** A challenge waiting to be shown, with the two ways its showing ends. */
export interface ShownChallenge {
  /** Unique per showing: a new showing mounts a new modal. */
  readonly key: number;
  readonly scene: string;
  /** The challenge as get-captcha-id sent it. */
  readonly challenge: unknown;
  /** Refused solutions before this showing (the modal says the last try failed). */
  readonly failedChecks: number;
  /** The visitor solved it: hands the widget's payload to the waiting calls. */
  solve(payload: string): void;
  /** The visitor closed it (SPEC 4: the waiting calls get 90000001). */
  close(): void;
}

/** What became of a challenge the page showed: for analytics (README "Behaviour tracking"). */
export type ChallengeStep = 'shown' | 'solved' | 'closed';

/** The page's challenge presenter, and the store its modal host reads. */
export interface ChallengeQueue extends ChallengePresenter {
  /** The challenge to show now, or null: one at a time, the others wait their turn. */
  current(): ShownChallenge | null;
  /** Calls `listener` when the current challenge changes; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Calls `listener` with each challenge's scene as it is shown, then solved or closed by the
   * visitor (one no call waits for any more is neither); answers the unsubscribe.
   */
  onStep(listener: (scene: string, step: ChallengeStep) => void): () => void;
}

export interface ChallengePresenterOptions {
  /**
   * Solves a challenge without showing it (see `ChallengePresenter.solveSilently`).
   * @default solveAltchaChallenge from ./altcha-solver, loaded on first use
   */
  solveSilently?: (challenge: unknown, signal: AbortSignal) => Promise<string | null>;
}

const solveWithAltcha = async (challenge: unknown, signal: AbortSignal) =>
  (await import('./altcha-solver')).solveAltchaChallenge(challenge, signal);

/**
 * The presenter the page's request client shows challenges through (SPEC 4): `present` queues a
 * challenge and resolves when its modal is solved or closed (or its signal aborts); the modal
 * host (`ChallengeHost`) shows the head of the queue, so only one modal is open at a time, and
 * challenges of other scenes wait their turn. Framework-free and SSR-safe: nothing here touches
 * the DOM; the solver loads on first use.
 * @example
 * const challenges = createChallengePresenter();
 * createHttpClient({ challenge: { presenter: challenges } });
 * <ChallengeHost queue={challenges} t={t} language="en" theme="white" />;
 */
export function createChallengePresenter(options: ChallengePresenterOptions = {}): ChallengeQueue {
  const queue: ShownChallenge[] = [];
  const listeners = new Set<() => void>();
  const stepListeners = new Set<(scene: string, step: ChallengeStep) => void>();
  let lastKey = 0;
  const stepped = (scene: string, step: ChallengeStep) => {
    for (const listener of [...stepListeners]) listener(scene, step);
  };
  // A challenge is shown when it reaches the head of the queue, once.
  let announced: ShownChallenge | undefined;
  const changed = () => {
    const head = queue[0];
    if (head && head !== announced) {
      announced = head;
      stepped(head.scene, 'shown');
    }
    for (const listener of [...listeners]) listener();
  };

  return {
    present({ scene, challenge, failedChecks, signal }: ChallengePresentation) {
      return new Promise<string | null>((resolve) => {
        if (signal.aborted) {
          resolve(null);
          return;
        }
        const end = (payload: string | null) => {
          const index = queue.indexOf(shown);
          if (index < 0) return;
          queue.splice(index, 1);
          signal.removeEventListener('abort', onAbort);
          changed();
          resolve(payload);
        };
        const onAbort = () => end(null);
        lastKey += 1;
        const shown: ShownChallenge = {
          key: lastKey,
          scene,
          challenge,
          failedChecks,
          solve: (payload) => {
            if (queue.includes(shown)) stepped(scene, 'solved');
            end(payload);
          },
          close: () => {
            if (queue.includes(shown)) stepped(scene, 'closed');
            end(null);
          },
        };
        signal.addEventListener('abort', onAbort, { once: true });
        queue.push(shown);
        changed();
      });
    },
    solveSilently: options.solveSilently ?? solveWithAltcha,
    current: () => queue[0] ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onStep(listener) {
      stepListeners.add(listener);
      return () => {
        stepListeners.delete(listener);
      };
    },
  };
}
