import { CAPTCHA_STATUS_NOT_NEEDED, CHALLENGE_TYPE } from '@exchange-web/protocol/codes';
import { CaptchaExtra } from '@exchange-web/protocol/registry';
import {
  captchaCheckReplySchema,
  captchaIdReplySchema,
  type CaptchaCheckRequest,
  type CaptchaIdReply,
  type CaptchaIdRequest,
} from '@exchange-web/protocol/transport-schemas';
import {
  CancelledError,
  ChallengeDismissedError,
  MalformedReplyError,
  isApiError,
  type ApiError,
} from '../errors';
import type { ChallengePresenter } from './challenge-presenter';

// Ours, SPEC 4 names no limit: three refused solutions in a row end the round (see failedChecks).
/** Refused solutions of one shown challenge after which its callers are rejected. */
export const MAX_FAILED_CHECKS = 3;

// Ours, SPEC 4 is silent: a 10021 this soon after a pass of its scene is solved without a modal.
/** How long after a visitor passed a challenge further ones of its scene are solved silently. */
export const SILENT_WINDOW_MS = 10_000;

export interface ChallengeFlowOptions {
  presenter: ChallengePresenter;
  /**
   * Posts get-captcha-id and resolves its `data`. Its call must skip the challenge hook (a 10021
   * there cannot start another challenge), the error notice (SPEC 4: the caller is told, not the
   * toast) and the duplicate guard (each waiting call needs a challenge of its own).
   */
  requestChallenge(request: CaptchaIdRequest, signal: AbortSignal): Promise<unknown>;
  /**
   * Posts check-captcha and resolves its `data` on a pass (SPEC 5: code 00000 or 200); rejects
   * with an {@link ApiError} when the gateway refuses the solution. Skips the same hooks.
   */
  checkSolution(request: CaptchaCheckRequest, signal: AbortSignal): Promise<unknown>;
  now(): number;
  /** @default SILENT_WINDOW_MS (10 000) */
  silentWindowMs?: number;
  /** @default MAX_FAILED_CHECKS (3) */
  maxFailedChecks?: number;
}

/** A call waiting for a pass of its scene. */
interface Waiter {
  /** The 10021 reply's msg: a dismissal rejects with it (SPEC 4). */
  readonly message: string;
  /** Being served by a silent solve right now. */
  busy: boolean;
  resolve(token: string | undefined): void;
  reject(error: unknown): void;
}

/** The calls of one scene waiting for a pass, served one round after another. */
class Round {
  readonly waiters = new Set<Waiter>();
  readonly #controller = new AbortController();
  get signal(): AbortSignal {
    return this.#controller.signal;
  }
  abort(): void {
    this.#controller.abort();
  }
  /** The waiters not being served, oldest first. */
  queued(): Waiter[] {
    return [...this.waiters].filter((waiter) => !waiter.busy);
  }
}

/**
 * A plain ApiError from the check: the gateway refused the solution (wrong, expired, replayed).
 * Its subclasses (session expired, sign error) are not about the solution and end the round.
 */
const isRefusal = (error: unknown): error is ApiError =>
  isApiError(error) && error.name === 'ApiError';

/**
 * Orchestrates the human-verification challenge of SPEC 4, 5 and 7 for the calls that met a
 * 10021: asks get-captcha-id for a challenge of the scene, shows it through the presenter, checks
 * the solution with check-captcha, and hands each waiting call a pass token of its own.
 *
 * How waiting calls share a challenge (our reading; SPEC 4 speaks of one caller):
 * - Calls of one scene that meet a 10021 while a challenge of that scene is under way join it:
 *   the visitor sees ONE challenge however many calls wait.
 * - A token passes once (DESIGN "Wire formats"), and so does a solution (the gateway refuses a
 *   replay), so every call needs its own challenge, solution and check. The visible pass serves
 *   the oldest waiting call; every other one then gets a fresh challenge that the presenter's
 *   `solveSilently` solves without showing it (the visitor has just proved themselves), checked
 *   on its own. Without `solveSilently`, or when it cannot solve one, the challenge is shown again.
 * - A 10021 within `silentWindowMs` after a visible pass of its scene is solved silently too.
 * - status 0 from get-captcha-id (SPEC 7: no challenge needed) lets every waiting call retry
 *   without a token; closing the challenge rejects every one with ChallengeDismissedError, with
 *   its own original message (SPEC 4).
 * - A refused solution shows a new challenge (a refused one may be spent); after
 *   `maxFailedChecks` refusals in a row the waiting calls are rejected with the last refusal.
 * - A call cancelled while it waits rejects with CancelledError; when none waits any more
 *   the shown challenge is closed (the presentation's signal aborts).
 */
export class ChallengeFlow {
  readonly #options: ChallengeFlowOptions;
  readonly #rounds = new Map<string, Round>();
  readonly #passedAt = new Map<string, number>();

  constructor(options: ChallengeFlowOptions) {
    this.#options = options;
  }

  /**
   * Waits until this call may be retried: resolves the pass token to send as captcha-token, or
   * undefined when the gateway said no challenge is needed. Rejects with ChallengeDismissedError
   * when the visitor closes the challenge.
   * @example
   * const token = await flow.pass('login', envelope.msg, request.signal);
   * return { action: 'retry', headers: token === undefined ? {} : { 'captcha-token': token } };
   */
  pass(scene: string, originalMessage: string, signal?: AbortSignal): Promise<string | undefined> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    return new Promise((resolve, reject) => {
      const existing = this.#rounds.get(scene);
      const round = existing ?? new Round();
      const leave = () => {
        round.waiters.delete(waiter);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        message: originalMessage,
        busy: false,
        resolve: (token) => {
          leave();
          resolve(token);
        },
        reject: (error) => {
          leave();
          reject(error);
        },
      };
      const onAbort = () => {
        waiter.reject(new CancelledError());
        if (round.waiters.size === 0) this.#end(scene, round);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      round.waiters.add(waiter);
      if (!existing) {
        this.#rounds.set(scene, round);
        void this.#serve(scene, round);
      }
    });
  }

  /** Closes a round: what it still shows is closed, and the next 10021 starts a new one. */
  #end(scene: string, round: Round): void {
    round.abort();
    if (this.#rounds.get(scene) === round) this.#rounds.delete(scene);
  }

  async #serve(scene: string, round: Round): Promise<void> {
    let failedChecks = 0;
    try {
      while (round.waiters.size > 0 && !round.signal.aborted) {
        const queued = round.queued();
        if (this.#maySolveSilently(scene))
          await Promise.all(queued.map((waiter) => this.#solveSilently(scene, round, waiter)));
        else failedChecks = await this.#show(scene, round, failedChecks);
      }
    } catch (error) {
      for (const waiter of [...round.waiters]) waiter.reject(error);
    } finally {
      this.#end(scene, round);
    }
  }

  #maySolveSilently(scene: string): boolean {
    const passedAt = this.#passedAt.get(scene);
    return (
      this.#options.presenter.solveSilently !== undefined &&
      passedAt !== undefined &&
      this.#options.now() - passedAt < (this.#options.silentWindowMs ?? SILENT_WINDOW_MS)
    );
  }

  /** One visible challenge; answers the count of refused solutions in a row so far. */
  async #show(scene: string, round: Round, failedChecks: number): Promise<number> {
    const issued = await this.#issue(scene, round.signal);
    if (issued.status === CAPTCHA_STATUS_NOT_NEEDED) {
      for (const waiter of [...round.waiters]) waiter.resolve(undefined);
      return 0;
    }
    const payload = await this.#options.presenter.present({
      scene,
      challenge: issued.challenge,
      failedChecks,
      signal: round.signal,
    });
    if (round.signal.aborted) return failedChecks;
    if (payload === null) {
      // SPEC 4, 8: closing the challenge gives each caller 90000001 with its original message.
      for (const waiter of [...round.waiters])
        waiter.reject(new ChallengeDismissedError(waiter.message));
      return 0;
    }
    let token: string;
    try {
      token = await this.#check(scene, issued, payload, round.signal);
    } catch (error) {
      const max = this.#options.maxFailedChecks ?? MAX_FAILED_CHECKS;
      if (isRefusal(error) && failedChecks + 1 < max) return failedChecks + 1;
      throw error;
    }
    this.#passedAt.set(scene, this.#options.now());
    round.queued()[0]?.resolve(token);
    return 0;
  }

  /** A fresh challenge solved without showing it, for one waiting call. */
  async #solveSilently(scene: string, round: Round, waiter: Waiter): Promise<void> {
    const solve = this.#options.presenter.solveSilently;
    if (!solve) return;
    waiter.busy = true;
    try {
      const issued = await this.#issue(scene, round.signal);
      if (issued.status === CAPTCHA_STATUS_NOT_NEEDED) return waiter.resolve(undefined);
      const payload = await solve(issued.challenge, round.signal).catch(() => null);
      if (payload === null) {
        // Cannot solve it here: the next round shows it instead.
        this.#passedAt.delete(scene);
        return;
      }
      waiter.resolve(await this.#check(scene, issued, payload, round.signal));
    } catch (error) {
      if (isRefusal(error)) this.#passedAt.delete(scene);
      else waiter.reject(error);
    } finally {
      waiter.busy = false;
    }
  }

  /** SPEC 7 get-captcha-id: a challenge of the scene, or status 0 when none is needed. */
  async #issue(scene: string, signal: AbortSignal): Promise<CaptchaIdReply> {
    const data = await this.#options.requestChallenge({ scene }, signal);
    const reply = captchaIdReplySchema.safeParse(data);
    if (!reply.success) throw new MalformedReplyError(data, { cause: reply.error });
    // A challenge is needed but none came: nothing to show.
    if (reply.data.status !== CAPTCHA_STATUS_NOT_NEEDED && reply.data.challenge === undefined)
      throw new MalformedReplyError(data);
    return reply.data;
  }

  /** SPEC 5, 7 check-captcha: type 3, the payload as is, the scene and ids as extras. */
  async #check(
    scene: string,
    issued: CaptchaIdReply,
    payload: string,
    signal: AbortSignal,
  ): Promise<string> {
    const data = await this.#options.checkSolution(
      {
        captchaType: CHALLENGE_TYPE,
        captchaValidate: payload,
        extras: {
          [CaptchaExtra.scene]: scene,
          [CaptchaExtra.bizId]: issued.bizId,
          [CaptchaExtra.captchaId]: issued.captchaId,
        },
      },
      signal,
    );
    const reply = captchaCheckReplySchema.safeParse(data);
    if (!reply.success) throw new MalformedReplyError(data, { cause: reply.error });
    return reply.data.captchaToken;
  }
}
