/**
 * Login names, in one canonical form each (README, "Accounts and sessions"):
 * - email accounts: the email address, trimmed and lower-cased;
 * - mobile accounts: `+{areaCode} {mobile}` with the area code's digits, e.g. `+81 9012345678`;
 * - sub-accounts: `{userName, lower-cased}@sub.{mainUserId}`.
 * An account registered with both email and mobile has its email as login name and signs in
 * with either.
 */

/** What a typed login name names, and the key its failed attempts are counted under. */
export type LoginNameQuery =
  | { kind: 'mobile'; areaCode: string; mobile: string; key: string }
  | { kind: 'name'; loginName: string; key: string };

// A mobile login name with or without '+', e.g. `+81 9012345678` or `81 9012345678`.
const MOBILE_LOGIN_NAME = /^\+?(\d{1,4})\s+(\d{4,15})$/;

/** The canonical email: trimmed and lower-cased. */
export const canonicalEmail = (email: string): string => email.trim().toLowerCase();

/** The digits of a country calling code: `+81` and `81` both give `81`. */
export const areaCodeDigits = (areaCode: string): string => areaCode.trim().replace(/^\+/, '');

/** The login name of a mobile account. */
export const mobileLoginName = (areaCode: string, mobile: string): string =>
  `+${areaCodeDigits(areaCode)} ${mobile.trim()}`;

/** The login name of a sub-account: unique per main account, whatever the letter case. */
export const subAccountLoginName = (userName: string, mainUserId: string): string =>
  `${userName.trim().toLowerCase()}@sub.${mainUserId}`;

/** Reads a typed login name: a mobile number with its area code, or an email or other name. */
export function parseLoginName(input: string): LoginNameQuery {
  const trimmed = input.trim();
  const mobile = MOBILE_LOGIN_NAME.exec(trimmed);
  if (mobile?.[1] && mobile[2]) {
    const key = mobileLoginName(mobile[1], mobile[2]);
    return { kind: 'mobile', areaCode: mobile[1], mobile: mobile[2], key };
  }
  const loginName = trimmed.toLowerCase();
  return { kind: 'name', loginName, key: loginName };
}

const maskMiddle = (text: string, keepStart: number, keepEnd: number): string => {
  if (text.length <= keepStart + keepEnd) return `${text.slice(0, 1)}***`;
  return `${text.slice(0, keepStart)}****${text.slice(text.length - keepEnd)}`;
};

// SPEC 3 gives no form for a new user's userName: we show the login name masked, as exchanges do.
/** A login name with its middle hidden: `de****@exchange-web.test`, `+81 901****678`. */
export function maskedLoginName(loginName: string): string {
  const at = loginName.lastIndexOf('@');
  if (at > 0) return `${maskMiddle(loginName.slice(0, at), 2, 0)}${loginName.slice(at)}`;
  const space = loginName.indexOf(' ');
  if (space > 0) {
    return `${loginName.slice(0, space + 1)}${maskMiddle(loginName.slice(space + 1), 3, 3)}`;
  }
  return maskMiddle(loginName, 2, 2);
}

/** A real name with all but its first character starred (SPEC 3 `starRealName`). */
export function starredRealName(realName: string): string {
  const characters = [...realName];
  return characters.map((character, index) => (index === 0 ? character : '*')).join('');
}
