import { ApiPath } from '@exchange-web/protocol/paths';
import {
  emptyRequestSchema,
  userInfoRequestSchema,
  type DeviceListReply,
} from '@exchange-web/protocol/schemas';
import type { Handler } from 'hono';
import type { SessionStore } from '../accounts/sessions';
import { deviceName } from '../accounts/user-agent';
import { toUserInfoReply } from '../accounts/user-info';
import { findUser } from '../accounts/users';
import type { AccountsConfig } from '../config';
import type { Queryable } from '../db/database';
import { ok } from '../http/envelope-response';
import { readJsonBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import { clearSessionCookies, readSessionCookies } from '../http/session-cookies';
import type { SessionGuard } from '../http/session-guard';

export interface SessionRouteDeps {
  db: Queryable;
  sessions: SessionStore;
  guard: SessionGuard;
  config: AccountsConfig;
}

/** User info, logout and clear cookie (SPEC 4 "Logout", SPEC 7). */
export function registerSessionRoutes(routes: Routes, deps: SessionRouteDeps) {
  // The same session rules as every call (00004 / 20906 / 20205): exempting user info from the
  // forced logout is the client's business (SPEC 4). Any locale is taken: the reply has no text.
  routes.post(ApiPath.userInfo, async (c) => {
    const session = await deps.guard.requireSession(c);
    await readJsonBody(c, userInfoRequestSchema);
    const user = await findUser(deps.db, session.actingUserId);
    // The row cannot vanish under a live session (sessions reference users), but say so if it did.
    if (!user) throw new Error(`session ${session.sessionId} acts as a missing user`);
    return ok(c, toUserInfoReply(user, session.switched));
  });

  // The signed-in account's devices: its recent sign-ins, live or ended (of the main account,
  // also while switched), each named by its browser and system.
  routes.post(ApiPath.deviceList, async (c) => {
    const session = await deps.guard.requireSession(c);
    await readJsonBody(c, emptyRequestSchema);
    const signIns = await deps.sessions.recentSignIns(session.userId);
    const reply: DeviceListReply = {
      items: signIns.map((signIn) => ({
        id: signIn.sessionId,
        signedInAt: signIn.signedInAt,
        lastSeenAt: signIn.lastSeenAt,
        ip: signIn.ip,
        userAgent: signIn.userAgent,
        ...deviceName(signIn.userAgent),
        current: signIn.sessionId === session.sessionId,
        active: signIn.active,
      })),
    };
    return ok(c, reply);
  });

  // Idempotent: with or without a session, the session ends and the cookies go.
  const logout: Handler = async (c) => {
    await readJsonBody(c, emptyRequestSchema);
    await deps.sessions.end(readSessionCookies(c));
    clearSessionCookies(c, deps.config);
    return ok(c, null);
  };
  routes.post(ApiPath.logout, logout);
  routes.post(ApiPath.btapiLogout, logout);

  routes.post(ApiPath.clearCookie, async (c) => {
    await readJsonBody(c, emptyRequestSchema);
    clearSessionCookies(c, deps.config);
    return ok(c, null);
  });
}
