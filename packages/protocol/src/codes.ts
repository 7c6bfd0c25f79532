/**
 * Envelope codes: success, the error catalogue of SPEC.md sections 4 and 8, and the gateway's own
 * codes for bad input. Every code is a string on the wire.
 */

/** Codes that mean success (SPEC.md section 8). The first is the one the gateway sends. */
export const SUCCESS_CODES = ['00000', '200'] as const;

/** A success code. */
export type SuccessCode = (typeof SUCCESS_CODES)[number];

/**
 * Whether an envelope code means success: `'00000'` or `'200'`, and the number `200` that some
 * replies carry unquoted (SPEC.md sections 5 and 8).
 *
 * @example
 * isSuccessCode('00000'); // true
 * isSuccessCode(0); // false
 */
export function isSuccessCode(code: unknown): boolean {
  if (typeof code === 'number') return code === 200;
  return typeof code === 'string' && (SUCCESS_CODES as readonly string[]).includes(code);
}

// SPEC 8's response code enumeration (SUCCESS 0, ERROR 1, TIMEOUT 401) is not kept: our reading
// is that it names a result wrapper this client does not have. Replies carry the envelope codes
// ('00000'; an expired session's are SESSION_EXPIRY_CODES below), and failures the HTTP status.

/** The error codes the client layer acts on (SPEC.md sections 4 and 8). */
export const ErrorCode = {
  /** 00020: the request carried no signature; toast, config refetched after 2 s. */
  signMissing: '00020',
  /** 00021: the sign mode does not match the config; toast, config refetched after 2 s. */
  signModeNotMatched: '00021',
  /** 00022: the signature's time is out of window; toast only. */
  signExpired: '00022',
  /** 00023: the signature does not verify; toast, forced logout, event logged. */
  signInvalid: '00023',
  /** 10021 in group `gateway`: a human-verification challenge is required. */
  challengeRequired: '10021',
  /** 00004: the session expired; forced logout and reload. */
  sessionExpired: '00004',
  /** 20906: the session was replaced by a login elsewhere; forced logout and reload. */
  sessionReplaced: '20906',
  /** 20205: the account is frozen; forced logout and reload. */
  accountFrozen: '20205',
  /** 90000001: the user closed the challenge; the caller gets it with the original message. */
  challengeDismissed: '90000001',
} as const;

/** An error code of {@link ErrorCode}. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes that force logout and a reload (SPEC.md section 4, "Session expiry"). */
export const SESSION_EXPIRY_CODES = [
  ErrorCode.sessionExpired,
  ErrorCode.sessionReplaced,
  ErrorCode.accountFrozen,
] as const;

/** Codes of request-signing failures (SPEC.md section 8). */
export const SIGN_ERROR_CODES = [
  ErrorCode.signMissing,
  ErrorCode.signModeNotMatched,
  ErrorCode.signExpired,
  ErrorCode.signInvalid,
] as const;

/** Sign errors after which the client refetches the sign config (SPEC.md section 8). */
export const SIGN_CONFIG_REFETCH_CODES = [
  ErrorCode.signMissing,
  ErrorCode.signModeNotMatched,
] as const;

/** The reply group that, with code 10021, starts a challenge (SPEC.md section 4). */
export const CHALLENGE_GROUP = 'gateway';

/** The one challenge type: it sends its result as Base64 text of its JSON (SPEC.md section 5). */
export const CHALLENGE_TYPE = 3;

/** Captcha-id reply status meaning no challenge is needed (SPEC.md section 7). */
export const CAPTCHA_STATUS_NOT_NEEDED = 0;

// SPEC 7 names only status 0: any other status means a challenge; ours sends this one.
/** Captcha-id reply status meaning a challenge is needed; the reply carries it. */
export const CAPTCHA_STATUS_NEEDED = 1;

// The spec lists no codes for malformed input: these are ours, HTTP status times 100 (DESIGN.md).
/** The gateway's own envelope codes for bad input and routing failures. */
export const GatewayCode = {
  badRequest: '40000',
  validationFailed: '40001',
  unauthorized: '40100',
  /** Signed in, but the account may not use this call (the operators' calls). */
  forbidden: '40300',
  /**
   * Analytics upload refused because uploading is switched off (SPEC 6: status 403, Forbid);
   * the client keeps its queue and waits (SPEC 9: 10 s).
   */
  trackingUploadOff: '40301',
  /**
   * A state-changing call (POST) that a page of another origin could have made: not
   * `content-type: application/json`, or an `Origin` that is not allowed (README "Security").
   */
  crossSiteRefused: '40302',
  notFound: '40400',
  methodNotAllowed: '40500',
  /** A body without a declared length: the site's front door refuses what it cannot measure first. */
  lengthRequired: '41100',
  payloadTooLarge: '41300',
  /** A request target (path and query) longer than RequestLimit.maxTargetLength. */
  targetTooLong: '41400',
  rateLimited: '42900',
  internalError: '50000',
  /** The site's front door could not reach the server behind it (gateway or header-footer). */
  upstreamUnavailable: '50200',
  /**
   * A verification code (or the notice sent instead) could not be delivered: the mail server or
   * the SMS webhook refused it, failed or did not answer in time (sendVerifyCode, HTTP 502).
   * Nothing of the attempt is kept, so asking again at once may succeed.
   */
  deliveryFailed: '50201',
  /**
   * The gateway has no transport for the channel asked (sendVerifyCode, HTTP 503): no MAIL_URL
   * for e-mail, no SMS_WEBHOOK_URL for mobile.
   */
  channelUnavailable: '50300',
} as const;

/** A code of {@link GatewayCode}. */
export type GatewayCode = (typeof GatewayCode)[keyof typeof GatewayCode];

/**
 * Account and session refusals of the gateway (ours: SPEC.md lists none). Wrong credentials
 * never say which of login name or password was wrong.
 */
export const AccountCode = {
  loginNameTaken: '21001',
  weakPassword: '21002',
  wrongCredentials: '21003',
  tooManyAttempts: '21004',
  notMainAccount: '21005',
  subAccountNotFound: '21006',
  /** The two passwords of a registration differ. */
  passwordsDiffer: '21007',
  /** A switch back was asked of a session that does not act as a sub-account. */
  notSubAccountSession: '21008',
  /** The account already holds the most API keys it may. */
  apiKeyLimitReached: '21009',
  /** No API key of the acting account has that id. */
  apiKeyNotFound: '21010',
  /** A login-encryption path got a plaintext body while the gateway requires encryption. */
  loginEncryptionRequired: '21011',
  /** An encrypted login body is malformed or does not decrypt (SPEC 7; DESIGN "Wire formats"). */
  loginCiphertextInvalid: '21012',
  /** The login was encrypted for a server key no longer accepted: fetch the sign config again. */
  loginServerKeyOutdated: '21013',
  /** An encrypted login body's time is outside the gateway's freshness window (HTTP 400). */
  loginCiphertextStale: '21014',
  /** An encrypted login body's nonce was used before: a replayed body (HTTP 409). */
  loginCiphertextReplayed: '21015',
  /** The main account already has the most sub-accounts it may (GATEWAY_MAX_SUB_ACCOUNTS). */
  subAccountLimitReached: '21016',
  /**
   * A registration's verification code is missing, wrong, expired, used up, or was never sent
   * (as for an address already registered: the same answer, so it reveals nothing). HTTP 400.
   */
  verifyCodeInvalid: '21017',
  /** A new code was asked for the same address or number before the resend pause (HTTP 429). */
  verifyCodeTooSoon: '21018',
  /**
   * An authenticator code (or recovery code) is wrong, from outside the allowed drift, or was
   * used already: the same answer for each, HTTP 400 (protocol `authenticator.ts`).
   */
  authenticatorCodeInvalid: '21019',
  /** The sign-in ticket of the second step is unknown, expired or used: log in again (HTTP 401). */
  loginTicketInvalid: '21020',
  /** An authenticator is bound already: unbind it first (HTTP 409). */
  authenticatorBound: '21021',
  /** No authenticator is bound to unbind (HTTP 409). */
  authenticatorNotBound: '21022',
  /** A binding's code came with no live secret from setup: set up again (HTTP 409). */
  authenticatorSetupMissing: '21023',
  /** No live device (session) of the account has that id (HTTP 404). */
  deviceNotFound: '21024',
  /**
   * A sensitive action (creating an API key) waits a while after a change of the account's
   * security (password, authenticator): HTTP 403 with `Retry-After`.
   */
  securityLocked: '21025',
  /** The QR sign-in key is unknown, expired, answered or spent: show a new code (HTTP 410). */
  qrKeyInvalid: '21026',
  /** The QR sign-in was scanned by another account, which alone may answer it (HTTP 409). */
  qrKeyTaken: '21027',
  /**
   * A passkey's answer does not verify: unknown passkey, wrong signature, origin or challenge,
   * or a challenge expired or used (HTTP 400).
   */
  passkeyInvalid: '21028',
  /** No passkey of the account has that id (HTTP 404). */
  passkeyNotFound: '21029',
  /** The account holds the most passkeys it may (HTTP 409). */
  passkeyLimitReached: '21030',
  /**
   * A third-party proof does not verify: a wrong signature, a message for another site or chain,
   * an unknown, used or expired nonce, an expired message (HTTP 400; protocol `third-party.ts`).
   */
  thirdPartyProofInvalid: '21031',
  /** No account has this third-party identity: register with it, or bind it first (HTTP 404). */
  thirdPartyNotBound: '21032',
  /** The third-party identity already belongs to an account (HTTP 409). */
  thirdPartyBound: '21033',
  /** Removing this way in would leave the account none: no password and no other (HTTP 409). */
  lastWayIn: '21034',
  /** This sign-in provider is not set up on this gateway (HTTP 503): no Telegram bot token. */
  thirdPartyUnavailable: '21035',
} as const;

/** A code of {@link AccountCode}. */
export type AccountCode = (typeof AccountCode)[keyof typeof AccountCode];

/**
 * Refusals of the captcha check (ours: SPEC.md lists none). After any of them the client starts
 * a new challenge (get-captcha-id again); none is a 10021.
 */
export const ChallengeCode = {
  /** `captchaValidate` is not Base64 of a JSON solution payload of the challenge type. */
  solutionMalformed: '22001',
  /** The solution does not verify: a wrong number, challenge or signature. */
  solutionInvalid: '22002',
  /** The challenge expired before its solution was checked. */
  challengeExpired: '22003',
  /** The challenge was solved and checked before: a solution passes once. */
  solutionReplayed: '22004',
  /** No challenge has this captchaId (never issued, or swept after it expired). */
  challengeUnknown: '22005',
  /**
   * The check's scene or bizId is not the challenge's, or its solution answers another challenge
   * than the one of its captchaId.
   */
  challengeMismatch: '22006',
} as const;

/** A code of {@link ChallengeCode}. */
export type ChallengeCode = (typeof ChallengeCode)[keyof typeof ChallengeCode];

/** HTTP statuses the client layer treats specially (SPEC.md sections 6 and 8). */
export const HttpStatus = {
  /** Analytics upload refused ("Forbid"): silences uploading for 10 s. */
  forbidden: 403,
  /** Too many requests: kept quiet, no toast. */
  tooManyRequests: 429,
} as const;

/** Names of the failure events the client logs (SPEC.md section 8). */
export const FailureEvent = {
  loginEncryptFailed: 'loginEncryptFailed',
  genKeypairFailed: 'genKeypairFailed',
  /** A reply coded 00023: the request signature did not verify (SPEC.md section 8). */
  signInvalid: 'signInvalid',
  /** A response carried the `gw-sign-error` header (SPEC.md section 8). */
  gwSignError: 'gwSignError',
} as const;

/** The message a post or get with an empty path rejects with (SPEC.md section 5). */
export const WRONG_API_NAME_MESSAGE = 'wrong api name!';

/** An English meaning for every envelope code above, for logs and developer tools. */
export const errorMeaning: Record<string, string> = {
  '00000': 'Success.',
  '200': 'Success.',
  [ErrorCode.signMissing]: 'The request signature is missing.',
  [ErrorCode.signModeNotMatched]: 'The request sign mode does not match the gateway sign config.',
  [ErrorCode.signExpired]: 'The request signature has expired.',
  [ErrorCode.signInvalid]: 'The request signature is invalid.',
  [ErrorCode.challengeRequired]: 'Human verification is required before this request.',
  [ErrorCode.sessionExpired]: 'The session has expired; please log in again.',
  [ErrorCode.sessionReplaced]: 'The session was ended by a login elsewhere.',
  [ErrorCode.accountFrozen]: 'The account is frozen.',
  [ErrorCode.challengeDismissed]: 'Human verification was closed before it was passed.',
  [GatewayCode.badRequest]: 'The request is malformed (for example, the body is not valid JSON).',
  [GatewayCode.validationFailed]: 'A request field is missing, unknown or invalid.',
  [GatewayCode.unauthorized]: 'The request needs a signed-in session.',
  [GatewayCode.forbidden]: 'The account may not use this call.',
  [GatewayCode.trackingUploadOff]:
    'Event uploading is switched off; keep the events and retry later.',
  [GatewayCode.crossSiteRefused]:
    'A state-changing call must be JSON sent from an allowed origin (cross-site request refused).',
  [GatewayCode.notFound]: 'There is no such call.',
  [GatewayCode.methodNotAllowed]: 'The call does not accept this HTTP method.',
  [GatewayCode.lengthRequired]: 'The request body must declare its length.',
  [GatewayCode.payloadTooLarge]: 'The request body is too large.',
  [GatewayCode.targetTooLong]: 'The request path and query are too long.',
  [GatewayCode.rateLimited]: 'Too many requests; try again later.',
  [GatewayCode.internalError]: 'The gateway failed to handle the request.',
  [GatewayCode.upstreamUnavailable]: 'The site could not reach the server behind it; try again.',
  [GatewayCode.deliveryFailed]: 'The message could not be sent; try again.',
  [GatewayCode.channelUnavailable]: 'Messages cannot be sent over this channel on this server.',
  [AccountCode.loginNameTaken]: 'The login name is already registered.',
  [AccountCode.weakPassword]: 'The password is too weak.',
  [AccountCode.wrongCredentials]: 'The login name or password is incorrect.',
  [AccountCode.tooManyAttempts]: 'Too many failed attempts; try again later.',
  [AccountCode.notMainAccount]: 'Only a main account can do this.',
  [AccountCode.subAccountNotFound]: 'No such sub-account of this account.',
  [AccountCode.passwordsDiffer]: 'The two passwords differ.',
  [AccountCode.notSubAccountSession]: 'The session does not act as a sub-account.',
  [AccountCode.apiKeyLimitReached]: 'The account holds the most API keys it may.',
  [AccountCode.apiKeyNotFound]: 'No such API key of this account.',
  [AccountCode.subAccountLimitReached]: 'The account has the most sub-accounts it may create.',
  [AccountCode.verifyCodeInvalid]:
    'The verification code is wrong or no longer valid; ask for a new one.',
  [AccountCode.verifyCodeTooSoon]: 'A code was sent moments ago; wait before asking again.',
  [AccountCode.authenticatorCodeInvalid]:
    'The authenticator code is wrong, expired or already used.',
  [AccountCode.loginTicketInvalid]: 'The sign-in took too long or was finished: log in again.',
  [AccountCode.authenticatorBound]: 'An authenticator app is linked already: remove it first.',
  [AccountCode.authenticatorNotBound]: 'No authenticator app is linked.',
  [AccountCode.securityLocked]:
    "This action waits 24 hours after a change of the account's security.",
  [AccountCode.deviceNotFound]: 'No signed-in device of this account has that id.',
  [AccountCode.qrKeyInvalid]: 'The QR code expired or was used; show a new one.',
  [AccountCode.qrKeyTaken]: 'Another account is answering this QR code.',
  [AccountCode.passkeyInvalid]: 'The passkey could not be verified; try again.',
  [AccountCode.passkeyNotFound]: 'No passkey of this account has that id.',
  [AccountCode.passkeyLimitReached]: 'The account holds the most passkeys it may.',
  [AccountCode.thirdPartyProofInvalid]:
    'The signed sign-in data does not verify: sign in with the provider again.',
  [AccountCode.thirdPartyNotBound]:
    'No account has this identity: register with it, or bind it first.',
  [AccountCode.thirdPartyBound]: 'This identity already belongs to an account.',
  [AccountCode.lastWayIn]: 'This is the only way into the account: add another one first.',
  [AccountCode.thirdPartyUnavailable]: 'This way of signing in is not set up on this site.',
  [AccountCode.authenticatorSetupMissing]:
    'The authenticator setup expired or was never started: start again.',
  [AccountCode.loginEncryptionRequired]: 'The login body must be encrypted.',
  [AccountCode.loginCiphertextInvalid]:
    'The encrypted login body is malformed or does not decrypt.',
  [AccountCode.loginServerKeyOutdated]:
    'The login was encrypted for an outdated server key; fetch the sign config again.',
  [AccountCode.loginCiphertextStale]:
    'The encrypted login body is too old or too far ahead of the server time; send it again.',
  [AccountCode.loginCiphertextReplayed]: 'The encrypted login body was used before.',
  [ChallengeCode.solutionMalformed]: 'The challenge solution is not a valid solution payload.',
  [ChallengeCode.solutionInvalid]: 'The challenge solution does not verify.',
  [ChallengeCode.challengeExpired]: 'The challenge has expired; start a new one.',
  [ChallengeCode.solutionReplayed]: 'The challenge solution was used before; start a new one.',
  [ChallengeCode.challengeUnknown]: 'There is no such challenge; start a new one.',
  [ChallengeCode.challengeMismatch]:
    'The solution or the challenge belongs to another scene, business flow or challenge.',
};
