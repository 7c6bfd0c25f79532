/**
 * The anti-phishing code (ours: SPEC 3's user info carries `antiPhishingCode`, SPEC 2 names the
 * page `subaccount/setting/antiphishing`, and neither shows the rule): a phrase the person chooses,
 * which every e-mail the exchange sends them shows in one fixed place, so a mail without it is not
 * the exchange's. Free of zod, so the page checks it without loading the schemas.
 */
export const AntiPhishingRule = {
  minLength: 4,
  maxLength: 20,
  /**
   * Letters and digits of any script, `_` and `-`, with at least one letter: never all digits,
   * so a mail's phrase is never mistaken for its 6-digit code, and never HTML to escape.
   */
  pattern: /^(?=.*\p{L})[\p{L}\p{N}_-]{4,20}$/u,
} as const;

/** Whether a phrase may be set (an empty one clears the code). */
export const isAntiPhishingCode = (code: string): boolean =>
  code === '' || AntiPhishingRule.pattern.test(code);
