import { GatewayCode } from '@exchange-web/protocol/codes';
import type { SecondFactor } from '@exchange-web/protocol/authenticator';
import type { VerifyChannel } from '@exchange-web/protocol/verification';
import type { Context } from 'hono';
import {
  contactOf,
  factorOfChannel,
  liftTicketCodePause,
  maskRecipient,
  secondsUntilTicketResend,
  storeTicketCode,
} from '../accounts/new-device';
import { countRequest } from '../accounts/throttle';
import { deviceName } from '../accounts/user-agent';
import type { UserRow } from '../accounts/users';
import type { WindowLimit } from '../config';
import type { Database } from '../db/database';
import { clientIp } from '../http/client-ip';
import { RefusedError } from '../http/errors';
import type { Deliver, Deliveries, SignInPlace } from '../messaging/delivery';
import { newVerifyCode } from '../verification/codes';
import { channelUnavailable, codeTooSoon, deliverOrUndo } from './verification';

/** What sending a sign-in's code needs. */
export interface SignInCodeDeps {
  db: Database;
  deliveries: Deliveries;
  config: { signInCodesPerAccount: WindowLimit };
  logWarning: (message: string) => void;
}

/** Where a request comes from, as the owner is told in the code's message. */
export function placeOf(c: Context): SignInPlace {
  const { browser, os } = deviceName(c.req.header('user-agent') ?? '');
  return { browser, os, ip: clientIp(c) };
}

/** Where an account's sign-in codes go, and the transport that takes them there. */
export interface SignInCodeRoute {
  channel: VerifyChannel;
  recipient: string;
  deliver: Deliver;
}

/**
 * The route of the account's codes: its e-mail, else its number. An account with neither, or a
 * gateway with no transport for it, answers 50300 (checked before any ticket is issued).
 */
export function signInCodeRoute(deps: Pick<SignInCodeDeps, 'deliveries'>, user: UserRow) {
  const contact = contactOf(user);
  const deliver = contact && deps.deliveries[contact.channel];
  if (!contact || !deliver) {
    throw channelUnavailable(
      contact?.channel,
      'this gateway cannot send the code a sign-in from a new device needs; sign in from a known device',
    );
  }
  return { ...contact, deliver } satisfies SignInCodeRoute;
}

/** What a sent code tells the sign-in page. */
export interface SignInCodeSent {
  factor: SecondFactor;
  codeSentTo: string;
  /** How long the code serves: as long as its ticket. */
  expiresInSeconds: number;
}

/**
 * Sends a new code for the ticket's sign-in to the account, showing its anti-phishing code and
 * naming the device. Refused with 42900 past the account's codes per window, 21018 within the
 * ticket's resend pause, and 50201 when the transport fails (the pause is lifted again).
 */
export async function sendSignInCode(
  c: Context,
  deps: SignInCodeDeps,
  user: UserRow,
  route: SignInCodeRoute,
  ticket: string,
): Promise<SignInCodeSent> {
  // The pause first, so a click too soon costs nothing of the account's allowance.
  const pause = (await secondsUntilTicketResend(deps.db, ticket)) ?? 0;
  if (pause > 0) throw codeTooSoon(pause);
  const verdict = await countRequest(
    deps.db,
    `sign-in-code:${user.user_id}`,
    deps.config.signInCodesPerAccount,
  );
  if (!verdict.allowed) {
    throw new RefusedError({
      status: 429,
      code: GatewayCode.rateLimited,
      message: 'too many sign-in codes were sent to this account; try again later',
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  const code = newVerifyCode();
  // Conditional: of two resends racing past the check above, one stores.
  const expiresInSeconds = await storeTicketCode(deps.db, ticket, code);
  if (expiresInSeconds === undefined)
    throw codeTooSoon((await secondsUntilTicketResend(deps.db, ticket)) ?? 1);
  const message = {
    kind: 'signInCode',
    code,
    antiPhishingCode: user.anti_phishing_code,
    device: placeOf(c),
  } as const;
  await deliverOrUndo(deps, route.deliver, route, message, 'sign-in code', () =>
    liftTicketCodePause(deps.db, ticket),
  );
  return {
    factor: factorOfChannel(route.channel),
    codeSentTo: maskRecipient(route),
    expiresInSeconds,
  };
}
