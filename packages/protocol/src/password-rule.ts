/**
 * The password rule, kept apart from the schemas so a form can check it without carrying the
 * schema library in its first load.
 */

/** The shortest password the gateway accepts. */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * The password rule both the forms and the gateway apply: at least {@link PASSWORD_MIN_LENGTH}
 * characters with at least one letter and one digit.
 * @example isStrongPassword('Demo-Trader-2026') // true
 * @example isStrongPassword('password') // false
 */
export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /\d/.test(password);
}
