import { AccountCode, ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { emptyRequestSchema, SignInFactor, SignInResult } from '@exchange-web/protocol/schemas';
import {
  AuthenticatorRule,
  SecondFactor,
  type SecondFactorReply,
} from '@exchange-web/protocol/authenticator';
import {
  ThirdPartyProvider,
  walletBindRequestSchema,
  walletCheckRequestSchema,
  walletProofSchema,
  walletUnbindRequestSchema,
  type ThirdPartyCheckReply,
  type ThirdPartyListReply,
  type WalletProof,
} from '@exchange-web/protocol/third-party';
import type { Context } from 'hono';
import { getAddress } from 'viem';
import type { Authenticators } from '../accounts/authenticator';
import { secondFactorsOf, ticketOptions } from '../accounts/passkeys';
import { markSecurityChanged } from '../accounts/security-lock';
import type { SessionStore } from '../accounts/sessions';
import { recordSignIn } from '../accounts/sign-in-history';
import {
  bindIdentity,
  hasPassword,
  identityOwner,
  insertThirdPartyUser,
  issueWalletNonce,
  listIdentities,
  unbindIdentity,
  verifyWalletProof,
} from '../accounts/third-party';
import type { LoginLimits } from '../accounts/throttle';
import { toSessionReply } from '../accounts/user-info';
import { findUser } from '../accounts/users';
import type { AccountsConfig, WindowLimit } from '../config';
import type { Database } from '../db/database';
import type { ChallengeGuard } from '../http/challenge-guard';
import { requestOrigin } from '../http/csrf-guard';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import { limitPerAddress } from '../http/rate-limit';
import type { LoginBodyReader } from '../http/read-login-body';
import { readJsonBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import type { SignedRoutes } from '../http/signed-routes';
import { sendSecurityAlert } from '../messaging/security-alerts';
import { deviceOf, signIn } from './accounts';
import { authenticatorCodeInvalid, throttledFactorCheck } from './authenticator';
import { checkCurrentFactors } from './current-factors';
import { relyingPartyOf } from './passkey-answer';

export interface ThirdPartyRouteDeps {
  db: Database;
  sessions: SessionStore;
  authenticators: Authenticators;
  loginBody: LoginBodyReader;
  challenges: ChallengeGuard;
  config: AccountsConfig &
    LoginLimits & {
      securityLockMs: number;
      allowedOrigins: readonly string[];
      thirdPartyNoncesPerIp: WindowLimit;
    };
  alerts: Parameters<typeof sendSecurityAlert>[0];
}

const proofInvalid = () =>
  new RefusedError({
    status: 400,
    code: AccountCode.thirdPartyProofInvalid,
    message:
      'siweMessage: the signed message does not verify (its signature, site, chain, nonce or time)',
  });

const notBound = () =>
  new RefusedError({
    status: 404,
    code: AccountCode.thirdPartyNotBound,
    message: 'no account has this wallet: register with it, or bind it to your account first',
  });

const alreadyBound = () =>
  new RefusedError({
    status: 409,
    code: AccountCode.thirdPartyBound,
    message: 'this wallet already belongs to an account',
  });

/** The origins a wallet message may be for: the site's own, and the allowed ones. */
function siteOrigins(c: Context, allowedOrigins: readonly string[]): string[] {
  const own = requestOrigin(c);
  return own ? [own, ...allowedOrigins] : [...allowedOrigins];
}

/**
 * Proves a change of the account's ways in comes from its owner: the password and app code of
 * an account with a password (as adding a passkey takes), the app's code alone of one without,
 * nothing more than the session of one with neither.
 */
async function checkChangeFactors(
  c: Context,
  deps: ThirdPartyRouteDeps,
  userId: string,
  fields: { pwd?: string | undefined; googleCode?: string | undefined },
): Promise<void> {
  if (await hasPassword(deps.db, userId)) {
    await checkCurrentFactors(c, deps, userId, { ...fields, pwd: fields.pwd ?? '' });
    return;
  }
  if (!(await deps.authenticators.isBound(deps.db, userId))) return;
  const code = fields.googleCode;
  const right =
    code !== undefined &&
    (await throttledFactorCheck(
      c,
      deps,
      userId,
      () => deps.authenticators.useCode(deps.db, userId, code),
      (used) => used,
    ));
  if (!right) throw authenticatorCodeInvalid();
}

/**
 * Wallet sign-in (README "Third-party sign-in"): Sign-In with Ethereum over a nonce from
 * `wallet/nonce`; register, sign, check and bind as SPEC 7 names them, with unbind and the
 * list of bound identities of ours.
 */
export function registerThirdPartyRoutes(
  routes: Routes,
  signed: SignedRoutes,
  deps: ThirdPartyRouteDeps,
) {
  const provider = ThirdPartyProvider.wallet;
  const verify = async (c: Context, proof: WalletProof) => {
    const address = await verifyWalletProof(
      deps.db,
      proof,
      siteOrigins(c, deps.config.allowedOrigins),
    );
    if (address === null) throw proofInvalid();
    return address;
  };

  // Each nonce is a row until it is used or swept: counted per client address.
  routes.post(ApiPath.walletNonce, async (c) => {
    await readJsonBody(c, emptyRequestSchema);
    await limitPerAddress(
      c,
      deps.db,
      'wallet-nonce',
      deps.config.thirdPartyNoncesPerIp,
      'wallet sign-in messages',
    );
    return ok(c, await issueWalletNonce(deps.db));
  });

  // Whether an account has the wallet: an address is public on its chain, so this tells a
  // visitor only whether to sign in or register with it.
  routes.post(ApiPath.walletCheck, async (c) => {
    const { fields } = await deps.loginBody.read(c, walletCheckRequestSchema);
    const owner = await identityOwner(deps.db, provider, getAddress(fields.publicAddress));
    const reply: ThirdPartyCheckReply = { bound: owner !== null };
    return ok(c, reply);
  });

  routes.post(ApiPath.walletRegister, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, walletProofSchema);
    // After the body's checks, before the proof's nonce is used: a challenged registration
    // keeps its signed message for the retry.
    await deps.challenges.checkRegistration(c);
    const address = await verify(c, fields);
    const user = await insertThirdPartyUser(deps.db, provider, address);
    if (!user) throw alreadyBound();
    await signIn(c, deps, user, clientKey, SignInFactor.registration);
    return ok(c, toSessionReply(user, false));
  });

  // Signing in with the wallet: as the password step does, an account with an app or a passkey
  // gets a ticket for its second step (verifyLogin) instead of a session.
  routes.post(ApiPath.walletSign, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, walletProofSchema);
    const address = await verify(c, fields);
    const owner = await identityOwner(deps.db, provider, address);
    if (owner === null) throw notBound();
    const user = await findUser(deps.db, owner);
    if (!user) throw notBound();
    if (user.frozen) {
      await recordSignIn(deps.db, owner, deviceOf(c), SignInResult.frozen, SignInFactor.wallet);
      throw new RefusedError({
        status: 403,
        code: ErrorCode.accountFrozen,
        message: 'the account is frozen',
      });
    }
    const factors = await secondFactorsOf(deps.db, owner);
    if (factors.length > 0) {
      await recordSignIn(
        deps.db,
        owner,
        deviceOf(c),
        SignInResult.secondFactorAsked,
        SignInFactor.wallet,
      );
      const token = await deps.authenticators.issueLoginTicket(owner);
      const passkeyOptions = factors.includes(SecondFactor.passkey)
        ? await ticketOptions(deps.db, token, owner, relyingPartyOf(c))
        : undefined;
      const reply: SecondFactorReply = {
        secondFactor: {
          token,
          factors,
          expiresInSeconds: AuthenticatorRule.loginTicketTtlSeconds,
          ...(passkeyOptions ? { passkeyOptions: { ...passkeyOptions } } : {}),
        },
      };
      return ok(c, reply);
    }
    await signIn(c, deps, user, clientKey, SignInFactor.wallet);
    return ok(c, toSessionReply(user, false));
  });

  signed.post(ApiPath.walletBind, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, walletBindRequestSchema);
    await checkChangeFactors(c, deps, session.userId, fields);
    const address = await verify(c, fields);
    if (!(await bindIdentity(deps.db, session.userId, provider, address))) throw alreadyBound();
    // A new way in: API keys wait, and the owner is told.
    await markSecurityChanged(deps.db, session.userId, deps.config.securityLockMs);
    await sendSecurityAlert(deps.alerts, session.userId, 'thirdPartyBound');
    return ok(c, null);
  });

  signed.post(ApiPath.walletUnbind, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, walletUnbindRequestSchema);
    await checkChangeFactors(c, deps, session.userId, fields);
    const outcome = await unbindIdentity(
      deps.db,
      session.userId,
      provider,
      getAddress(fields.publicAddress),
    );
    if (outcome === 'not-bound') {
      throw new RefusedError({
        status: 404,
        code: AccountCode.thirdPartyNotBound,
        message: 'publicAddress: this account has no such wallet',
      });
    }
    if (outcome === 'last-way-in') {
      throw new RefusedError({
        status: 409,
        code: AccountCode.lastWayIn,
        message: 'this wallet is the only way into the account: bind another way in first',
      });
    }
    await sendSecurityAlert(deps.alerts, session.userId, 'thirdPartyUnbound');
    return ok(c, null);
  });

  signed.post(ApiPath.thirdPartyList, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    const reply: ThirdPartyListReply = await listIdentities(deps.db, session.userId);
    return ok(c, reply);
  });
}
