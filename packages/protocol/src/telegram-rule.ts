// Telegram sign-in's rule, apart from the schemas (third-party.ts): the pages that open Telegram's
// login page and take its answer load no zod for it.

/** Where Telegram's signed data comes from: its Login Widget on a web page, or a Mini App. */
export const TelegramSource = { widget: 'widget', miniApp: 'miniApp' } as const;
export type TelegramSource = (typeof TelegramSource)[keyof typeof TelegramSource];

/**
 * Telegram sign-in (core.telegram.org/widgets/login, and Mini Apps' "validating data"): Telegram
 * signs the person's id and names with HMAC-SHA-256 under a key made from the site's bot token,
 * which only Telegram and the gateway hold. The page passes the signed fields on as a query
 * string (`initData`, as a Mini App receives them); the gateway checks the hash and `auth_date`.
 */
export const TelegramRule = {
  /**
   * How old Login Widget data may be: Telegram makes it when the person confirms, moments before
   * the page sends it (our reading: 10 minutes covers a slow phone, not a stolen link kept).
   */
  widgetMaxAgeSeconds: 600,
  /** How old a Mini App's initData may be: made when the Mini App opens, used while it is open. */
  miniAppMaxAgeSeconds: 86_400,
  /** Longest signed data taken: Telegram's is a few hundred characters. */
  initDataMaxLength: 4096,
  /** The window message Telegram's return page posts to the page that opened it. */
  returnMessageType: 'exchange-web:telegram-sign-in',
} as const;
