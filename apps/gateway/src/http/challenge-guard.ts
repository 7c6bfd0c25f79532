import { CHALLENGE_GROUP, ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { ChallengeScene, HeaderName } from '@exchange-web/protocol/registry';
import type { ChallengeRequiredData } from '@exchange-web/protocol/schemas';
import type { Context, MiddlewareHandler } from 'hono';
import { hitCounters, readCounters, readLoginFailures, resetCounter } from '../accounts/throttle';
import { consumePassToken } from '../challenge/pass-tokens';
import type { ChallengeConfig } from '../config';
import type { Queryable } from '../db/database';
import { clientIp } from './client-ip';
import { RefusedError } from './errors';

// SPEC 8 names no HTTP status for 10021; the client acts on the code: ours is 403 (README).
const CHALLENGE_REQUIRED_STATUS = 403;

/** The sentence each scene's 10021 carries; SPEC 4 hands it to the caller if the user gives up. */
const requiredMessage: Record<ChallengeScene, string> = {
  register: 'Human verification is required to register.',
  login: 'Human verification is required to log in.',
  burst: 'Too many requests from this address: human verification is required to continue.',
};

/** A 10021 reply in group gateway, naming the scene to pass (SPEC 4, 8). */
export class ChallengeRequiredError extends RefusedError {
  override readonly name = 'ChallengeRequiredError';
  constructor(readonly scene: ChallengeScene) {
    const data: ChallengeRequiredData = { group: CHALLENGE_GROUP, scene };
    super({
      status: CHALLENGE_REQUIRED_STATUS,
      code: ErrorCode.challengeRequired,
      message: requiredMessage[scene],
      data,
    });
  }
}

/** The calls a burst never challenges: leaving must always work (README, "Accounts and sessions"). */
const BURST_EXEMPT: ReadonlySet<string> = new Set([ApiPath.logout, ApiPath.clearCookie]);

const burstBucket = (ip: string) => `challenge-burst:${ip}`;

/**
 * The risk rules of human verification, in one place (README, "Human verification"). Each rule
 * runs before the work of its request, so a challenged request changes nothing; a request that
 * carries a pass token (`captcha-token`) of the rule's scene passes it, and the token is used up.
 */
export interface ChallengeGuard {
  /** Scene `register`: every registration, when GATEWAY_CHALLENGE_REGISTER is on. */
  checkRegistration(c: Context): Promise<void>;
  /**
   * Scene `login`, before the attempt is counted: the login name's or the address's failed
   * logins in the window have reached their threshold.
   */
  checkLoginAttempt(c: Context, loginNameKey: string): Promise<void>;
  /**
   * Scene `login`, after the password and before the session: the device check did not
   * recognise the device (false, or no check asked) of an account that has device keys.
   */
  checkLoginDevice(c: Context, userId: string, deviceKnown: boolean | undefined): Promise<void>;
  /** Scene `burst`, on the account calls: past the burst threshold of the client's address. */
  readonly burst: MiddlewareHandler;
  /**
   * Whether a rule of the scene would ask this client now (get-captcha-id's status). For login,
   * whose rules depend on the login name and device the call does not carry, true whenever a
   * per-name or device rule is on.
   */
  wouldAsk(c: Context, scene: ChallengeScene): Promise<boolean>;
}

export function createChallengeGuard(db: Queryable, config: ChallengeConfig): ChallengeGuard {
  // The scene of the request's pass token, consumed at most once per request, whichever rule asks.
  // Per request only: the token itself is used up in the database (consumePassToken).
  const passes = new WeakMap<Request, Promise<ChallengeScene | undefined>>();
  const passOf = (c: Context): Promise<ChallengeScene | undefined> => {
    let pass = passes.get(c.req.raw);
    if (!pass) {
      const token = c.req.header(HeaderName.captchaToken);
      pass = token === undefined ? Promise.resolve(undefined) : consumePassToken(db, token);
      passes.set(c.req.raw, pass);
    }
    return pass;
  };
  /** Throws 10021 unless the request's token passes the scene. */
  const requirePass = async (c: Context, scene: ChallengeScene) => {
    const pass = await passOf(c);
    // Our reading: a pass of any scene also passes a burst, so one request never needs two
    // challenges in a row for one rule each; the register and login rules want their own scene.
    if (pass === scene || (scene === ChallengeScene.burst && pass !== undefined)) return;
    throw new ChallengeRequiredError(scene);
  };

  const loginFailuresReached = async (c: Context, loginNameKey: string) => {
    const perName = config.challengeLoginFailures;
    const perIp = config.challengeLoginFailuresPerIp;
    if (perName === 0 && perIp === 0) return false;
    const failures = await readLoginFailures(db, clientIp(c), loginNameKey);
    return (perName > 0 && failures.account >= perName) || (perIp > 0 && failures.ip >= perIp);
  };

  const burstOn = () => config.challengeBurst.limit > 0;

  return {
    async checkRegistration(c) {
      if (config.challengeRegister) await requirePass(c, ChallengeScene.register);
    },

    async checkLoginAttempt(c, loginNameKey) {
      if (await loginFailuresReached(c, loginNameKey)) await requirePass(c, ChallengeScene.login);
    },

    async checkLoginDevice(c, userId, deviceKnown) {
      if (!config.challengeNewDevice || deviceKnown === true) return;
      // Our reading of "an account that has signed in before": one with a device key on record,
      // the only devices the check can recognise (encrypted sign-ins record them).
      const [known] = await db.query('SELECT 1 FROM user_device_keys WHERE user_id = $1 LIMIT 1', [
        userId,
      ]);
      if (known) await requirePass(c, ChallengeScene.login);
    },

    async burst(c, next) {
      if (burstOn() && !BURST_EXEMPT.has(c.req.path)) {
        const bucket = burstBucket(clientIp(c));
        const [state] = await hitCounters(db, [
          { bucket, windowMs: config.challengeBurst.windowMs },
        ]);
        if (state && state.hits > config.challengeBurst.limit) {
          await requirePass(c, ChallengeScene.burst);
          // A passed challenge starts a new window, or every next call would ask again.
          await resetCounter(db, bucket);
        }
      }
      await next();
    },

    async wouldAsk(c, scene) {
      switch (scene) {
        case ChallengeScene.register:
          return config.challengeRegister;
        case ChallengeScene.login: {
          if (config.challengeLoginFailures > 0 || config.challengeNewDevice) return true;
          if (config.challengeLoginFailuresPerIp === 0) return false;
          const failures = await readLoginFailures(db, clientIp(c));
          return failures.ip >= config.challengeLoginFailuresPerIp;
        }
        case ChallengeScene.burst: {
          if (!burstOn()) return false;
          const bucket = burstBucket(clientIp(c));
          const hits = await readCounters(db, [bucket]);
          return (hits.get(bucket) ?? 0) > config.challengeBurst.limit;
        }
      }
    },
  };
}
