import { AccountCode, ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  isStrongPassword,
  loginRequestSchema,
  PASSWORD_MIN_LENGTH,
  registerEmailRequestSchema,
  registerMobileAndEmailRequestSchema,
  registerMobileRequestSchema,
} from '@exchange-web/protocol/schemas';
import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';
import {
  areaCodeDigits,
  canonicalEmail,
  mobileLoginName,
  parseLoginName,
} from '../accounts/login-names';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import type { SessionStore } from '../accounts/sessions';
import { toSessionReply } from '../accounts/user-info';
import { forgiveLoginAttempt, reserveLoginAttempt } from '../accounts/throttle';
import {
  findLoginCandidate,
  insertUser,
  isRegistered,
  type NewUser,
  type UserIdentity,
} from '../accounts/users';
import type { AccountsConfig } from '../config';
import type { Database } from '../db/database';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import { readJsonBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import { writeSessionCookies } from '../http/session-cookies';

export interface AccountRouteDeps {
  db: Database;
  sessions: SessionStore;
  config: AccountsConfig;
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
    throw new RefusedError('rePwd: the two passwords differ', AccountCode.passwordsDiffer, 400);
  }
  if (!isStrongPassword(pwd)) {
    throw new RefusedError(
      `pwd: use at least ${PASSWORD_MIN_LENGTH} characters with a letter and a digit`,
      AccountCode.weakPassword,
      400,
    );
  }
}

const loginNameTaken = () =>
  new RefusedError('this login name is already registered', AccountCode.loginNameTaken, 409);

/** Starts the user's session (ending its others) and sets the session cookies on the reply. */
async function signIn(c: Context, deps: AccountRouteDeps, user: UserIdentity): Promise<void> {
  const issued = await deps.sessions.start(user.user_id, {
    ip: clientIp(c),
    userAgent: c.req.header('user-agent') ?? '',
  });
  writeSessionCookies(c, issued, deps.config);
}

/** Creates a main account and signs it in; a taken email, mobile or login name is refused. */
async function register(
  c: Context,
  deps: AccountRouteDeps,
  account: Omit<NewUser, 'passwordHash'>,
  passwords: { pwd: string; rePwd: string | undefined },
) {
  checkNewPassword(passwords.pwd, passwords.rePwd);
  // Checked first so a taken name costs no password hash; the insert's constraints still decide.
  if (await isRegistered(deps.db, account)) throw loginNameTaken();
  const passwordHash = await hashPassword(passwords.pwd);
  const user = await insertUser(deps.db, { ...account, passwordHash });
  if (!user) throw loginNameTaken();
  await signIn(c, deps, user);
  return ok(c, toSessionReply(user, false));
}

/** Checks a login; refusals are thrown, counted against the name and the IP. */
async function authenticate(
  c: Context,
  deps: AccountRouteDeps,
  typedLoginName: string,
  pwd: string,
): Promise<UserIdentity> {
  const name = parseLoginName(typedLoginName);
  const ip = clientIp(c);
  const verdict = await reserveLoginAttempt(deps.db, deps.config, name.key, ip);
  if (!verdict.allowed) {
    throw new RefusedError(
      'too many failed login attempts; try again later',
      AccountCode.tooManyAttempts,
      429,
      verdict.retryAfterSeconds,
    );
  }
  const user = await findLoginCandidate(deps.db, name);
  const matches = await verifyPassword(pwd, user?.password_hash ?? (await getDummyHash()));
  if (!user || !matches) {
    throw new RefusedError(WRONG_CREDENTIALS, AccountCode.wrongCredentials, 401);
  }
  await forgiveLoginAttempt(deps.db, name.key, ip);
  // Told only to whoever knows the password, so the freeze of an account does not leak.
  if (user.frozen) throw new RefusedError('the account is frozen', ErrorCode.accountFrozen, 403);
  return user;
}

/** Registration (email, mobile, both) and login (SPEC 7; payload shapes are the protocol's). */
export function registerAccountRoutes(routes: Routes, deps: AccountRouteDeps) {
  routes.post(ApiPath.registerEmail, async (c) => {
    const { email, pwd, rePwd } = await readJsonBody(c, registerEmailRequestSchema);
    const canonical = canonicalEmail(email);
    const account = { loginName: canonical, email: canonical, areaCode: null, mobile: null };
    return register(c, deps, account, { pwd, rePwd });
  });

  routes.post(ApiPath.registerMobile, async (c) => {
    const { areaCode, mobile, pwd, rePwd } = await readJsonBody(c, registerMobileRequestSchema);
    const account = {
      loginName: mobileLoginName(areaCode, mobile),
      email: null,
      areaCode: areaCodeDigits(areaCode),
      mobile,
    };
    return register(c, deps, account, { pwd, rePwd });
  });

  // SPEC 7 is silent on which name such an account logs in with: its email is the login name,
  // and login by the mobile number works too (findLoginCandidate).
  routes.post(ApiPath.registerMobileAndEmail, async (c) => {
    const body = await readJsonBody(c, registerMobileAndEmailRequestSchema);
    const email = canonicalEmail(body.email);
    const account = {
      loginName: email,
      email,
      areaCode: areaCodeDigits(body.areaCode),
      mobile: body.mobile,
    };
    return register(c, deps, account, { pwd: body.pwd, rePwd: body.rePwd });
  });

  routes.post(ApiPath.login, async (c) => {
    const { loginName, pwd } = await readJsonBody(c, loginRequestSchema);
    const user = await authenticate(c, deps, loginName, pwd);
    await signIn(c, deps, user);
    return ok(c, toSessionReply(user, false));
  });
}
