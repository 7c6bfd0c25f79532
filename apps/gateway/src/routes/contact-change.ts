import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import {
  changeEmailRequestSchema,
  changeMobileRequestSchema,
  sendChangeCodeRequestSchema,
  type SendChangeCodeRequest,
} from '@exchange-web/protocol/contact-change';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { SecurityChangeReply } from '@exchange-web/protocol/schemas';
import {
  VerifyChannel,
  VerifyCodeRule,
  VerifyScene,
  type SendVerifyCodeReply,
} from '@exchange-web/protocol/verification';
import type { Context } from 'hono';
import type { Authenticators } from '../accounts/authenticator';
import { areaCodeDigits, canonicalEmail, mobileLoginName } from '../accounts/login-names';
import { contactOf } from '../accounts/new-device';
import { markSecurityChanged } from '../accounts/security-lock';
import type { SessionStore } from '../accounts/sessions';
import type { LoginLimits } from '../accounts/throttle';
import { findRegistered, findUser, type UserRow } from '../accounts/users';
import type { Database } from '../db/database';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import type { LoginBodyReader } from '../http/read-login-body';
import type { SignedRoutes } from '../http/signed-routes';
import type { Deliveries, SecurityAlert } from '../messaging/delivery';
import { sendSecurityAlert } from '../messaging/security-alerts';
import { useCodes, type VerifyTarget } from '../verification/codes';
import { checkCurrentFactors } from './current-factors';
import { channelUnavailable, sendNewCode, verifyCodeInvalid } from './verification';

export interface ContactChangeRouteDeps {
  db: Database;
  sessions: SessionStore;
  authenticators: Authenticators;
  loginBody: LoginBodyReader;
  config: LoginLimits & { securityLockMs: number };
  deliveries: Deliveries;
  alerts: Parameters<typeof sendSecurityAlert>[0];
  logWarning: (message: string) => void;
}

const SEND_REPLY: SendVerifyCodeReply = {
  expiresInSeconds: VerifyCodeRule.ttlSeconds,
  resendAfterSeconds: VerifyCodeRule.resendAfterSeconds,
};

const refused = (status: 400 | 409, code: string, message: string) =>
  new RefusedError({ status, code, message });

/** Where the holder's consent goes: the account's e-mail, else its number. */
function currentTarget(user: UserRow): VerifyTarget {
  const contact = contactOf(user);
  if (contact) return { scene: VerifyScene.changeContact, ...contact };
  // Main accounts are made with an address or a number; a sub-account never acts here.
  throw refused(400, GatewayCode.validationFailed, 'the account has no address to send a code to');
}

/** A new address in its canonical form, refused when it is the account's own already. */
function newTarget(
  user: UserRow,
  request: Exclude<SendChangeCodeRequest, { to: 'current' }>,
): VerifyTarget {
  if (request.to === 'email') {
    const email = canonicalEmail(request.email);
    if (email === user.email)
      throw refused(400, GatewayCode.validationFailed, 'email: this is the account’s address');
    return { scene: VerifyScene.bindContact, channel: VerifyChannel.email, recipient: email };
  }
  const number = mobileLoginName(request.areaCode, request.mobile);
  if (user.area_code !== null && user.mobile !== null)
    if (number === mobileLoginName(user.area_code, user.mobile))
      throw refused(400, GatewayCode.validationFailed, 'mobile: this is the account’s number');
  return { scene: VerifyScene.bindContact, channel: VerifyChannel.mobile, recipient: number };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Changing the account's e-mail or mobile number (README "Account security"): signed core calls of
 * the main account, their bodies login-encrypted. `sendChangeCode` sends a code to the current
 * address (the holder consents) or to the new one (it is theirs; one that belongs to another
 * account is sent a notice instead, and the reply is the same). The change takes both codes and
 * the current factors; then the other devices are signed out, API keys wait, and the owner is
 * told at the old address and the new.
 */
export function registerContactChangeRoutes(signed: SignedRoutes, deps: ContactChangeRouteDeps) {
  const accountOf = async (userId: string) => {
    const user = await findUser(deps.db, userId);
    if (!user) throw new Error(`a session belongs to a missing user ${userId}`);
    return user;
  };

  signed.post(ApiPath.sendChangeCode, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, sendChangeCodeRequestSchema);
    const user = await accountOf(session.userId);
    const target = fields.to === 'current' ? currentTarget(user) : newTarget(user, fields);
    const deliver = deps.deliveries[target.channel];
    if (!deliver) throw channelUnavailable(target.channel);
    const taken =
      fields.to !== 'current' &&
      (await findRegistered(deps.db, {
        loginName: target.recipient,
        email: fields.to === 'email' ? target.recipient : null,
        areaCode: fields.to === 'mobile' ? areaCodeDigits(fields.areaCode) : null,
        mobile: fields.to === 'mobile' ? fields.mobile.trim() : null,
      })) !== undefined;
    const antiPhishingCode = user.anti_phishing_code;
    await sendNewCode(deps, deliver, target, (code) =>
      taken
        ? { kind: 'bindNotice', antiPhishingCode }
        : { kind: 'changeCode', code, antiPhishingCode },
    );
    return ok(c, SEND_REPLY);
  });

  /** Checks the factors and both codes, makes the change, and does what follows a change. */
  const change = async (
    c: Context,
    user: UserRow,
    sessionId: string,
    proof: {
      pwd: string;
      googleCode?: string | undefined;
      verifyCode: string;
      newCode: string;
    },
    target: VerifyTarget,
    update: { sql: string; params: unknown[] },
    alert: SecurityAlert,
  ) => {
    const userId = user.user_id;
    // The address before the change: the consent's code went there, and it is told afterwards.
    const former = currentTarget(user);
    await checkCurrentFactors(c, deps, userId, proof);
    // After the factors, so a wrong password costs no code; both are used up together.
    const codes = [
      { target, code: proof.newCode },
      { target: former, code: proof.verifyCode },
    ];
    if (!(await useCodes(deps.db, codes))) throw verifyCodeInvalid();
    try {
      await deps.db.query(update.sql, [userId, ...update.params]);
    } catch (error) {
      // Another account took the address since its code was sent (a registration racing).
      if (isUniqueViolation(error))
        throw refused(409, AccountCode.loginNameTaken, 'the address belongs to another account');
      throw error;
    }
    await deps.sessions.endOtherSessions(userId, sessionId);
    const reply: SecurityChangeReply = {
      lockedUntil: await markSecurityChanged(deps.db, userId, deps.config.securityLockMs),
    };
    // The new address by the usual way, and the old one, whose holder may not have made it.
    await sendSecurityAlert(deps.alerts, userId, alert, former);
    return ok(c, reply);
  };

  signed.post(ApiPath.changeEmail, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, changeEmailRequestSchema);
    const user = await accountOf(session.userId);
    const target = newTarget(user, { to: 'email', email: fields.email });
    // An e-mail account signs in with its address: its login name follows the address.
    return change(
      c,
      user,
      session.sessionId,
      { ...fields, newCode: fields.emailCode },
      target,
      {
        sql: `UPDATE users SET email = $2, email_enabled = true, updated_at = now(),
                login_name = CASE WHEN login_name = email THEN $2::text ELSE login_name END
              WHERE user_id = $1`,
        params: [target.recipient],
      },
      'emailChanged',
    );
  });

  signed.post(ApiPath.changeMobile, async (c, session) => {
    const { fields } = await deps.loginBody.read(c, changeMobileRequestSchema);
    const user = await accountOf(session.userId);
    const target = newTarget(user, {
      to: 'mobile',
      areaCode: fields.areaCode,
      mobile: fields.mobile,
    });
    const oldNumber =
      user.area_code !== null && user.mobile !== null
        ? mobileLoginName(user.area_code, user.mobile)
        : null;
    // A mobile account signs in with its number: its login name follows the number.
    return change(
      c,
      user,
      session.sessionId,
      { ...fields, newCode: fields.mobileCode },
      target,
      {
        sql: `UPDATE users SET area_code = $2, mobile = $3, phone_enabled = true, updated_at = now(),
                login_name = CASE WHEN login_name = $5::text THEN $4::text ELSE login_name END
              WHERE user_id = $1`,
        params: [
          areaCodeDigits(fields.areaCode),
          fields.mobile.trim(),
          target.recipient,
          oldNumber,
        ],
      },
      'mobileChanged',
    );
  });
}
