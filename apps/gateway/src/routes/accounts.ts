import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  isStrongPassword,
  loginRequestSchema,
  PASSWORD_MIN_LENGTH,
  registerEmailRequestSchema,
  registerMobileAndEmailRequestSchema,
  registerMobileRequestSchema,
  SignInFactor,
  SignInResult,
} from '@exchange-web/protocol/schemas';
import {
  VerifyChannel,
  VerifyCodeRule,
  VerifyScene,
  type SendVerifyCodeReply,
} from '@exchange-web/protocol/verification';
import {
  AuthenticatorRule,
  RECOVERY_CODE_PATTERN,
  SecondFactor,
  verifyLoginRequestSchema,
  resendLoginCodeRequestSchema,
  type VerifyLoginRequest,
  type SecondFactorReply,
} from '@exchange-web/protocol/authenticator';
import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';
import {
  areaCodeDigits,
  canonicalEmail,
  mobileLoginName,
  parseLoginName,
  type LoginNameQuery,
} from '../accounts/login-names';
import type { Authenticators } from '../accounts/authenticator';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import type { SessionStore, SignInDevice } from '../accounts/sessions';
import { recordSignIn } from '../accounts/sign-in-history';
import {
  secondFactorsOf,
  ticketChallenge,
  ticketOptions,
  verifyPasskeyAnswer,
} from '../accounts/passkeys';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { toSessionReply } from '../accounts/user-info';
import { forgiveLoginAttempt, reserveLoginAttempt } from '../accounts/throttle';
import {
  findLoginCandidate,
  findUser,
  insertUser,
  isRegistered,
  type NewUser,
  type UserIdentity,
  type UserRow,
} from '../accounts/users';
import type { AccountsConfig, VerificationConfig } from '../config';
import { contactOf, ticketCodeMatches } from '../accounts/new-device';
import type { Deliveries } from '../messaging/delivery';
import { sendSignInCode, signInCodeRoute } from './sign-in-code';
import { verifyCodeInvalid } from './verification';
import type { Database } from '../db/database';
import type { ChallengeGuard } from '../http/challenge-guard';
import { clientIp } from '../http/client-ip';
import { checkKnownDevice } from '../http/device-check';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import type { LoginBodyReader } from '../http/read-login-body';
import type { Routes } from '../http/routes';
import { writeSessionCookies } from '../http/session-cookies';
import { bindSessionKey, recordDeviceKey, type ClientKey } from '../signing/client-keys';
import { useCodes, type CodeClaim } from '../verification/codes';
import { authenticatorCodeInvalid, throttledFactorCheck } from './authenticator';
import { passkeyInvalid, readFidoResponse, relyingPartyOf } from './passkey-answer';

export interface AccountRouteDeps {
  db: Database;
  sessions: SessionStore;
  config: AccountsConfig & Pick<VerificationConfig, 'registerVerify' | 'newDeviceVerify'>;
  /** Reads the encrypted (or allowed plaintext) bodies of these login-encryption paths. */
  loginBody: LoginBodyReader;
  /** The human-verification rules of registration and login (SPEC 4). */
  challenges: ChallengeGuard;
  /** Second factors: an account with an authenticator signs in in two steps. */
  authenticators: Authenticators;
  /** The transports of the codes of sign-ins from new devices. */
  deliveries: Deliveries;
  logWarning: (message: string) => void;
}

/** One message for a wrong login name and a wrong password: the reply never says which. */
const WRONG_CREDENTIALS = 'the login name or password is incorrect';

// A hash to check the password against when no account has the name, so that a wrong name
// takes as long as a wrong password. Made once, lazily, from a password nobody knows.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(32).toString('base64url')));

/** A registration's passwords: equal when both are sent, and strong (the protocol's rule). */
function checkNewPassword(pwd: string, rePwd: string | undefined): void {
  if (rePwd !== undefined && rePwd !== pwd) {
    throw new RefusedError({
      status: 400,
      code: AccountCode.passwordsDiffer,
      message: 'rePwd: the two passwords differ',
    });
  }
  if (!isStrongPassword(pwd)) {
    throw new RefusedError({
      status: 400,
      code: AccountCode.weakPassword,
      message: `pwd: use at least ${PASSWORD_MIN_LENGTH} characters with a letter and a digit`,
    });
  }
}

const loginTicketInvalid = () =>
  new RefusedError({
    status: 401,
    code: AccountCode.loginTicketInvalid,
    message: 'token: this sign-in expired or was finished; log in with the password again',
  });

const loginNameTaken = () =>
  new RefusedError({
    status: 409,
    code: AccountCode.loginNameTaken,
    message: 'this login name is already registered',
  });

/** The code an e-mail registration presents for its address. */
const emailClaim = (email: string, code: string | undefined): CodeClaim => ({
  target: { scene: VerifyScene.register, channel: VerifyChannel.email, recipient: email },
  code,
});

/** The code a mobile registration presents for its number (its login-name form). */
const mobileClaim = (loginName: string, code: string | undefined): CodeClaim => ({
  target: { scene: VerifyScene.register, channel: VerifyChannel.mobile, recipient: loginName },
  code,
});

/** Where a request comes from, as a sign-in records it. */
export const deviceOf = (c: Context): SignInDevice => ({
  ip: clientIp(c),
  userAgent: c.req.header('user-agent') ?? '',
});

/** Which factor decided a second step: the app's code, or one of the recovery codes. */
const factorOfCode = (code: string): SignInFactor =>
  RECOVERY_CODE_PATTERN.test(code) ? SignInFactor.recoveryCode : SignInFactor.authenticator;

/** A ticket of an account that has an app or a passkey: they are asked, never an e-mailed code. */
const ticketTakesNoCode = () =>
  new RefusedError({
    status: 400,
    code: GatewayCode.validationFailed,
    message: 'token: this sign-in takes the authenticator app or a passkey, not a sent code',
  });

/**
 * Starts the user's session and sets the session cookies on the reply, recording the sign-in
 * with the factor that decided it. The client key of an encrypted body is bound to the session,
 * so its core calls can be signed, and recorded as a device of the user; a plaintext body binds
 * nothing (SPEC 7, README).
 */
export async function signIn(
  c: Context,
  deps: Pick<AccountRouteDeps, 'db' | 'sessions'> & { config: AccountsConfig },
  user: UserIdentity,
  clientKey: ClientKey | undefined,
  factor: SignInFactor,
): Promise<void> {
  const started = await deps.sessions.start(user.user_id, deviceOf(c));
  if (clientKey) {
    await bindSessionKey(deps.db, started.sessionId, clientKey);
    await recordDeviceKey(deps.db, user.user_id, clientKey);
  }
  writeSessionCookies(c, started, deps.config);
  await recordSignIn(deps.db, user.user_id, deviceOf(c), SignInResult.success, factor);
}

/**
 * Creates a main account and signs it in. With verification on (the default), the codes sent to
 * its address and number must come first: anything but live, right codes answers 21017, and a
 * registered address (sent a notice, never a code) answers just so. Only the holder of a fresh
 * address's code reaches the lookup, whose 21001 then tells nothing new (a race of two
 * registrations). Off, the registration is challenged and a taken name answers 21001.
 */
async function register(
  c: Context,
  deps: AccountRouteDeps,
  account: Omit<NewUser, 'passwordHash'>,
  passwords: { pwd: string; rePwd: string | undefined },
  clientKey: ClientKey | undefined,
  claims: readonly CodeClaim[],
) {
  checkNewPassword(passwords.pwd, passwords.rePwd);
  if (deps.config.registerVerify) {
    // After the body's own checks, so a typo costs no try; before any lookup of the name. The
    // codes are used here, whatever follows: a registration that then finds the name taken
    // (21001) has spent them. The challenge moved to sendVerifyCode, where the cost is.
    if (!(await useCodes(deps.db, claims))) throw verifyCodeInvalid();
  } else {
    // After the body's own checks, so a typo costs no challenge; before any lookup, so a bot
    // cannot probe which names are taken without solving one.
    await deps.challenges.checkRegistration(c);
  }
  // Checked first so a taken name costs no password hash; the insert's constraints still decide.
  if (await isRegistered(deps.db, account)) throw loginNameTaken();
  const passwordHash = await hashPassword(passwords.pwd);
  const user = await insertUser(deps.db, { ...account, passwordHash });
  if (!user) throw loginNameTaken();
  await signIn(c, deps, user, clientKey, SignInFactor.registration);
  return ok(c, toSessionReply(user, false));
}

/** Checks a login; refusals are thrown, counted against the name and the IP. */
async function authenticate(
  c: Context,
  deps: AccountRouteDeps,
  name: LoginNameQuery,
  pwd: string,
): Promise<UserIdentity> {
  const ip = clientIp(c);
  const verdict = await reserveLoginAttempt(deps.db, deps.config, name.key, ip);
  if (!verdict.allowed) {
    throw new RefusedError({
      status: 429,
      code: AccountCode.tooManyAttempts,
      message: 'too many failed login attempts; try again later',
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  const user = await findLoginCandidate(deps.db, name);
  const matches = await verifyPassword(pwd, user?.password_hash ?? (await getDummyHash()));
  // The owner sees wrong passwords given for their account in its history.
  if (user && !matches) {
    await recordSignIn(
      deps.db,
      user.user_id,
      deviceOf(c),
      SignInResult.wrongPassword,
      SignInFactor.password,
    );
  }
  if (!user || !matches) {
    throw new RefusedError({
      status: 401,
      code: AccountCode.wrongCredentials,
      message: WRONG_CREDENTIALS,
    });
  }
  await forgiveLoginAttempt(deps.db, name.key, ip);
  // Told only to whoever knows the password, so the freeze of an account does not leak.
  if (user.frozen) {
    await recordSignIn(
      deps.db,
      user.user_id,
      deviceOf(c),
      SignInResult.frozen,
      SignInFactor.password,
    );
    throw new RefusedError({
      status: 403,
      code: ErrorCode.accountFrozen,
      message: 'the account is frozen',
    });
  }
  return user;
}

/**
 * A passkey's answer to the challenge the ticket gave it: true when it verifies for one of the
 * account's passkeys. A ticket that gave none (no passkey when the password was checked) takes
 * no answer.
 */
async function passkeyStep(
  c: Context,
  deps: AccountRouteDeps,
  userId: string,
  ticket: string,
  fidoVerifyCode: string,
): Promise<boolean> {
  const response = readFidoResponse<AuthenticationResponseJSON>(fidoVerifyCode);
  const challenge = await ticketChallenge(deps.db, ticket);
  if (challenge === null) return false;
  return verifyPasskeyAnswer(deps.db, userId, response, challenge, relyingPartyOf(c), false);
}

/** Registration (email, mobile, both) and login (SPEC 7; payload shapes are the protocol's). */
export function registerAccountRoutes(routes: Routes, deps: AccountRouteDeps) {
  routes.post(ApiPath.registerEmail, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, registerEmailRequestSchema);
    const canonical = canonicalEmail(fields.email);
    const account = { loginName: canonical, email: canonical, areaCode: null, mobile: null };
    const claims = [emailClaim(canonical, fields.emailCode)];
    return register(c, deps, account, { pwd: fields.pwd, rePwd: fields.rePwd }, clientKey, claims);
  });

  routes.post(ApiPath.registerMobile, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, registerMobileRequestSchema);
    const account = {
      loginName: mobileLoginName(fields.areaCode, fields.mobile),
      email: null,
      areaCode: areaCodeDigits(fields.areaCode),
      mobile: fields.mobile,
    };
    const claims = [mobileClaim(account.loginName, fields.mobileCode)];
    return register(c, deps, account, { pwd: fields.pwd, rePwd: fields.rePwd }, clientKey, claims);
  });

  // SPEC 7 is silent on which name such an account logs in with: its email is the login name,
  // and login by the mobile number works too (findLoginCandidate).
  routes.post(ApiPath.registerMobileAndEmail, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, registerMobileAndEmailRequestSchema);
    const email = canonicalEmail(fields.email);
    const account = {
      loginName: email,
      email,
      areaCode: areaCodeDigits(fields.areaCode),
      mobile: fields.mobile,
    };
    // Always in this order (e-mail, then mobile): useCodes locks the rows in the claims' order.
    const claims = [
      emailClaim(email, fields.emailCode),
      mobileClaim(mobileLoginName(fields.areaCode, fields.mobile), fields.mobileCode),
    ];
    return register(c, deps, account, { pwd: fields.pwd, rePwd: fields.rePwd }, clientKey, claims);
  });

  routes.post(ApiPath.login, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, loginRequestSchema);
    const name = parseLoginName(fields.loginName);
    // Before the attempt is counted, so a challenged login counts no failure.
    await deps.challenges.checkLoginAttempt(c, name.key);
    const user = await authenticate(c, deps, name, fields.pwd);
    // Checked before this login's key is recorded: "known" means seen at an earlier sign-in.
    const deviceKnown = await checkKnownDevice(c, deps.db, user.user_id);
    // After the password (a stranger learns nothing of the account), before the session exists.
    await deps.challenges.checkLoginDevice(c, user.user_id, deviceKnown);
    // An account with an authenticator or a passkey: no session yet, a ticket for the second
    // step instead, with a passkey challenge when the account has one. Without either, a device
    // no earlier sign-in's key vouches for (or that sent no device check) gets a code by e-mail.
    const factors = await secondFactorsOf(deps.db, user.user_id);
    const codeNeeded = factors.length === 0 && deps.config.newDeviceVerify && deviceKnown !== true;
    if (factors.length > 0 || codeNeeded) {
      // The code's way is checked before any ticket: a gateway that cannot send it answers 50300.
      const account = codeNeeded ? await findUser(deps.db, user.user_id) : undefined;
      const codeRoute = account && signInCodeRoute(deps, account);
      await recordSignIn(
        deps.db,
        user.user_id,
        deviceOf(c),
        SignInResult.secondFactorAsked,
        SignInFactor.password,
      );
      const token = await deps.authenticators.issueLoginTicket(user.user_id);
      // A send refused or failed (42900, 50201) leaves no ticket behind.
      const sent =
        account &&
        codeRoute &&
        (await sendSignInCode(c, deps, account, codeRoute, token).catch(async (error: unknown) => {
          await deps.authenticators.endLoginTicket(token);
          throw error;
        }));
      const passkeyOptions = factors.includes(SecondFactor.passkey)
        ? await ticketOptions(deps.db, token, user.user_id, relyingPartyOf(c))
        : undefined;
      const reply: SecondFactorReply = {
        secondFactor: {
          token,
          factors: sent ? [sent.factor] : factors,
          expiresInSeconds: AuthenticatorRule.loginTicketTtlSeconds,
          ...(passkeyOptions ? { passkeyOptions: { ...passkeyOptions } } : {}),
          ...(sent
            ? { codeSentTo: sent.codeSentTo, resendAfterSeconds: VerifyCodeRule.resendAfterSeconds }
            : {}),
        },
      };
      return ok(c, reply);
    }
    await signIn(c, deps, user, clientKey, SignInFactor.password);
    const reply = toSessionReply(user, false);
    return ok(c, deviceKnown === undefined ? reply : { ...reply, deviceKnown });
  });

  // The second step (README "Account security"): the ticket of the password step and a code of
  // the authenticator or a recovery code, a passkey's answer to the ticket's challenge, or the
  // code sent to the account's address for a new device. A ticket takes a few wrong answers, then
  // is void; every wrong one counts against the account and the address too. The session starts
  // here, bound to this body's client key (which makes the device a known one next time).
  routes.post(ApiPath.verifyLogin, async (c) => {
    const { fields, clientKey } = await deps.loginBody.read(c, verifyLoginRequestSchema);
    const ticket = await deps.authenticators.findLoginTicket(fields.token);
    if (!ticket) throw loginTicketInvalid();
    if (ticket.attempts >= AuthenticatorRule.loginTicketAttempts) {
      await deps.authenticators.endLoginTicket(fields.token);
      throw loginTicketInvalid();
    }
    const user = await findUser(deps.db, ticket.userId);
    if (!user) throw loginTicketInvalid();
    const answer = secondStep(c, deps, user, ticket.takesCode, fields);
    const used = await throttledFactorCheck(c, deps, user.user_id, answer.check, (right) => right);
    if (!used) {
      await deps.authenticators.countTicketFailure(fields.token);
      await recordSignIn(deps.db, user.user_id, deviceOf(c), SignInResult.wrongCode, answer.factor);
      throw answer.refusal();
    }
    // Of two racing with one ticket, one signs in.
    if (!(await deps.authenticators.endLoginTicket(fields.token))) throw loginTicketInvalid();
    await signIn(c, deps, user, clientKey, answer.factor);
    return ok(c, toSessionReply(user, false));
  });

  // Another code for a new-device sign-in, to where the first went (one a minute: 21018 sooner).
  // Only a live ticket that was sent a code may ask.
  routes.post(ApiPath.resendLoginCode, async (c) => {
    const { fields } = await deps.loginBody.read(c, resendLoginCodeRequestSchema);
    const ticket = await deps.authenticators.findLoginTicket(fields.token);
    if (!ticket) throw loginTicketInvalid();
    if (!ticket.takesCode) throw ticketTakesNoCode();
    const user = await findUser(deps.db, ticket.userId);
    if (!user) throw loginTicketInvalid();
    const sent = await sendSignInCode(c, deps, user, signInCodeRoute(deps, user), fields.token);
    const reply: SendVerifyCodeReply = {
      expiresInSeconds: sent.expiresInSeconds,
      resendAfterSeconds: VerifyCodeRule.resendAfterSeconds,
    };
    return ok(c, reply);
  });
}

/** How a second step's answer is checked, which factor it is, and what a wrong one answers. */
interface SecondStepAnswer {
  factor: SignInFactor;
  check(): Promise<boolean>;
  refusal(): RefusedError;
}

/**
 * The check of a verify-login body's answer, for the ticket's account: `takesCode` when the
 * ticket was sent a code (its account has neither an app nor a passkey), which only then is
 * taken, and only from the channel it went to.
 */
function secondStep(
  c: Context,
  deps: AccountRouteDeps,
  user: UserRow,
  takesCode: boolean,
  fields: VerifyLoginRequest,
): SecondStepAnswer {
  if ('fidoVerifyCode' in fields) {
    return {
      factor: SignInFactor.passkey,
      check: () => passkeyStep(c, deps, user.user_id, fields.token, fields.fidoVerifyCode),
      refusal: passkeyInvalid,
    };
  }
  if ('googleCode' in fields) {
    return {
      factor: factorOfCode(fields.googleCode),
      check: () => deps.authenticators.useCode(deps.db, user.user_id, fields.googleCode),
      refusal: authenticatorCodeInvalid,
    };
  }
  if (!takesCode) throw ticketTakesNoCode();
  const byEmail = 'emailCode' in fields;
  const code = byEmail ? fields.emailCode : fields.mobileCode;
  const sentByEmail = contactOf(user)?.channel === VerifyChannel.email;
  return {
    factor: byEmail ? SignInFactor.emailCode : SignInFactor.mobileCode,
    check: async () =>
      sentByEmail === byEmail && (await ticketCodeMatches(deps.db, fields.token, code)),
    refusal: verifyCodeInvalid,
  };
}
