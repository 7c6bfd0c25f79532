import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath, OPENID_RETURN_PATH } from '@exchange-web/protocol/paths';
import { emptyRequestSchema, SignInFactor, SignInResult } from '@exchange-web/protocol/schemas';
import {
  AuthenticatorRule,
  SecondFactor,
  type SecondFactorReply,
} from '@exchange-web/protocol/authenticator';
import {
  telegramBindRequestSchema,
  telegramCheckRequestSchema,
  telegramProofSchema,
  telegramUnbindRequestSchema,
  ThirdPartyProvider,
  walletBindRequestSchema,
  walletCheckRequestSchema,
  walletProofSchema,
  walletUnbindRequestSchema,
  openIdBindRequestSchema,
  openIdProofSchema,
  openIdUnbindRequestSchema,
  type OpenIdAuthorizeReply,
  type OpenIdProof,
  type TelegramConfigReply,
  type ThirdPartyCheckReply,
  type ThirdPartyListReply,
} from '@exchange-web/protocol/third-party';
import type { Context } from 'hono';
import { getAddress } from 'viem';
import type * as z from 'zod/mini';
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
import {
  OpenIdClient,
  OpenIdUnavailableError,
  startOpenIdSignIn,
  useOpenIdProof,
  verifyOpenIdProof,
} from '../accounts/openid';
import { useTelegramProof, verifyTelegramProof } from '../accounts/telegram-proof';
import type { LoginLimits } from '../accounts/throttle';
import { toSessionReply } from '../accounts/user-info';
import { findUser } from '../accounts/users';
import type {
  AccountsConfig,
  OpenIdClientSettings,
  ThirdPartyConfig,
  WindowLimit,
} from '../config';
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
      thirdPartyChecksPerIp: WindowLimit;
    } & ThirdPartyConfig;
  alerts: Parameters<typeof sendSecurityAlert>[0];
}

/** What a provider's refusals say: its proof, and the identity it names. */
interface ProviderWording {
  /** The field and fault of a proof that does not verify. */
  proofInvalid: string;
  /** The identity, as "this wallet". */
  identity: string;
}

const proofInvalid = (wording: ProviderWording) =>
  new RefusedError({
    status: 400,
    code: AccountCode.thirdPartyProofInvalid,
    message: wording.proofInvalid,
  });

const notBound = (wording: ProviderWording) =>
  new RefusedError({
    status: 404,
    code: AccountCode.thirdPartyNotBound,
    message: `no account has ${wording.identity}: register with it, or bind it to your account first`,
  });

const alreadyBound = (wording: ProviderWording) =>
  new RefusedError({
    status: 409,
    code: AccountCode.thirdPartyBound,
    message: `${wording.identity} already belongs to an account`,
  });

/** The origins a wallet message may be for: the site's own, and the allowed ones. */
function siteOrigins(c: Context, allowedOrigins: readonly string[]): string[] {
  const own = requestOrigin(c);
  return own ? [own, ...allowedOrigins] : [...allowedOrigins];
}

/** The current factors a bind or an unbind carries. */
type ChangeFactors = { pwd?: string | undefined; googleCode?: string | undefined };

/**
 * Proves a change of the account's ways in comes from its owner: the password and app code of
 * an account with a password (as adding a passkey takes), the app's code alone of one without,
 * nothing more than the session of one with neither.
 */
async function checkChangeFactors(
  c: Context,
  deps: ThirdPartyRouteDeps,
  userId: string,
  fields: ChangeFactors,
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

/** A proof that verified: the identity, and a use of the proof (false: it was used before). */
interface VerifiedIdentity {
  subject: string;
  use: () => Promise<boolean>;
}

/** One provider's calls: its paths, the bodies they take, and how its proof is checked. */
interface ProviderCalls<Proof, Check, Unbind> {
  provider: ThirdPartyProvider;
  paths: { register: string; sign: string; check: string; bind: string; unbind: string };
  proofSchema: z.ZodMiniType<Proof>;
  checkSchema: z.ZodMiniType<Check>;
  bindSchema: z.ZodMiniType<Proof & ChangeFactors>;
  unbindSchema: z.ZodMiniType<Unbind & ChangeFactors>;
  /** The identity a check asks about, as the identities table keeps it (a check may prove it). */
  subjectOfCheck: (c: Context, fields: Check) => Promise<string>;
  /** The identity an unbind names. */
  subjectOfUnbind: (fields: Unbind) => string;
  /** The identity a proof is for; refuses (21031) one that does not verify. */
  verify: (c: Context, proof: Proof) => Promise<VerifiedIdentity>;
  wording: ProviderWording;
}

/**
 * A provider's register, sign, check, bind and unbind (README "Third-party sign-in"): every
 * provider's proof differs, and what an account does with the identity it proves does not.
 */
function registerProviderRoutes<Proof, Check, Unbind>(
  routes: Routes,
  signed: SignedRoutes,
  deps: ThirdPartyRouteDeps,
  calls: ProviderCalls<Proof, Check, Unbind>,
) {
  const { provider, paths, wording } = calls;
  /** The identity of a proof, used up now that it is acted on. */
  const useProof = async (c: Context, proof: Proof) => {
    const identity = await calls.verify(c, proof);
    if (!(await identity.use())) throw proofInvalid(wording);
    return identity.subject;
  };

  // Whether an account has the identity: it tells a visitor only whether to sign in or register.
  routes.post(paths.check, async (c) => {
    const { fields } = await deps.loginBody.read(c, calls.checkSchema);
    // Per address: Telegram's check names a bare account id, which one could otherwise try in turn.
    await limitPerAddress(
      c,
      deps.db,
      `${provider}-check`,
      deps.config.thirdPartyChecksPerIp,
      `${provider} checks`,
    );
    const owner = await identityOwner(deps.db, provider, await calls.subjectOfCheck(c, fields));
    const reply: ThirdPartyCheckReply = { bound: owner !== null };
    return ok(c, reply);
  });

  routes.post(paths.register, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, calls.proofSchema);
    // After the body's checks, before the proof is used: a challenged registration keeps its
    // proof for the retry.
    await deps.challenges.checkRegistration(c);
    const subject = await useProof(c, fields);
    const user = await insertThirdPartyUser(deps.db, provider, subject);
    if (!user) throw alreadyBound(wording);
    await signIn(c, deps, user, clientKey, SignInFactor.registration);
    return ok(c, toSessionReply(user, false));
  });

  // Signing in: as the password step does, an account with an app or a passkey gets a ticket
  // for its second step (verifyLogin) instead of a session. A proof of an identity no account
  // has is not used up: the same one may register next.
  routes.post(paths.sign, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, calls.proofSchema);
    const identity = await calls.verify(c, fields);
    const owner = await identityOwner(deps.db, provider, identity.subject);
    const user = owner === null ? undefined : await findUser(deps.db, owner);
    if (owner === null || !user) throw notBound(wording);
    if (!(await identity.use())) throw proofInvalid(wording);
    if (user.frozen) {
      await recordSignIn(deps.db, owner, deviceOf(c), SignInResult.frozen, factorOf(provider));
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
        factorOf(provider),
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
    await signIn(c, deps, user, clientKey, factorOf(provider));
    return ok(c, toSessionReply(user, false));
  });

  signed.post(paths.bind, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, calls.bindSchema);
    await checkChangeFactors(c, deps, session.userId, fields);
    const subject = await useProof(c, fields);
    if (!(await bindIdentity(deps.db, session.userId, provider, subject)))
      throw alreadyBound(wording);
    // A new way in: API keys wait, and the owner is told.
    await markSecurityChanged(deps.db, session.userId, deps.config.securityLockMs);
    await sendSecurityAlert(deps.alerts, session.userId, 'thirdPartyBound');
    return ok(c, null);
  });

  signed.post(paths.unbind, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, calls.unbindSchema);
    await checkChangeFactors(c, deps, session.userId, fields);
    const outcome = await unbindIdentity(
      deps.db,
      session.userId,
      provider,
      calls.subjectOfUnbind(fields),
    );
    if (outcome === 'not-bound') {
      throw new RefusedError({
        status: 404,
        code: AccountCode.thirdPartyNotBound,
        message: `this account does not have ${wording.identity}`,
      });
    }
    if (outcome === 'last-way-in') {
      throw new RefusedError({
        status: 409,
        code: AccountCode.lastWayIn,
        message: `${wording.identity} is the only way into the account: bind another way in first`,
      });
    }
    await sendSecurityAlert(deps.alerts, session.userId, 'thirdPartyUnbound');
    return ok(c, null);
  });
}

/** The sign-in history's factor of a provider: the providers are factors of the same names. */
const factorOf = (provider: ThirdPartyProvider): SignInFactor => SignInFactor[provider];

const unavailable = (what: string) =>
  new RefusedError({
    status: 503,
    code: AccountCode.thirdPartyUnavailable,
    message: `${what} sign-in is not set up on this gateway, or its provider cannot be reached`,
  });

/**
 * An OpenID provider's calls (Google, Apple): `authorize` starts a sign-in and answers where to
 * send the person; the answer the provider sends back proves the account in every other call.
 */
function registerOpenIdProvider(
  routes: Routes,
  signed: SignedRoutes,
  deps: ThirdPartyRouteDeps,
  options: {
    provider: ThirdPartyProvider;
    settings: OpenIdClientSettings | undefined;
    paths: ProviderCalls<unknown, unknown, unknown>['paths'] & { authorize: string };
    name: string;
  },
) {
  const { provider, settings, paths, name } = options;
  const client = settings ? new OpenIdClient(provider, settings) : undefined;
  const wording: ProviderWording = {
    proofInvalid: `code: ${name}'s answer does not verify (its state, code or ID token) or was used`,
    identity: `this ${name} account`,
  };
  const clientOrRefuse = () => {
    if (!client) throw unavailable(name);
    return client;
  };
  /** Runs a call on the provider, its being unreachable said as such. */
  const reaching = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof OpenIdUnavailableError) throw unavailable(name);
      throw error;
    }
  };
  const verify = async (proof: OpenIdProof) => {
    const subject = await reaching(() => verifyOpenIdProof(deps.db, clientOrRefuse(), proof));
    if (subject === null) throw proofInvalid(wording);
    return subject;
  };

  // Each start is a row until used or swept: counted per client address, as wallet nonces are.
  routes.post(paths.authorize, async (c) => {
    await readJsonBody(c, emptyRequestSchema);
    const openId = clientOrRefuse();
    const origin = requestOrigin(c);
    if (!origin)
      throw new RefusedError({
        status: 400,
        code: GatewayCode.validationFailed,
        message: 'no Host',
      });
    await limitPerAddress(
      c,
      deps.db,
      `${provider}-authorize`,
      deps.config.thirdPartyNoncesPerIp,
      `${name} sign-ins`,
    );
    // The provider sends the person back to the site they started on; the URI is registered.
    const reply: OpenIdAuthorizeReply = await reaching(() =>
      startOpenIdSignIn(deps.db, openId, `${origin}${OPENID_RETURN_PATH}`),
    );
    return ok(c, reply);
  });

  registerProviderRoutes(routes, signed, deps, {
    provider,
    paths,
    proofSchema: openIdProofSchema,
    checkSchema: openIdProofSchema,
    bindSchema: openIdBindRequestSchema,
    unbindSchema: openIdUnbindRequestSchema,
    // The answer is proven once; check, then sign or register, reuse what it proved.
    subjectOfCheck: (_c, proof) => verify(proof),
    subjectOfUnbind: (fields) => fields.id,
    verify: async (_c, proof) => ({
      subject: await verify(proof),
      use: () => useOpenIdProof(deps.db, proof),
    }),
    wording,
  });
}

/**
 * Third-party sign-in (README "Third-party sign-in"): a wallet by Sign-In with Ethereum over a
 * nonce from `wallet/nonce`, Telegram by the data its login page signs under the site's bot
 * token; register, sign, check and bind as SPEC 7 names them, with unbind and the list of
 * bound identities of ours.
 */
export function registerThirdPartyRoutes(
  routes: Routes,
  signed: SignedRoutes,
  deps: ThirdPartyRouteDeps,
) {
  const walletWording: ProviderWording = {
    proofInvalid:
      'siweMessage: the signed message does not verify (its signature, site, chain, nonce or time)',
    identity: 'this wallet',
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
  registerProviderRoutes(routes, signed, deps, {
    provider: ThirdPartyProvider.wallet,
    paths: {
      register: ApiPath.walletRegister,
      sign: ApiPath.walletSign,
      check: ApiPath.walletCheck,
      bind: ApiPath.walletBind,
      unbind: ApiPath.walletUnbind,
    },
    proofSchema: walletProofSchema,
    checkSchema: walletCheckRequestSchema,
    bindSchema: walletBindRequestSchema,
    unbindSchema: walletUnbindRequestSchema,
    // An address is public on its chain; the table keeps it checksummed.
    subjectOfCheck: async (_c, fields) => getAddress(fields.publicAddress),
    subjectOfUnbind: (fields) => getAddress(fields.publicAddress),
    // The nonce is used up by the check itself, right or wrong: each message is tried once.
    verify: async (c, proof) => {
      const address = await verifyWalletProof(
        deps.db,
        proof,
        siteOrigins(c, deps.config.allowedOrigins),
      );
      if (address === null) throw proofInvalid(walletWording);
      return { subject: address, use: async () => true };
    },
    wording: walletWording,
  });

  const telegramWording: ProviderWording = {
    proofInvalid:
      "initData: Telegram's signed data does not verify (its hash, its bot, its age) or was used",
    identity: 'this Telegram account',
  };
  const telegramBotToken = () => {
    const token = deps.config.telegramBotToken;
    if (token === undefined) {
      throw new RefusedError({
        status: 503,
        code: AccountCode.thirdPartyUnavailable,
        message: 'Telegram sign-in is not set up on this gateway (GATEWAY_TELEGRAM_BOT_TOKEN)',
      });
    }
    return token;
  };
  // What the page needs to open Telegram's login page: the bot's id is the token's public part.
  routes.post(ApiPath.telegramConfig, async (c) => {
    await readJsonBody(c, emptyRequestSchema);
    const [botId = ''] = telegramBotToken().split(':');
    const reply: TelegramConfigReply = { loginUrl: deps.config.telegramLoginUrl, botId };
    return ok(c, reply);
  });
  registerProviderRoutes(routes, signed, deps, {
    provider: ThirdPartyProvider.telegram,
    paths: {
      register: ApiPath.telegramRegister,
      sign: ApiPath.telegramSign,
      check: ApiPath.telegramCheck,
      bind: ApiPath.telegramBind,
      unbind: ApiPath.telegramUnbind,
    },
    proofSchema: telegramProofSchema,
    checkSchema: telegramCheckRequestSchema,
    bindSchema: telegramBindRequestSchema,
    unbindSchema: telegramUnbindRequestSchema,
    subjectOfCheck: async (_c, fields) => fields.id,
    subjectOfUnbind: (fields) => fields.id,
    // Checked now; used up only when acted on, so an unknown account's proof may register next.
    verify: async (_c, proof) => {
      const identity = verifyTelegramProof(proof, telegramBotToken());
      if (identity === null) throw proofInvalid(telegramWording);
      return { subject: identity.subject, use: () => useTelegramProof(deps.db, identity) };
    },
    wording: telegramWording,
  });

  registerOpenIdProvider(routes, signed, deps, {
    provider: ThirdPartyProvider.google,
    settings: deps.config.google,
    paths: {
      authorize: ApiPath.googleAuthorize,
      register: ApiPath.googleRegister,
      sign: ApiPath.googleSign,
      check: ApiPath.googleCheck,
      bind: ApiPath.googleBind,
      unbind: ApiPath.googleUnbind,
    },
    name: 'Google',
  });
  registerOpenIdProvider(routes, signed, deps, {
    provider: ThirdPartyProvider.apple,
    settings: deps.config.apple,
    paths: {
      authorize: ApiPath.appleAuthorize,
      register: ApiPath.appleRegister,
      sign: ApiPath.appleSign,
      check: ApiPath.appleCheck,
      bind: ApiPath.appleBind,
      unbind: ApiPath.appleUnbind,
    },
    name: 'Apple',
  });

  signed.post(ApiPath.thirdPartyList, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    const reply: ThirdPartyListReply = await listIdentities(deps.db, session.userId);
    return ok(c, reply);
  });
}
