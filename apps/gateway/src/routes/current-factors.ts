import { AccountCode } from '@exchange-web/protocol/codes';
import type { Context } from 'hono';
import type { Authenticators } from '../accounts/authenticator';
import { verifyPassword } from '../accounts/passwords';
import type { LoginLimits } from '../accounts/throttle';
import type { Database } from '../db/database';
import { RefusedError } from '../http/errors';
import { authenticatorCodeInvalid, throttledFactorCheck } from './authenticator';

export interface CurrentFactorsDeps {
  db: Database;
  authenticators: Authenticators;
  config: LoginLimits;
}

/**
 * Proves a change of the account's security comes from its owner (README "Account security"):
 * the current password and, with an authenticator app linked, its code or a recovery code. Every
 * try counts against the account and the address like a second factor's; a wrong password
 * answers 21003, a missing or wrong code 21019.
 */
export async function checkCurrentFactors(
  c: Context,
  deps: CurrentFactorsDeps,
  userId: string,
  fields: { pwd: string; googleCode?: string | undefined },
): Promise<void> {
  const bound = await deps.authenticators.isBound(deps.db, userId);
  const verdict = await throttledFactorCheck(
    c,
    deps,
    userId,
    async () => {
      const [row] = await deps.db.query<{ password_hash: string | null }>(
        'SELECT password_hash FROM users WHERE user_id = $1',
        [userId],
      );
      if (!row?.password_hash || !(await verifyPassword(fields.pwd, row.password_hash)))
        return 'wrong-password' as const;
      if (!bound) return 'right' as const;
      if (fields.googleCode === undefined) return 'code-missing' as const;
      const used = await deps.authenticators.useCode(deps.db, userId, fields.googleCode);
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
  if (verdict !== 'right') throw authenticatorCodeInvalid();
}
