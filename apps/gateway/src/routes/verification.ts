import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  sendVerifyCodeRequestSchema,
  VerifyChannel,
  VerifyCodeRule,
  type SendVerifyCodeReply,
  type SendVerifyCodeRequest,
} from '@exchange-web/protocol/verification';
import { areaCodeDigits, canonicalEmail, mobileLoginName } from '../accounts/login-names';
import { findRegistered, type NewUser } from '../accounts/users';
import type { VerificationConfig } from '../config';
import type { Database } from '../db/database';
import type { ChallengeGuard } from '../http/challenge-guard';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import { readJsonBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import {
  carriesCode,
  DeliveryError,
  type Deliver,
  type Deliveries,
  type VerifyMessage,
} from '../messaging/delivery';
import {
  forgetCode,
  newVerifyCode,
  codeHash,
  secondsUntilResend,
  storeCode,
  unmatchableHash,
  type VerifyTarget,
} from '../verification/codes';

export interface VerificationRouteDeps {
  db: Database;
  config: Pick<VerificationConfig, 'registerVerify'>;
  /** The transports of the configuration; a channel without one answers 50300. */
  deliveries: Deliveries;
  /** The register rule (scene `register`) applies here while registration is verified. */
  challenges: ChallengeGuard;
  /** Where a failed delivery is reported (its reason only: no address, no code). */
  logWarning: (message: string) => void;
}

/** The reply of every send, registered recipient or not (protocol `verification.ts`). */
const SEND_REPLY: SendVerifyCodeReply = {
  expiresInSeconds: VerifyCodeRule.ttlSeconds,
  resendAfterSeconds: VerifyCodeRule.resendAfterSeconds,
};

/** A request's target (the recipient in its canonical form) and the account it would register. */
export function targetOf(request: SendVerifyCodeRequest): {
  target: VerifyTarget;
  account: Omit<NewUser, 'passwordHash'>;
} {
  if (request.channel === VerifyChannel.email) {
    const email = canonicalEmail(request.email);
    return {
      target: { scene: request.scene, channel: request.channel, recipient: email },
      account: { loginName: email, email, areaCode: null, mobile: null },
    };
  }
  const loginName = mobileLoginName(request.areaCode, request.mobile);
  return {
    target: { scene: request.scene, channel: request.channel, recipient: loginName },
    account: {
      loginName,
      email: null,
      areaCode: areaCodeDigits(request.areaCode),
      mobile: request.mobile,
    },
  };
}

/**
 * `POST /v1/user/public/sendVerifyCode` (README "Accounts and sessions"): a code to a new address or
 * number, a notice ("sign in instead") to a registered one, and the same reply, the same database
 * writes and the same kind of message either way, so neither the reply nor its timing tells them
 * apart. The message is sent before the reply: a transport failure answers 50201 (HTTP 502) and
 * leaves nothing stored.
 */
export function registerVerificationRoutes(routes: Routes, deps: VerificationRouteDeps) {
  routes.post(ApiPath.sendVerifyCode, async (c) => {
    // Off, a registration takes no code: sending one would be mail for nothing, and an open one.
    if (!deps.config.registerVerify) {
      throw new RefusedError({
        status: 404,
        code: GatewayCode.notFound,
        message:
          'registration codes are off on this gateway (GATEWAY_REGISTER_VERIFY=0): register without one',
      });
    }
    const request = await readJsonBody(c, sendVerifyCodeRequestSchema);
    const deliver = deps.deliveries[request.channel];
    // Before the challenge: a visitor is not made to solve one for a send that cannot happen.
    if (!deliver) throw channelUnavailable(request.channel);
    // Sending is the costly step a bot would abuse: the register rule applies here, before any
    // lookup and before anything is stored (a challenged send changes nothing).
    await deps.challenges.checkRegistration(c);
    const { target, account } = targetOf(request);
    const registered = await findRegistered(deps.db, account);
    await sendNewCode(deps, deliver, target, (code) =>
      registered
        ? { kind: 'notice', antiPhishingCode: registered.antiPhishingCode }
        : { kind: 'code', code },
    );
    return ok(c, SEND_REPLY);
  });
}

/**
 * Draws a code for the target, stores its hash (honouring the resend pause: 21018, HTTP 429) and
 * sends `messageFor(code)`, before any reply. A message that carries no code (a notice to an
 * address that is someone's already) stores a hash no code matches, written just the same, so
 * neither the reply nor the database's work tells the two apart. A failed send leaves nothing
 * stored and answers 50201 (HTTP 502).
 */
export async function sendNewCode(
  deps: Pick<VerificationRouteDeps, 'db' | 'logWarning'>,
  deliver: Deliver,
  target: VerifyTarget,
  messageFor: (code: string) => VerifyMessage,
): Promise<void> {
  const code = newVerifyCode();
  const message = messageFor(code);
  const hash = carriesCode(message) ? codeHash(target, code) : unmatchableHash(target);
  if (!(await storeCode(deps.db, target, hash)))
    throw codeTooSoon(await secondsUntilResend(deps.db, target));
  await deliverOrUndo(deps, deliver, target, message, 'verification', () =>
    forgetCode(deps.db, target, hash),
  );
}

/** 50300 (HTTP 503): the gateway has no transport for the channel, or the account no address. */
export const channelUnavailable = (
  channel: VerifyChannel | undefined,
  message = `this gateway sends no ${channel === VerifyChannel.email ? 'e-mail' : 'SMS'} codes`,
) => new RefusedError({ status: 503, code: GatewayCode.channelUnavailable, message });

/**
 * 21017 (HTTP 400): one answer for every bad code (none, never sent, expired, used, wrong), and
 * for a registered address, which was sent a notice and no code.
 */
export const verifyCodeInvalid = () =>
  new RefusedError({
    status: 400,
    code: AccountCode.verifyCodeInvalid,
    message: 'the verification code is wrong or no longer valid; ask for a new one',
  });

/** 21018 (HTTP 429): a code went to this recipient, or for this sign-in, moments ago. */
export const codeTooSoon = (retryAfterSeconds: number) =>
  new RefusedError({
    status: 429,
    code: AccountCode.verifyCodeTooSoon,
    message: 'a code was sent moments ago; wait before asking again',
    retryAfterSeconds: Math.max(1, retryAfterSeconds),
  });

/**
 * Delivers a message before any reply. A failure runs `undo` (so nothing is left of a code
 * nobody received), logs its reason under `topic` (never the address or the code) and answers
 * 50201 (HTTP 502).
 */
export async function deliverOrUndo(
  deps: Pick<VerificationRouteDeps, 'logWarning'>,
  deliver: Deliver,
  to: Pick<VerifyTarget, 'channel' | 'recipient'>,
  message: VerifyMessage,
  topic: string,
  undo: () => Promise<void>,
): Promise<void> {
  try {
    await deliver(to.recipient, message);
  } catch (error) {
    await undo();
    deps.logWarning(
      error instanceof DeliveryError
        ? `${topic}: ${error.message}`
        : `${topic}: ${to.channel} delivery failed`,
    );
    throw new RefusedError({
      status: 502,
      code: GatewayCode.deliveryFailed,
      message: 'the message could not be sent; try again',
    });
  }
}
