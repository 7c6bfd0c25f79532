import { AccountCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  AuthenticatorRule,
  authenticatorBindRequestSchema,
  authenticatorUnbindRequestSchema,
  emptyRequestSchema,
  type AuthenticatorBindReply,
  type AuthenticatorSetupReply,
} from '@exchange-web/protocol/authenticator';
import type { Context } from 'hono';
import type { Authenticators } from '../accounts/authenticator';
import { markSecurityChanged } from '../accounts/security-lock';
import { forgiveFactorAttempt, reserveFactorAttempt, type LoginLimits } from '../accounts/throttle';
import { findUser } from '../accounts/users';
import type { Database } from '../db/database';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import type { LoginBodyReader } from '../http/read-login-body';
import { readJsonBody } from '../http/read-body';
import type { SignedRoutes } from '../http/signed-routes';
import { sendSecurityAlert } from '../messaging/security-alerts';

export interface AuthenticatorRouteDeps {
  db: Database;
  authenticators: Authenticators;
  /** Binding and unbinding carry a code: their bodies are login-encrypted (protocol paths). */
  loginBody: LoginBodyReader;
  config: LoginLimits & { securityLockMs: number };
  /** Where the owner is told of a linked or removed app. */
  alerts: Parameters<typeof sendSecurityAlert>[0];
}

/** One answer for a wrong, drifted-out or used code: a guesser learns nothing more. */
export const authenticatorCodeInvalid = () =>
  new RefusedError({
    status: 400,
    code: AccountCode.authenticatorCodeInvalid,
    message: 'googleCode: the code is wrong, expired or already used',
  });

/**
 * Counts a try of a second-factor code against the account and the client address before it is
 * checked (HTTP 429 and 21004 past the login limits), and runs `check`; a right code forgives the
 * account's failures.
 */
export async function throttledFactorCheck<T>(
  c: Context,
  deps: { db: Database; config: LoginLimits },
  userId: string,
  check: () => Promise<T>,
  passed: (result: T) => boolean,
): Promise<T> {
  const ip = clientIp(c);
  const verdict = await reserveFactorAttempt(deps.db, deps.config, userId, ip);
  if (!verdict.allowed) {
    throw new RefusedError({
      status: 429,
      code: AccountCode.tooManyAttempts,
      message: 'too many wrong codes; try again later',
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  const result = await check();
  if (passed(result)) await forgiveFactorAttempt(deps.db, userId, ip);
  return result;
}

/**
 * The authenticator of the security page (README "Account security"), signed core calls of the
 * signed-in main account (also while it acts as a sub-account: the security is the person's).
 */
export function registerAuthenticatorRoutes(signed: SignedRoutes, deps: AuthenticatorRouteDeps) {
  signed.post(ApiPath.authenticatorSetup, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    if (await deps.authenticators.isBound(deps.db, session.userId)) {
      throw new RefusedError({
        status: 409,
        code: AccountCode.authenticatorBound,
        message: 'an authenticator is bound already: unbind it first',
      });
    }
    const user = await findUser(deps.db, session.userId);
    if (!user) throw new Error(`session ${session.sessionId} belongs to a missing user`);
    const setup = await deps.authenticators.startSetup(user.user_id, user.login_name);
    const reply: AuthenticatorSetupReply = {
      ...setup,
      expiresInSeconds: AuthenticatorRule.setupTtlSeconds,
    };
    return ok(c, reply);
  });

  signed.post(ApiPath.authenticatorBind, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, authenticatorBindRequestSchema);
    const outcome = await throttledFactorCheck(
      c,
      deps,
      session.userId,
      () => deps.authenticators.bind(session.userId, fields.googleCode),
      (result) => result.kind === 'bound',
    );
    switch (outcome.kind) {
      case 'bound': {
        await markSecurityChanged(deps.db, session.userId, deps.config.securityLockMs);
        await sendSecurityAlert(deps.alerts, session.userId, 'authenticatorLinked');
        const reply: AuthenticatorBindReply = { recoveryCodes: outcome.recoveryCodes };
        return ok(c, reply);
      }
      case 'wrong-code':
        throw authenticatorCodeInvalid();
      case 'already-bound':
        throw new RefusedError({
          status: 409,
          code: AccountCode.authenticatorBound,
          message: 'an authenticator is bound already: unbind it first',
        });
      case 'no-setup':
        throw new RefusedError({
          status: 409,
          code: AccountCode.authenticatorSetupMissing,
          message: 'no setup is waiting for a code, or it expired: start the setup again',
        });
    }
  });

  signed.post(ApiPath.authenticatorUnbind, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, authenticatorUnbindRequestSchema);
    const outcome = await throttledFactorCheck(
      c,
      deps,
      session.userId,
      () => deps.authenticators.unbind(session.userId, fields.googleCode),
      (result) => result === 'removed',
    );
    if (outcome === 'not-bound') {
      throw new RefusedError({
        status: 409,
        code: AccountCode.authenticatorNotBound,
        message: 'no authenticator is bound',
      });
    }
    if (outcome === 'wrong-code') throw authenticatorCodeInvalid();
    await markSecurityChanged(deps.db, session.userId, deps.config.securityLockMs);
    await sendSecurityAlert(deps.alerts, session.userId, 'authenticatorRemoved');
    return ok(c, null);
  });
}
