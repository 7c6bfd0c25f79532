import { AccountCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  changePasswordRequestSchema,
  isStrongPassword,
  PASSWORD_MIN_LENGTH,
  type SecurityChangeReply,
} from '@exchange-web/protocol/schemas';
import type { Authenticators } from '../accounts/authenticator';
import { hashPassword } from '../accounts/passwords';
import { markSecurityChanged } from '../accounts/security-lock';
import type { SessionStore } from '../accounts/sessions';
import type { LoginLimits } from '../accounts/throttle';
import type { Database } from '../db/database';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import type { LoginBodyReader } from '../http/read-login-body';
import type { SignedRoutes } from '../http/signed-routes';
import { sendSecurityAlert } from '../messaging/security-alerts';
import { checkCurrentFactors } from './current-factors';

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
    await checkCurrentFactors(c, deps, session.userId, fields);
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
