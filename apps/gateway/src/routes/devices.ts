import { AccountCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  deviceSignOutRequestSchema,
  emptyRequestSchema,
  type DeviceSignOutOthersReply,
  type SignInHistoryReply,
} from '@exchange-web/protocol/schemas';
import type { SessionStore } from '../accounts/sessions';
import { signInHistory } from '../accounts/sign-in-history';
import { deviceName } from '../accounts/user-agent';
import type { Queryable } from '../db/database';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import { readJsonBody } from '../http/read-body';
import type { SignedRoutes } from '../http/signed-routes';

/**
 * The sign-in history, and signing devices out (SPEC 2 history and devices; README "Account
 * security"), signed core calls of the
 * signed-in main account. A device signed out answers 00004 from its very next call: the session
 * ends in the database every gateway reads.
 */
export function registerDeviceRoutes(
  signed: SignedRoutes,
  { sessions, db }: { sessions: SessionStore; db: Queryable },
) {
  // The account's latest sign-in attempts (SPEC 2 history), each named like a device.
  signed.post(ApiPath.signInHistory, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    const reply: SignInHistoryReply = {
      items: (await signInHistory(db, session.userId)).map(({ userAgent, ...event }) => ({
        ...event,
        ...deviceName(userAgent),
      })),
    };
    return ok(c, reply);
  });

  signed.post(ApiPath.deviceSignOut, async (c, session) => {
    const { id } = await readJsonBody(c, deviceSignOutRequestSchema);
    // This device signs out with the logout call, which also clears its cookies.
    if (id === session.sessionId || !(await sessions.endSessionOf(session.userId, id))) {
      throw new RefusedError({
        status: 404,
        code: AccountCode.deviceNotFound,
        message: `id: no other signed-in device of this account has the id ${id}`,
      });
    }
    return ok(c, null);
  });

  signed.post(ApiPath.deviceSignOutOthers, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    const reply: DeviceSignOutOthersReply = {
      signedOut: await sessions.endOtherSessions(session.userId, session.sessionId),
    };
    return ok(c, reply);
  });
}
