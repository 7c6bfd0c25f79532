import type { ChallengeScene } from '@exchange-web/protocol/registry';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { randomBytes } from 'node:crypto';
import type { ChallengeConfig } from '../config';
import type { Queryable } from '../db/database';
import { CHALLENGE_ALGORITHM, decodeAltchaPayload, type AltchaPayload } from './altcha-payload';
import type { ChallengeHmacKey } from './hmac-key';

/** A challenge as get-captcha-id answers it (SPEC 7): the ALTCHA widget solves `challenge`. */
export interface IssuedChallenge {
  /** The business flow the challenge belongs to: `{scene}:{random}`. */
  bizId: string;
  /** The challenge's id, named in the check's extras. */
  captchaId: string;
  /** ALTCHA (v1) challenge: algorithm, challenge, maxnumber, salt (with its expiry), signature. */
  challenge: Challenge;
}

/** What the check of a solution names (SPEC 7 check-captcha: `captchaValidate` and `extras`). */
export interface SolutionCheck {
  scene: ChallengeScene;
  bizId: string;
  captchaId: string;
  /** Base64 of the solution payload's JSON (SPEC 5). */
  captchaValidate: string;
}

/** Why a solution was refused. */
export type CheckRefusal =
  'malformed' | 'invalid' | 'expired' | 'replayed' | 'unknown' | 'mismatch';

export type CheckResult = { passed: true } | { passed: false; refusal: CheckRefusal };

interface ChallengeRow {
  biz_id: string;
  scene: string;
  challenge: string;
  salt: string;
  expired: boolean;
  solved: boolean;
}

const refuse = (refusal: CheckRefusal): CheckResult => ({ passed: false, refusal });

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Whether the expiry ALTCHA stamped in the salt has passed (its `expires`, in seconds). */
function saltExpired(payload: AltchaPayload): boolean {
  const expires = Number.parseInt(extractParams(payload).expires ?? '', 10);
  return Number.isFinite(expires) && expires * 1000 < Date.now();
}

/**
 * Issues and checks ALTCHA proof-of-work challenges with altcha-lib (table challenges).
 * NOTE: ALTCHA verification is stateless (DESIGN "Known traps"): each issued challenge is a row,
 * marked solved by the first check that passes, so a solution never passes twice.
 */
export class ChallengeStore {
  readonly #db: Queryable;
  readonly #config: Pick<ChallengeConfig, 'challengeTtlMs' | 'challengeMaxNumber'>;
  readonly #hmacKey: ChallengeHmacKey;

  constructor(
    db: Queryable,
    config: Pick<ChallengeConfig, 'challengeTtlMs' | 'challengeMaxNumber'>,
    hmacKey: ChallengeHmacKey,
  ) {
    this.#db = db;
    this.#config = config;
    this.#hmacKey = hmacKey;
  }

  /** A new challenge for the scene, signed with the shared key and stored until it expires. */
  async issue(scene: ChallengeScene): Promise<IssuedChallenge> {
    // Whole seconds: ALTCHA stamps the expiry in the salt in seconds; the row expires alike.
    const expiresAtMs = Math.ceil((Date.now() + this.#config.challengeTtlMs) / 1000) * 1000;
    const challenge = await createChallenge({
      algorithm: CHALLENGE_ALGORITHM,
      hmacKey: await this.#hmacKey.get(),
      maxNumber: this.#config.challengeMaxNumber,
      expires: new Date(expiresAtMs),
    });
    const issued = { bizId: `${scene}:${randomId(9)}`, captchaId: randomId(16), challenge };
    await this.#db.query(
      `INSERT INTO challenges (captcha_id, biz_id, scene, challenge, salt, expires_at)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6::double precision / 1000))`,
      [issued.captchaId, issued.bizId, scene, challenge.challenge, challenge.salt, expiresAtMs],
    );
    return issued;
  }

  /**
   * Checks a solution: it must be for the named captchaId, scene and bizId, verify with the
   * shared key (altcha-lib's verifySolution: signature and expiry), and not have passed before.
   */
  async check(check: SolutionCheck): Promise<CheckResult> {
    const payload = decodeAltchaPayload(check.captchaValidate);
    if (!payload) return refuse('malformed');
    const [row] = await this.#db.query<ChallengeRow>(
      `SELECT biz_id, scene, challenge, salt, expires_at <= now() AS expired,
              solved_at IS NOT NULL AS solved
       FROM challenges WHERE captcha_id = $1`,
      [check.captchaId],
    );
    if (!row) return refuse('unknown');
    if (row.scene !== check.scene || row.biz_id !== check.bizId) return refuse('mismatch');
    if (row.expired) return refuse('expired');
    if (!(await verifySolution(payload, await this.#hmacKey.get(), true))) {
      return refuse(saltExpired(payload) ? 'expired' : 'invalid');
    }
    // A genuine solution, but of another challenge than this captchaId's.
    if (payload.challenge !== row.challenge || payload.salt !== row.salt) return refuse('mismatch');
    if (row.solved) return refuse('replayed');
    // One atomic update: of two checks racing with one solution, only one passes.
    const claimed = await this.#db.query(
      `UPDATE challenges SET solved_at = now()
       WHERE captcha_id = $1 AND solved_at IS NULL RETURNING captcha_id`,
      [check.captchaId],
    );
    return claimed.length === 1 ? { passed: true } : refuse('replayed');
  }
}

/** Deletes challenges past their expiry: a solution of one no longer verifies anyway. */
export async function sweepChallenges(db: Queryable): Promise<void> {
  await db.query('DELETE FROM challenges WHERE expires_at <= now()');
}
