import { CAPTCHA_STATUS_NEEDED, CHALLENGE_TYPE } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { ChallengeScene } from '@exchange-web/protocol/registry';
import { captchaCheckReplySchema, captchaIdReplySchema } from '@exchange-web/protocol/schemas';
import { solveChallenge } from 'altcha-lib/v1';
import * as z from 'zod';
import { encodeAltchaPayload, type AltchaPayload } from '../src/challenge/altcha-payload';
import type { CallResult, TestBrowser } from './support';

/**
 * What the browser's challenge flow does (SPEC 4, 5, 7), with altcha-lib's own solver in place of
 * the ALTCHA widget: get-captcha-id, solve, check-captcha, and the token for the retried request.
 */

/** The ALTCHA (v1) challenge of a get-captcha-id reply whose status is not 0. */
export const altchaChallengeSchema = z.strictObject({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  maxnumber: z.number().int().positive(),
  salt: z.string().min(1),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

/** An issued challenge: the ids its check names, and the challenge itself. */
export interface IssuedChallenge {
  scene: ChallengeScene;
  bizId: string;
  captchaId: string;
  challenge: AltchaChallenge;
}

/** Asks get-captcha-id for a challenge of the scene and expects one. */
export async function requestChallenge(
  browser: TestBrowser,
  scene: ChallengeScene,
): Promise<IssuedChallenge> {
  const response = await browser.post(ApiPath.captchaId, { scene });
  if (response.json?.code !== '00000') {
    throw new Error(`get-captcha-id answered ${response.status} ${response.text}`);
  }
  const reply = captchaIdReplySchema.parse(response.json.data);
  if (reply.status !== CAPTCHA_STATUS_NEEDED) throw new Error(`no challenge: ${response.text}`);
  return { scene, ...reply, challenge: altchaChallengeSchema.parse(reply.challenge) };
}

/** Solves a challenge by brute force, as the widget does: the solution payload it would send. */
export async function solve(challenge: AltchaChallenge): Promise<AltchaPayload> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('the challenge has no solution up to its maxnumber');
  return {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
}

/** Posts a check of `captchaValidate` (Base64 text, or a payload encoded here) for a challenge. */
export function check(
  browser: TestBrowser,
  issued: Pick<IssuedChallenge, 'scene' | 'bizId' | 'captchaId'>,
  solution: AltchaPayload | string,
  extras: Record<string, unknown> = {},
): Promise<CallResult> {
  return browser.post(ApiPath.captchaCheck, {
    captchaType: CHALLENGE_TYPE,
    captchaValidate: typeof solution === 'string' ? solution : encodeAltchaPayload(solution),
    extras: { scene: issued.scene, bizId: issued.bizId, captchaId: issued.captchaId, ...extras },
  });
}

/** The whole flow: a pass token of the scene, for header `captcha-token`. */
export async function passChallenge(browser: TestBrowser, scene: ChallengeScene): Promise<string> {
  const issued = await requestChallenge(browser, scene);
  const response = await check(browser, issued, await solve(issued.challenge));
  if (response.json?.code !== '00000') {
    throw new Error(`check-captcha answered ${response.status} ${response.text}`);
  }
  return captchaCheckReplySchema.parse(response.json.data).captchaToken;
}
