import { AccountCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  changePasswordRequestSchema,
  isStrongPassword,
  PASSWORD_MIN_LENGTH,
  type SecurityChangeReply,
} from '@exchange-web/protocol/schemas';
import type { Authenticators } from '../accounts/authenticator';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { markSecurityChanged } from '../accounts/security-lock';
import type { SessionStore } from '../accounts/sessions';
import type { LoginLimits } from '../accounts/throttle';
import type { Database } from '../db/database';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import type { LoginBodyReader } from '../http/read-login-body';
import type { SignedRoutes } from '../http/signed-routes';
import { sendSecurityAlert } from '../messaging/security-alerts';
import { authenticatorCodeInvalid, throttledFactorCheck } from './authenticator';

export interface PasswordRouteDeps {
  db: Database;
  sessions: SessionStore;
  authenticators: Authenticators;
  loginBody: LoginBodyReader;
  config: LoginLimits & { securityLockMs: number };
  alerts: Parameters<typeof sendSecurityAlert>[0];
}

/**
 * Changing the password (SPEC 2 modifyverification; README "Account security"): a signed core
 * call with a login-encrypted body, of the signed-in main account. It takes the current password
 * and, with an authenticator linked, its code; every try counts against the account and the
 * address like a second factor's. Then every other device is signed out, API keys wait
 * `securityLockMs`, and the owner is told by e-mail.
 */
export function registerPasswordRoute(signed: SignedRoutes, deps: PasswordRouteDeps) {
  signed.post(ApiPath.changePassword, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, changePasswordRequestSchema);
    if (!isStrongPassword(fields.newPwd)) {
      throw new RefusedError({
        status: 400,
        code: AccountCode.weakPassword,
        message: `newPwd: use at least ${PASSWORD_MIN_LENGTH} characters with a letter and a digit`,
      });
    }
    const bound = await deps.authenticators.isBound(deps.db, session.userId);
    const verdict = await throttledFactorCheck(
      c,
      deps,
      session.userId,
      async () => {
        const [row] = await deps.db.query<{ password_hash: string | null }>(
          'SELECT password_hash FROM users WHERE user_id = $1',
          [session.userId],
        );
        if (!row?.password_hash || !(await verifyPassword(fields.pwd, row.password_hash)))
          return 'wrong-password' as const;
        if (!bound) return 'right' as const;
        if (fields.googleCode === undefined) return 'code-missing' as const;
        const used = await deps.authenticators.useCode(deps.db, session.userId, fields.googleCode);
        return used ? ('right' as const) : ('wrong-code' as const);
      },
      (result) => result === 'right',
    );
    if (verdict === 'wrong-password') {
      throw new RefusedError({
        status: 401,
        code: AccountCode.wrongCredentials,
        message: 'pwd: the current password is incorrect',
      });
    }
    if (verdict === 'code-missing' || verdict === 'wrong-code') throw authenticatorCodeInvalid();

    await deps.db.query('UPDATE users SET password_hash = $2 WHERE user_id = $1', [
      session.userId,
      await hashPassword(fields.newPwd),
    ]);
    await deps.sessions.endOtherSessions(session.userId, session.sessionId);
    const reply: SecurityChangeReply = {
      lockedUntil: await markSecurityChanged(deps.db, session.userId, deps.config.securityLockMs),
    };
    await sendSecurityAlert(deps.alerts, session.userId, 'passwordChanged');
    return ok(c, reply);
  });
}
