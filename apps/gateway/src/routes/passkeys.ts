import { AccountCode, ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  emptyRequestSchema,
  passkeyRegisterOptionsRequestSchema,
  passkeyRegisterRequestSchema,
  passkeyRemoveRequestSchema,
  verifySystemLoginRequestSchema,
  type PasskeyListReply,
  type PasskeyOptionsReply,
  type PasskeySignInOptionsReply,
} from '@exchange-web/protocol/passkeys';
import { SignInFactor, SignInResult } from '@exchange-web/protocol/schemas';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Authenticators } from '../accounts/authenticator';
import {
  listPasskeys,
  passkeyOwner,
  registerPasskey,
  registrationOptions,
  removePasskey,
  signInOptions,
  takeSignInChallenge,
  verifyPasskeyAnswer,
} from '../accounts/passkeys';
import { markSecurityChanged } from '../accounts/security-lock';
import type { SessionStore } from '../accounts/sessions';
import { recordSignIn } from '../accounts/sign-in-history';
import type { LoginLimits } from '../accounts/throttle';
import { toSessionReply } from '../accounts/user-info';
import { findUser } from '../accounts/users';
import type { AccountsConfig } from '../config';
import type { Database } from '../db/database';
import { ok } from '../http/envelope-response';
import { limitPerAddress } from '../http/rate-limit';
import { RefusedError } from '../http/errors';
import type { LoginBodyReader } from '../http/read-login-body';
import { readJsonBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import type { SignedRoutes } from '../http/signed-routes';
import { sendSecurityAlert } from '../messaging/security-alerts';
import { deviceOf, signIn } from './accounts';
import { passkeyInvalid, readFidoResponse, relyingPartyOf } from './passkey-answer';
import { throttledFactorCheck } from './authenticator';
import { checkCurrentFactors } from './current-factors';

export interface PasskeyRouteDeps {
  db: Database;
  sessions: SessionStore;
  authenticators: Authenticators;
  loginBody: LoginBodyReader;
  config: AccountsConfig & LoginLimits & { securityLockMs: number };
  alerts: Parameters<typeof sendSecurityAlert>[0];
}

/**
 * Passkeys (README "Account security"): added, listed and removed on the security page (signed
 * core calls of the main account; adding and removing take the current factors), and signing in
 * with one alone (`passkey/options`, then `verifySystemLogin`). As the second step of a password
 * sign-in, `verifyLogin` takes one (routes/accounts.ts).
 */
export function registerPasskeyRoutes(
  routes: Routes,
  signed: SignedRoutes,
  deps: PasskeyRouteDeps,
) {
  signed.post(ApiPath.passkeyRegisterOptions, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, passkeyRegisterOptionsRequestSchema);
    await checkCurrentFactors(c, deps, session.userId, fields);
    const user = await findUser(deps.db, session.userId);
    if (!user) throw new Error(`session ${session.sessionId} belongs to a missing user`);
    const options = await registrationOptions(
      deps.db,
      { userId: user.user_id, loginName: user.login_name },
      relyingPartyOf(c),
    );
    if (!options) throw passkeyLimitReached();
    const reply: PasskeyOptionsReply = { options: { ...options } };
    return ok(c, reply);
  });

  signed.post(ApiPath.passkeyRegister, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, passkeyRegisterRequestSchema);
    const response = readFidoResponse<RegistrationResponseJSON>(fields.fidoVerifyCode);
    const added = await registerPasskey(
      deps.db,
      session.userId,
      fields.name,
      response,
      relyingPartyOf(c),
    );
    if (added === 'limit') throw passkeyLimitReached();
    if (added === 'invalid') throw passkeyInvalid();
    // A new way in: API keys wait, and the owner is told.
    await markSecurityChanged(deps.db, session.userId, deps.config.securityLockMs);
    await sendSecurityAlert(deps.alerts, session.userId, 'passkeyAdded');
    return ok(c, added);
  });

  signed.post(ApiPath.passkeyList, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    const reply: PasskeyListReply = { items: await listPasskeys(deps.db, session.userId) };
    return ok(c, reply);
  });

  signed.post(ApiPath.passkeyRemove, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, passkeyRemoveRequestSchema);
    await checkCurrentFactors(c, deps, session.userId, fields);
    if (!(await removePasskey(deps.db, session.userId, fields.id))) {
      throw new RefusedError({
        status: 404,
        code: AccountCode.passkeyNotFound,
        message: 'id: no passkey of this account has that id',
      });
    }
    await sendSecurityAlert(deps.alerts, session.userId, 'passkeyRemoved');
    return ok(c, null);
  });

  // A visitor about to sign in with a passkey alone: counted per client address, since each
  // challenge is a row until it is used or swept.
  routes.post(ApiPath.passkeyOptions, async (c) => {
    await readJsonBody(c, emptyRequestSchema);
    await limitPerAddress(
      c,
      deps.db,
      'passkey-challenge',
      deps.config.passkeyChallengesPerIp,
      'passkey sign-ins',
    );
    const { token, options } = await signInOptions(deps.db, relyingPartyOf(c));
    const reply: PasskeySignInOptionsReply = { token, options: { ...options } };
    return ok(c, reply);
  });

  // SPEC 7's verifySystemLogin, read as signing in with a passkey the system holds: the challenge
  // is used up first, so each try costs a new one; a wrong answer for an account of ours counts
  // against it and the address like a wrong code.
  routes.post(ApiPath.verifySystemLogin, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, verifySystemLoginRequestSchema);
    const response = readFidoResponse<AuthenticationResponseJSON>(fields.fidoVerifyCode);
    const challenge = await takeSignInChallenge(deps.db, fields.token);
    const owner = challenge === null ? null : await passkeyOwner(deps.db, response.id);
    if (challenge === null || owner === null) throw passkeyInvalid();
    const rp = relyingPartyOf(c);
    const right = await throttledFactorCheck(
      c,
      deps,
      owner,
      () => verifyPasskeyAnswer(deps.db, owner, response, challenge, rp, true),
      (passed) => passed,
    );
    if (!right) {
      await recordSignIn(deps.db, owner, deviceOf(c), SignInResult.wrongCode, SignInFactor.passkey);
      throw passkeyInvalid();
    }
    const user = await findUser(deps.db, owner);
    if (!user) throw passkeyInvalid();
    if (user.frozen) {
      await recordSignIn(deps.db, owner, deviceOf(c), SignInResult.frozen, SignInFactor.passkey);
      throw new RefusedError({
        status: 403,
        code: ErrorCode.accountFrozen,
        message: 'the account is frozen',
      });
    }
    await signIn(c, deps, user, clientKey, SignInFactor.passkey);
    return ok(c, toSessionReply(user, false));
  });
}

const passkeyLimitReached = () =>
  new RefusedError({
    status: 409,
    code: AccountCode.passkeyLimitReached,
    message: 'the account holds the most passkeys it may; remove one first',
  });
