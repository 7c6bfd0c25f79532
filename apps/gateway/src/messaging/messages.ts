import { VerifyCodeRule } from '@exchange-web/protocol/verification';

/**
 * The texts of the verification messages. English only for now: the gateway keeps no language per
 * user yet; the sendVerifyCode request's `locale` header (HeaderName.locale) could choose the
 * language of these texts later.
 *
 * The code stands in one fixed place, the first line of the e-mail text (and of the SMS):
 * `Your exchange-web verification code is 123456.`, and no other 6-digit number appears in any
 * of these texts, so a reader (or a test) finds it at once; the notices carry no code at all.
 */

const PRODUCT = 'exchange-web';
const minutes = VerifyCodeRule.ttlSeconds / 60;

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

/** The e-mail a registered address gets instead of a code. */
export function noticeMail(): MailContent {
  const lines = [
    `Someone asked to register a new ${PRODUCT} account with this e-mail address.`,
    'This address already has an account, so no code was sent and no account was made.',
    'If it was you, sign in with your password instead.',
    'If it was not you, you can ignore this e-mail: nothing has changed.',
  ];
  return {
    subject: `A registration with your ${PRODUCT} address`,
    text: [...lines, ''].join('\n'),
    html: lines.map((line) => `<p>${line}</p>`).join('\n'),
  };
}

/** The SMS carrying a registration code. */
export const codeSms = (code: string): string =>
  `${codeLine(code)} It expires in ${minutes} minutes.`;

/** The SMS a registered number gets instead of a code. */
export const noticeSms = (): string =>
  `${PRODUCT}: someone asked to register with this number, which already has an account. If it was you, sign in instead.`;
