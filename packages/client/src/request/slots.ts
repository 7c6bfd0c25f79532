/**
 * The request pipeline, declared once: every hook of the request client fills one of these slots,
 * and the pipeline runs the filled ones in this order in every phase (before the send, after the
 * reply, on a failure without one). It follows DESIGN.md "A request's way through the client":
 * the request's steps first, in the order they change it, then the reply's.
 *
 * NOTE: kept free of imports, so page code can name a slot without loading the request layer
 * (and axios) into its first-load bundle.
 */
export const REQUEST_SLOTS = [
  // Before the send, in the order they change the request.
  'duplicate-guard', // SPEC 7, 9: identical calls, at most 2 on the wire per 1000 ms
  'common-headers', // SPEC 7: website, terminaltype, terminalCode, deviceId, locale, uhti, tm
  'simulation-header', // SPEC 4: paptrading: 1 while simulation trade is on
  'login-encryption', // SPEC 7: login bodies encrypted; after the reply the key pair bound (SPEC 4)
  // DESIGN ("A request's way") is silent on caller hooks: after the built-in changes, before signing.
  'caller-request', // the `hooks` option: what it changes is signed with the rest
  // DESIGN is silent on the device check: with signing, after encryption, so it signs the body sent.
  'device-check', // SPEC 7: userCheckDeviceSign and lastAlgorithm on userCheckDeviceUrl paths
  'request-signing', // SPEC 7: device-sign headers of a signed-in user's core calls; last to touch it
  // After the reply, in the order they read it.
  'server-time', // SPEC 7: the clock corrected by the requesttime header
  'sign-error', // SPEC 8: 00020 to 00023 and the gw-sign-error header
  'session-expiry', // SPEC 4, 8: 00004, 20906, 20205 end the session (user info exempt)
  'challenge', // SPEC 4, 5: 10021 of group gateway, retried with captcha-token
  // DESIGN is silent on the notice: after every step that settles a reply, so those never toast.
  'error-notice', // SPEC 8: toasts what is left (429 quiet, body status errors to the console)
  // DESIGN is silent on caller hooks: they read what the built-in steps let through.
  'caller-response', // the `hooks` option
  // DESIGN is silent on the image rewrite: last, so no other step sees a changed body.
  'replace-image-domain', // SPEC 4: image URLs in a successful reply moved to the chosen domain
] as const;

/** The name of one step of the pipeline. */
export type RequestSlot = (typeof REQUEST_SLOTS)[number];

/**
 * The slots the `hooks` option of the request client fills, one hook each. A hook's phases all run
 * at its slot: a `caller-request` hook that also reads replies sees them before the built-in reply
 * steps; a `caller-response` hook that also changes requests does so after signing.
 */
export const CALLER_SLOTS = [
  'caller-request',
  'caller-response',
] as const satisfies readonly RequestSlot[];

export type CallerSlot = (typeof CALLER_SLOTS)[number];
