import { CHALLENGE_GROUP, ErrorCode } from '@exchange-web/protocol/codes';
import { HeaderName } from '@exchange-web/protocol/registry';
import type { ChallengeRequiredData } from '@exchange-web/protocol/schemas';
import { ApiError } from '../errors';
import type { RequestHook } from '../request/hooks';
import { MAX_RETRIES } from '../request/pipeline';
import type { RequestSlot } from '../request/slots';
import type { ChallengeFlow } from './challenge-flow';

/**
 * Slots the captcha calls (get-captcha-id, check-captcha) skip: this hook's, so a 10021 there
 * cannot start another challenge; the error notice, so no challenge flow toasts (its caller is
 * told); the duplicate guard, since calls waiting together each ask for a challenge of their own.
 */
export const CHALLENGE_CALL_SKIPPED_HOOKS: readonly RequestSlot[] = [
  'challenge',
  'error-notice',
  'duplicate-guard',
];

// The 10021 data is two strings (challengeRequiredDataSchema): checked by hand, so the hook, which
// every call passes, loads no schema library until a challenge really comes.
const isChallengeData = (data: unknown): data is ChallengeRequiredData =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { group?: unknown }).group === 'string' &&
  typeof (data as { scene?: unknown }).scene === 'string' &&
  (data as { scene: string }).scene !== '';

/**
 * The challenge step of the pipeline (SPEC 4; DESIGN "A request's way through the client"): a
 * reply coded 10021 whose data names group `gateway` waits for a pass of its scene through the
 * flow, then retries the call once with the pass token as `captcha-token` (SPEC 5), or without
 * one when the gateway said none is needed. The caller gets the retried call's result or error;
 * a closed challenge rejects with ChallengeDismissedError (90000001, the original msg).
 *
 * Without a flow (no presenter: server side, SPEC 9 "challenge features are browser-only"), or
 * once the call used its retries, a 10021 rejects with its ApiError. Either way it is settled
 * here, before the error notice: a 10021 never toasts.
 * The flow is loaded on the first challenge.
 * @example
 * const hook = challengeHook({ flow: async () => new ChallengeFlow({ presenter, requestChallenge, checkSolution, now }) });
 */
export function challengeHook(options: {
  flow: (() => Promise<ChallengeFlow>) | undefined;
}): RequestHook {
  return {
    slot: 'challenge',
    async afterResponse({ envelope, request }) {
      if (!envelope || envelope.code !== ErrorCode.challengeRequired) return undefined;
      const data = envelope.data;
      // SPEC 8: only 10021 of group gateway is a challenge; another 10021 is an ordinary error.
      if (!isChallengeData(data) || data.group !== CHALLENGE_GROUP) return undefined;
      if (!options.flow || request.attempt >= MAX_RETRIES)
        return {
          action: 'reject',
          error: new ApiError(envelope.msg, envelope.code, envelope.data),
        };
      try {
        const flow = await options.flow();
        const token = await flow.pass(data.scene, envelope.msg, request.signal);
        return {
          action: 'retry',
          headers: token === undefined ? {} : { [HeaderName.captchaToken]: token },
        };
      } catch (error) {
        return {
          action: 'reject',
          error: error instanceof Error ? error : new Error(String(error)),
        };
      }
    },
  };
}
