import type { VerifyChannel } from '@exchange-web/protocol/verification';

/**
 * How long one message may take to hand over (SMTP connect, greeting and transfer; the SMS
 * webhook's answer) before the send is given up: the visitor is waiting for the reply.
 */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** A change of an account's security that its owner is told of at once. */
export type SecurityAlert =
  | 'antiPhishingChanged'
  | 'authenticatorLinked'
  | 'authenticatorRemoved'
  | 'passwordChanged'
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'emailChanged'
  | 'mobileChanged'
  | 'thirdPartyBound'
  | 'thirdPartyUnbound';

/** Where a sign-in comes from, as its owner is told: browser and system (`''` unknown), address. */
export interface SignInPlace {
  browser: string;
  os: string;
  ip: string;
}

/** Whether a message carries a code (the others are notices and alerts). */
export const carriesCode = (message: VerifyMessage): boolean =>
  message.kind === 'code' || message.kind === 'changeCode' || message.kind === 'signInCode';

/**
 * What a send delivers: a registration's code; the notice a registered recipient gets instead;
 * or a security alert to an account. Messages to an account show its anti-phishing code (`''`:
 * none set).
 */
export type VerifyMessage =
  | { kind: 'code'; code: string }
  | { kind: 'notice'; antiPhishingCode: string }
  /** A code for a change of an account's e-mail or number, to its current or new address. */
  | { kind: 'changeCode'; code: string; antiPhishingCode: string }
  /** Sent instead to a new address that belongs to another account already. */
  | { kind: 'bindNotice'; antiPhishingCode: string }
  /** A code for a sign-in from a new device, naming the device, to the account's address. */
  | { kind: 'signInCode'; code: string; antiPhishingCode: string; device: SignInPlace }
  | { kind: 'alert'; alert: SecurityAlert; antiPhishingCode: string };

/** Delivers a message to a recipient (an e-mail address, or a number `+81 9012345678`). */
export type Deliver = (recipient: string, message: VerifyMessage) => Promise<void>;

/** The transports the configuration has: a channel without one is absent. */
export type Deliveries = Partial<Record<VerifyChannel, Deliver>>;

/**
 * A message not delivered: the transport refused, failed or timed out. `reason` is safe to log:
 * it names the failure (an error code, an HTTP status), never the recipient or the message.
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    readonly channel: VerifyChannel,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`${channel} delivery failed: ${reason}`, options);
  }
}
