import { AccountCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  crossTerminalRequestSchema,
  qrKeyStatusRequestSchema,
  QrLoginStatus,
  type CrossTerminalReply,
  type QrKeyPoll,
} from '@exchange-web/protocol/qr-login';
import { SignInFactor } from '@exchange-web/protocol/schemas';
import { answerQrKey, issueQrKey, pollQrKey } from '../accounts/qr-login';
import type { SessionStore } from '../accounts/sessions';
import { deviceName } from '../accounts/user-agent';
import { toSessionReply } from '../accounts/user-info';
import { findUser } from '../accounts/users';
import type { AccountsConfig } from '../config';
import type { Database } from '../db/database';
import { ok } from '../http/envelope-response';
import { limitPerAddress } from '../http/rate-limit';
import { RefusedError } from '../http/errors';
import type { LoginBodyReader } from '../http/read-login-body';
import type { Routes } from '../http/routes';
import type { SignedRoutes } from '../http/signed-routes';
import { deviceOf, signIn } from './accounts';

export interface QrLoginRouteDeps {
  db: Database;
  sessions: SessionStore;
  config: AccountsConfig;
  /** Both calls are login-encrypted (SPEC 7): the key and the token never travel in clear. */
  loginBody: LoginBodyReader;
}

/**
 * QR sign-in (README "Account security"; protocol `qr-login.ts` for our reading of SPEC 7's two
 * calls). The waiting browser's `getQrKeyStatus` is public: it asks for a key (counted per client
 * address), then polls it with its token and is signed in by the poll that finds it confirmed.
 * The signed-in terminal's `getCrossTerminalLoginStatus` is a signed core call.
 */
export function registerQrLoginRoutes(
  routes: Routes,
  signed: SignedRoutes,
  deps: QrLoginRouteDeps,
) {
  routes.post(ApiPath.qrKeyStatus, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, qrKeyStatusRequestSchema);
    if (!('qrcodeKey' in fields)) {
      await limitPerAddress(c, deps.db, 'qr-key', deps.config.qrKeysPerIp, 'QR codes');
      return ok(c, await issueQrKey(deps.db, deviceOf(c), deps.config.qrLoginTtlSeconds));
    }
    const poll = await pollQrKey(deps.db, fields.qrcodeKey, fields.token);
    if (poll.userId === undefined) {
      const reply: QrKeyPoll = { status: poll.status, expiresInSeconds: poll.expiresInSeconds };
      return ok(c, reply);
    }
    const user = await findUser(deps.db, poll.userId);
    // Confirmed by a session of this user moments ago; a frozen or vanished account signs nobody in.
    if (!user || user.frozen) {
      return ok(c, { status: QrLoginStatus.expired, expiresInSeconds: 0 } satisfies QrKeyPoll);
    }
    await signIn(c, deps, user, clientKey, SignInFactor.qrCode);
    const reply: QrKeyPoll = {
      status: QrLoginStatus.confirmed,
      expiresInSeconds: poll.expiresInSeconds,
      session: toSessionReply(user, false),
    };
    return ok(c, reply);
  });

  // The main account answers (also while acting as a sub-account): the browser it signs in is
  // the person's, as a password sign-in would be.
  signed.post(ApiPath.crossTerminalLoginStatus, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, crossTerminalRequestSchema);
    const answer = await answerQrKey(deps.db, fields.qrcodeKey, session.userId, fields.action);
    if (answer === 'invalid') {
      throw new RefusedError({
        status: 410,
        code: AccountCode.qrKeyInvalid,
        message: 'qrcodeKey: this QR code expired, was answered or was used; show a new one',
      });
    }
    if (answer === 'taken') {
      throw new RefusedError({
        status: 409,
        code: AccountCode.qrKeyTaken,
        message: 'qrcodeKey: another account scanned this QR code first',
      });
    }
    const reply: CrossTerminalReply = {
      status: answer.status,
      expiresInSeconds: answer.expiresInSeconds,
      requester: {
        ip: answer.requester.ip,
        ...deviceName(answer.requester.userAgent),
        requestedAt: answer.requester.requestedAt,
      },
    };
    return ok(c, reply);
  });
}
