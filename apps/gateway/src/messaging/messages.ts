import { AuthenticatorRule } from '@exchange-web/protocol/authenticator-rule';
import { VerifyCodeRule } from '@exchange-web/protocol/verification';
import { html } from 'hono/html';
import type { SecurityAlert, SignInPlace, VerifyMessage } from './delivery';

/**
 * The texts of the verification messages. English only for now: the gateway keeps no language per
 * user yet; the sendVerifyCode request's `locale` header (HeaderName.locale) could choose the
 * language of these texts later.
 *
 * The code stands in one fixed place, the first line of the e-mail text (and of the SMS):
 * `Your exchange-web verification code is 123456.`, and no other 6-digit number appears in any
 * of these texts (a device's names, which a sign-in's sender wrote, have long numbers cut), so a
 * reader (or a test) finds it at once; the notices carry no code at all.
 *
 * An e-mail to an account shows its anti-phishing code in one fixed place too, the first line:
 * `Anti-phishing code: {code}` (README "Account security"). A phrase has a letter and only
 * letters, digits, `_` and `-` (protocol `anti-phishing-rule.ts`): it is never taken for a code,
 * and goes into the HTML as it is.
 */

const PRODUCT = 'exchange-web';
const minutes = VerifyCodeRule.ttlSeconds / 60;
/** A sign-in's code serves as long as its ticket. */
const signInMinutes = AuthenticatorRule.loginTicketTtlSeconds / 60;

/** An e-mail's subject and bodies. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The first line of a code message: the code's fixed place. */
const codeLine = (code: string) => `Your ${PRODUCT} verification code is ${code}.`;

/** The e-mail carrying a registration code. */
export function codeMail(code: string): MailContent {
  const advice = [
    `Enter it on the registration page within ${minutes} minutes. It works once.`,
    'If you did not ask for it, ignore this e-mail: no account is made without the code.',
  ];
  return {
    subject: `Your ${PRODUCT} verification code`,
    text: [codeLine(code), '', ...advice, ''].join('\n'),
    html: [
      `<p>Your ${PRODUCT} verification code is <strong>${code}</strong>.</p>`,
      ...advice.map((line) => `<p>${line}</p>`),
    ].join('\n'),
  };
}

/** The line that proves an e-mail to an account is the exchange's; none when no code is set. */
export const antiPhishingLine = (code: string): string[] =>
  code === '' ? [] : [`Anti-phishing code: ${code}`];

/** The e-mail a registered address gets instead of a code, with the account's anti-phishing code. */
export function noticeMail(antiPhishingCode: string): MailContent {
  const proof = antiPhishingLine(antiPhishingCode);
  const lines = [
    `Someone asked to register a new ${PRODUCT} account with this e-mail address.`,
    'This address already has an account, so no code was sent and no account was made.',
    'If it was you, sign in with your password instead.',
    'If it was not you, you can ignore this e-mail: nothing has changed.',
  ];
  return {
    subject: `A registration with your ${PRODUCT} address`,
    text: [...proof, ...(proof.length > 0 ? [''] : []), ...lines, ''].join('\n'),
    html: [
      ...proof.map((line) => `<p><strong>${line}</strong></p>`),
      ...lines.map((line) => `<p>${line}</p>`),
    ].join('\n'),
  };
}

const ALERT_TEXTS: Record<SecurityAlert, { subject: string; line: string }> = {
  antiPhishingChanged: {
    subject: `Your ${PRODUCT} anti-phishing code was changed`,
    line: 'The anti-phishing code of your account was changed: e-mails from us now show the one above, or none if none is above.',
  },
  authenticatorLinked: {
    subject: `An authenticator app was linked to your ${PRODUCT} account`,
    line: 'An authenticator app was linked to your account. Every sign-in now asks for its code.',
  },
  passwordChanged: {
    subject: `Your ${PRODUCT} password was changed`,
    line: 'The password of your account was changed, and every other device was signed out.',
  },
  passkeyAdded: {
    subject: `A passkey was added to your ${PRODUCT} account`,
    line: 'A passkey was added to your account. It can now sign in to it.',
  },
  passkeyRemoved: {
    subject: `A passkey was removed from your ${PRODUCT} account`,
    line: 'A passkey was removed from your account. It can no longer sign in to it.',
  },
  emailChanged: {
    subject: `The e-mail address of your ${PRODUCT} account was changed`,
    line: 'The e-mail address of your account was changed, and every other device was signed out.',
  },
  mobileChanged: {
    subject: `The mobile number of your ${PRODUCT} account was changed`,
    line: 'The mobile number of your account was changed, and every other device was signed out.',
  },
  thirdPartyBound: {
    subject: `A wallet was linked to your ${PRODUCT} account`,
    line: 'A wallet was linked to your account. It can now sign in to it.',
  },
  thirdPartyUnbound: {
    subject: `A wallet was removed from your ${PRODUCT} account`,
    line: 'A wallet was removed from your account. It can no longer sign in to it.',
  },
  authenticatorRemoved: {
    subject: `The authenticator app was removed from your ${PRODUCT} account`,
    line: 'The authenticator app was removed from your account. Sign-ins no longer ask for its code.',
  },
};

const ALERT_ADVICE =
  'If you did not do this, change your password at once and contact support: someone else may be in your account.';

/** The e-mail that tells an account's owner of a change of its security. */
export function alertMail(alert: SecurityAlert, antiPhishingCode: string): MailContent {
  const proof = antiPhishingLine(antiPhishingCode);
  const { subject, line } = ALERT_TEXTS[alert];
  const lines = [line, ALERT_ADVICE];
  return {
    subject,
    text: [...proof, ...(proof.length > 0 ? [''] : []), ...lines, ''].join('\n'),
    html: [
      ...proof.map((text) => `<p><strong>${text}</strong></p>`),
      ...lines.map((text) => `<p>${text}</p>`),
    ].join('\n'),
  };
}

/** The SMS of a security alert, for an account with a number and no address. */
export const alertSms = (alert: SecurityAlert): string =>
  `${PRODUCT}: ${ALERT_TEXTS[alert].line} ${ALERT_ADVICE}`;

/** The SMS carrying a registration code. */
export const codeSms = (code: string): string =>
  `${codeLine(code)} It expires in ${minutes} minutes.`;

/** The SMS a registered number gets instead of a code. */
export const noticeSms = (): string =>
  `${PRODUCT}: someone asked to register with this number, which already has an account. If it was you, sign in instead.`;

const CHANGE_ADVICE = [
  `Enter it on the security page within ${minutes} minutes to confirm a change of your account's e-mail address or mobile number. It works once.`,
  'If you did not ask for it, share it with nobody and change your password: someone else may be in your account.',
];

/** The e-mail carrying a code for a change of the account's e-mail or number. */
export function changeCodeMail(code: string, antiPhishingCode: string): MailContent {
  const proof = antiPhishingLine(antiPhishingCode);
  return {
    subject: `Your ${PRODUCT} security code`,
    text: [
      ...proof,
      ...(proof.length > 0 ? [''] : []),
      codeLine(code),
      '',
      ...CHANGE_ADVICE,
      '',
    ].join('\n'),
    html: [
      ...proof.map((line) => `<p><strong>${line}</strong></p>`),
      `<p>Your ${PRODUCT} verification code is <strong>${code}</strong>.</p>`,
      ...CHANGE_ADVICE.map((line) => `<p>${line}</p>`),
    ].join('\n'),
  };
}

/** The SMS carrying a code for a change of the account's e-mail or number. */
export const changeCodeSms = (code: string): string =>
  `${codeLine(code)} It confirms a change of your account's e-mail or number and expires in ${minutes} minutes.`;

const BIND_NOTICE = [
  `Someone signed in to a ${PRODUCT} account asked to use this address for it.`,
  'This address already belongs to an account, so no code was sent and nothing changed.',
  'If it was not you, you can ignore this message.',
];

/** The e-mail a new address gets instead of a code when another account has it already. */
export function bindNoticeMail(antiPhishingCode: string): MailContent {
  const proof = antiPhishingLine(antiPhishingCode);
  return {
    subject: `A request to use your ${PRODUCT} address`,
    text: [...proof, ...(proof.length > 0 ? [''] : []), ...BIND_NOTICE, ''].join('\n'),
    html: [
      ...proof.map((line) => `<p><strong>${line}</strong></p>`),
      ...BIND_NOTICE.map((line) => `<p>${line}</p>`),
    ].join('\n'),
  };
}

/** The SMS a new number gets instead of a code when another account has it already. */
export const bindNoticeSms = (): string => `${PRODUCT}: ${BIND_NOTICE.join(' ')}`;

/**
 * How a sign-in's device reads in a message: `Chrome 131 on Windows 10, address 203.0.113.7`.
 * Its names come from a user agent its sender wrote, so a long number in them is cut: nothing
 * but the code may read as one.
 */
function placeLine({ browser, os, ip }: SignInPlace): string {
  const device = [browser || 'an unknown browser', os]
    .filter(Boolean)
    .map((name) => name.replace(/\d{5,}/g, '…'))
    .join(' on ');
  return `${device}, address ${ip}`;
}

const signInAdvice = (place: SignInPlace) => [
  `Someone signed in to your ${PRODUCT} account with its password from a new device: ${placeLine(place)}.`,
  `If it was you, enter the code on the sign-in page within ${signInMinutes} minutes. It works once, for that sign-in only.`,
  'If it was not you, share the code with nobody and change your password at once: someone else knows it.',
];

/**
 * The e-mail carrying the code of a sign-in from a new device. The device's names come from its
 * user agent, which its sender wrote: the HTML escapes them (hono's `html`).
 */
export function signInCodeMail(
  code: string,
  antiPhishingCode: string,
  place: SignInPlace,
): MailContent {
  const proof = antiPhishingLine(antiPhishingCode);
  const advice = signInAdvice(place);
  return {
    subject: `Your ${PRODUCT} sign-in code`,
    text: [...proof, ...(proof.length > 0 ? [''] : []), codeLine(code), '', ...advice, ''].join(
      '\n',
    ),
    html: [
      ...proof.map((line) => `<p><strong>${line}</strong></p>`),
      `<p>Your ${PRODUCT} verification code is <strong>${code}</strong>.</p>`,
      ...advice.map((line) => String(html`<p>${line}</p>`)),
    ].join('\n'),
  };
}

/** The SMS carrying the code of a sign-in from a new device. */
export const signInCodeSms = (code: string, place: SignInPlace): string =>
  `${codeLine(code)} It signs in a new device (${placeLine(place)}); share it with nobody.`;

/** The e-mail of a message. */
export function mailOf(message: VerifyMessage): MailContent {
  switch (message.kind) {
    case 'code':
      return codeMail(message.code);
    case 'notice':
      return noticeMail(message.antiPhishingCode);
    case 'changeCode':
      return changeCodeMail(message.code, message.antiPhishingCode);
    case 'bindNotice':
      return bindNoticeMail(message.antiPhishingCode);
    case 'signInCode':
      return signInCodeMail(message.code, message.antiPhishingCode, message.device);
    case 'alert':
      return alertMail(message.alert, message.antiPhishingCode);
  }
}

/** The SMS text of a message. */
export function smsOf(message: VerifyMessage): string {
  switch (message.kind) {
    case 'code':
      return codeSms(message.code);
    case 'notice':
      return noticeSms();
    case 'changeCode':
      return changeCodeSms(message.code);
    case 'bindNotice':
      return bindNoticeSms();
    case 'signInCode':
      return signInCodeSms(message.code, message.device);
    case 'alert':
      return alertSms(message.alert);
  }
}
