import { AccountCode, ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  emptyRequestSchema,
  subAccountCreateRequestSchema,
  subAccountSwitchRequestSchema,
  type SubAccount,
  type SubAccountListReply,
} from '@exchange-web/protocol/schemas';
import { subAccountLoginName } from '../accounts/login-names';
import type { ActiveSession, SessionStore } from '../accounts/sessions';
import { toSessionReply } from '../accounts/user-info';
import {
  findSubAccount,
  findUser,
  insertSubAccount,
  listSubAccounts,
  type SubAccountRow,
} from '../accounts/users';
import type { Database } from '../db/database';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import { readJsonBody } from '../http/read-body';
import type { LoginBodyReader } from '../http/read-login-body';
import type { Routes } from '../http/routes';
import type { SessionGuard } from '../http/session-guard';

export interface SubAccountRouteDeps {
  db: Database;
  /** Sub-accounts one main account may create (GATEWAY_MAX_SUB_ACCOUNTS). */
  maxSubAccounts: number;
  sessions: SessionStore;
  guard: SessionGuard;
  /** Reads the switch calls' bodies: login-encryption paths (SPEC 7). */
  loginBody: LoginBodyReader;
}

const toSubAccount = (row: SubAccountRow): SubAccount => ({
  userId: row.user_id,
  userName: row.user_name,
  createdDate: row.created_at.getTime(),
});

/** Only a main account acting as itself may create sub-accounts. */
function requireActingAsMain(session: ActiveSession): void {
  if (session.switched) {
    throw new RefusedError({
      status: 403,
      code: AccountCode.notMainAccount,
      message: 'switch back to the main account to do this',
    });
  }
}

/**
 * Switches the session; one that ended while the call ran (logout, newer login) is refused.
 * NOTE: the session keeps the keys its login (or registration) bound, and the `publicKey` of the
 * switch body is bound to nothing (protocol `KEY_KEEPING_PATHS`): a switch needs only the session
 * cookie, so binding its key would give signed-call rights to whoever holds a stolen cookie.
 */
async function actAs(
  deps: SubAccountRouteDeps,
  session: ActiveSession,
  actingUserId: string | null,
) {
  if (!(await deps.sessions.actAs(session.sessionId, actingUserId))) {
    throw new RefusedError({
      status: 401,
      code: ErrorCode.sessionExpired,
      message: 'the session has ended',
    });
  }
}

/**
 * Sub-accounts (SPEC 1 and 7 name them; the rest is ours): a sub-account has no password of its
 * own and is reached only by switching a main account's session to it.
 */
export function registerSubAccountRoutes(routes: Routes, deps: SubAccountRouteDeps) {
  routes.post(ApiPath.subAccountCreate, async (c) => {
    const session = await deps.guard.requireSession(c);
    const { userName } = await readJsonBody(c, subAccountCreateRequestSchema);
    requireActingAsMain(session);
    const main = await findUser(deps.db, session.userId);
    if (!main || main.parent_user_id !== null) {
      throw new RefusedError({
        status: 403,
        code: AccountCode.notMainAccount,
        message: 'only a main account can do this',
      });
    }
    const created = await insertSubAccount(
      deps.db,
      {
        loginName: subAccountLoginName(userName, main.user_id),
        userName,
        parentUserId: main.user_id,
      },
      deps.maxSubAccounts,
    );
    if (created.kind === 'limit-reached') {
      throw new RefusedError({
        status: 409,
        code: AccountCode.subAccountLimitReached,
        message: `this account already has ${deps.maxSubAccounts} sub-accounts, the most it may create`,
      });
    }
    if (created.kind === 'name-taken') {
      throw new RefusedError({
        status: 409,
        code: AccountCode.loginNameTaken,
        message: `userName: this account already has a sub-account named "${userName}"`,
      });
    }
    return ok(c, toSubAccount(created.row));
  });

  // Lists the main account's sub-accounts, also while the session acts as one of them.
  routes.post(ApiPath.subAccountList, async (c) => {
    const session = await deps.guard.requireSession(c);
    await readJsonBody(c, emptyRequestSchema);
    const rows = await listSubAccounts(deps.db, session.userId);
    const reply: SubAccountListReply = { items: rows.map(toSubAccount) };
    return ok(c, reply);
  });

  routes.post(ApiPath.subAccountSwitch, async (c) => {
    const session = await deps.guard.requireSession(c);
    // Read (decrypted, fresh, its nonce claimed) like every login-encryption body; its key unused.
    const { fields } = await deps.loginBody.read(c, subAccountSwitchRequestSchema);
    const { userId } = fields;
    const sub = await findSubAccount(deps.db, session.userId, userId);
    if (!sub) {
      throw new RefusedError({
        status: 404,
        code: AccountCode.subAccountNotFound,
        message: `userId: ${userId} is not a sub-account of this account`,
      });
    }
    await actAs(deps, session, sub.user_id);
    return ok(c, toSessionReply(sub, true));
  });

  routes.post(ApiPath.subAccountSwitchBack, async (c) => {
    const session = await deps.guard.requireSession(c);
    await deps.loginBody.read(c, emptyRequestSchema);
    if (!session.switched) {
      throw new RefusedError({
        status: 409,
        code: AccountCode.notSubAccountSession,
        message: 'the session does not act as a sub-account',
      });
    }
    const main = await findUser(deps.db, session.userId);
    if (!main) throw new Error(`session ${session.sessionId} belongs to a missing user`);
    await actAs(deps, session, null);
    return ok(c, toSessionReply(main, false));
  });
}
