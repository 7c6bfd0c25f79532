// Google and Apple sign-in's rule, apart from the schemas (third-party.ts): the pages that open
// a provider's window and take its answer load no zod for it.

/**
 * Google and Apple sign in by OpenID Connect's authorization-code flow with PKCE: the gateway
 * starts it (`authorize`: a `state`, a `nonce` and a PKCE verifier it keeps), the provider sends
 * the person back to the site's return page (paths `OPENID_RETURN_PATH`) with a code, and the gateway trades the
 * code for an ID token it checks against the provider's published keys.
 */
export const OpenIdRule = {
  /** How long a started sign-in waits for the person to come back from the provider. */
  requestTtlSeconds: 600,
  /** The window message the return page posts to the page that opened the provider. */
  returnMessageType: 'exchange-web:openid-sign-in',
} as const;
