import {
  CAPTCHA_STATUS_NEEDED,
  CAPTCHA_STATUS_NOT_NEEDED,
  ChallengeCode,
} from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { CaptchaExtra, ChallengeScene } from '@exchange-web/protocol/registry';
import {
  captchaCheckRequestSchema,
  captchaIdRequestSchema,
  type CaptchaCheckReply,
  type CaptchaIdReply,
} from '@exchange-web/protocol/schemas';
import { randomBytes } from 'node:crypto';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod';
import type { ChallengeStore, CheckRefusal } from '../challenge/challenges';
import { issuePassToken } from '../challenge/pass-tokens';
import type { ChallengeConfig } from '../config';
import type { Queryable } from '../db/database';
import type { ChallengeGuard } from '../http/challenge-guard';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/read-body';
import type { Routes } from '../http/routes';

export interface CaptchaRouteDeps {
  db: Queryable;
  config: Pick<ChallengeConfig, 'challengeTokenTtlMs'>;
  challenges: ChallengeStore;
  guard: ChallengeGuard;
}

// SPEC 7 names `scene` without values: the protocol's ChallengeScene lists ours.
const sceneSchema = z.enum(ChallengeScene);
const idSchema = z.string().min(1).max(128);

/** The extras a check must name (registry CaptchaExtra); others are ignored. */
const checkExtrasSchema = z.object({
  extras: z.object({
    [CaptchaExtra.scene]: sceneSchema,
    [CaptchaExtra.bizId]: idSchema,
    [CaptchaExtra.captchaId]: idSchema,
  }),
});

/** How each refused solution is answered (README, "Human verification"). */
const refusals: Record<CheckRefusal, [code: ChallengeCode, status: ContentfulStatusCode, string]> =
  {
    malformed: [
      ChallengeCode.solutionMalformed,
      400,
      'captchaValidate: expected Base64 of the JSON of an ALTCHA solution (algorithm SHA-256, challenge, number, salt, signature)',
    ],
    invalid: [ChallengeCode.solutionInvalid, 403, 'the challenge solution does not verify'],
    expired: [ChallengeCode.challengeExpired, 403, 'the challenge has expired; start a new one'],
    replayed: [
      ChallengeCode.solutionReplayed,
      403,
      'this challenge was solved before; start a new one',
    ],
    unknown: [
      ChallengeCode.challengeUnknown,
      404,
      'extras.captchaId: no such challenge; start a new one',
    ],
    mismatch: [
      ChallengeCode.challengeMismatch,
      403,
      'the solution does not belong to the challenge of this captchaId, scene and bizId',
    ],
  };

/** Human verification (SPEC 4, 5, 7): get-captcha-id and check-captcha. Public. */
export function registerCaptchaRoutes(routes: Routes, deps: CaptchaRouteDeps) {
  routes.post(ApiPath.captchaId, async (c) => {
    const body = await readJsonBody(c, captchaIdRequestSchema);
    const { scene } = validateBody(z.object({ scene: sceneSchema }), body);
    if (!(await deps.guard.wouldAsk(c, scene))) {
      // Our reading: no challenge is issued, so there is no captchaId to name.
      const reply: CaptchaIdReply = {
        bizId: `${scene}:${randomBytes(9).toString('base64url')}`,
        captchaId: '',
        status: CAPTCHA_STATUS_NOT_NEEDED,
      };
      return ok(c, reply);
    }
    const issued = await deps.challenges.issue(scene);
    const reply: CaptchaIdReply = { ...issued, status: CAPTCHA_STATUS_NEEDED };
    return ok(c, reply);
  });

  routes.post(ApiPath.captchaCheck, async (c) => {
    const body = await readJsonBody(c, captchaCheckRequestSchema);
    const { extras } = validateBody(checkExtrasSchema, body);
    const result = await deps.challenges.check({
      scene: extras.scene,
      bizId: extras.bizId,
      captchaId: extras.captchaId,
      captchaValidate: body.captchaValidate,
    });
    if (!result.passed) {
      const [code, status, message] = refusals[result.refusal];
      throw new RefusedError({ status, code, message });
    }
    // SPEC 5: the pass token is sent as header captcha-token on the retried request.
    const reply: CaptchaCheckReply = {
      captchaToken: await issuePassToken(deps.db, extras.scene, deps.config.challengeTokenTtlMs),
    };
    return ok(c, reply);
  });
}
