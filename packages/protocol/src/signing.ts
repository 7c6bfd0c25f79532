/**
 * The wire formats of request signing and login encryption (SPEC.md sections 3, 5 and 7;
 * DESIGN.md "Wire formats"), shared by the client (WebCrypto) and the gateway (node:crypto) and
 * pinned by the vectors in `../vectors/signing.json`. Data and pure functions only.
 */
import { ApiPath } from './paths';
import { HeaderName, KeyAlgorithm, SIGN_TIME_LENGTH, SignMode } from './registry';

/** Request signatures, `initSign` and the server-key signature: RSASSA-PKCS1-v1_5 over SHA-256. */
export const SIGNATURE_ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/**
 * Wrapping of the login body key: RSA-OAEP with SHA-256 (DESIGN "Known traps": Node 20 refuses
 * PKCS#1 v1.5 decryption and WebCrypto cannot encrypt with it).
 */
export const KEY_WRAP_ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** The login body cipher of SPEC 7: AES-CBC (PKCS#7 padding) with a 32-byte key and 16-byte IV. */
export const BODY_CIPHER = { name: 'AES-CBC', keyBytes: 32, ivBytes: 16 } as const;

/** RSA modulus length of each key algorithm; the public exponent is 65537 for all. */
export const MODULUS_BITS: Record<KeyAlgorithm, number> = {
  [KeyAlgorithm.rsa1024]: 1024,
  [KeyAlgorithm.rsa2048]: 2048,
};

/** The public exponent 65537, as WebCrypto takes it. */
export const PUBLIC_EXPONENT = new Uint8Array([1, 0, 1]);

/** What a request's sign data is made of (SPEC 3 "Gateway sign config", SPEC 7). */
export interface SignParts {
  /** The call's path as sent, with its query string if any (`/v1/asset/overview?coin=BTC`). */
  path: string;
  /** The `tm` header: the client's corrected time in ms; only its first 8 characters are signed. */
  tm: string;
  /** The `uhti` header (mode 1 and 2). */
  uhti: string;
  /** The body exactly as sent, '' for none (mode 2). */
  body: string;
  /**
   * The `paptrading` header as sent (SPEC 4: `1` acts on the paper account), '' or absent when
   * the request has none. Signed in every mode: see {@link signData}.
   */
  paptrading?: string;
}

// SPEC 3 names the parts per mode but no joiner: a newline, which no path, time or id contains,
// so no two different part lists give the same sign data.
const SIGN_DATA_JOINER = '\n';

/**
 * The line ahead of the path that signs the `paptrading` header: `paptrading:` and its value.
 * Ours (SPEC 3, 7 leave the header unsigned, so a relay could flip a signed call between the
 * real and the paper account). It is there only when the request carries the header with a value,
 * so the sign data of a request without it is what it always was; and since a path begins with
 * `/`, the line cannot be taken for one. A header value holds no newline (RFC 9110).
 */
export const PAPTRADING_SIGN_PREFIX = `${HeaderName.paptrading}:`;

/**
 * The sign data of a request for a mode: mode 0 the path and the first 8 characters of `tm`;
 * mode 1 adds `uhti`; mode 2 adds the body (SPEC 3, 7). In every mode a request carrying
 * `paptrading` starts with the line `paptrading:{value}` ({@link PAPTRADING_SIGN_PREFIX}). The
 * signature and the `device-sign-data-md5` header are over this string, UTF-8 encoded.
 * @example signData(0, { path: '/v1/a', tm: '1795381532650', uhti: 'w1', body: '' }) // '/v1/a\n17953815'
 * @example signData(0, { path: '/v1/a', tm: '1795381532650', uhti: 'w1', body: '', paptrading: '1' }) // 'paptrading:1\n/v1/a\n17953815'
 */
export function signData(mode: SignMode, parts: SignParts): string {
  const fields = [parts.path, parts.tm.slice(0, SIGN_TIME_LENGTH)];
  if (mode >= SignMode.withTraceId) fields.push(parts.uhti);
  if (mode >= SignMode.withBody) fields.push(parts.body);
  if (parts.paptrading) fields.unshift(`${PAPTRADING_SIGN_PREFIX}${parts.paptrading}`);
  return fields.join(SIGN_DATA_JOINER);
}

/**
 * The time bucket a `tm` falls in: its first 8 characters as a number. For a 13-digit ms time a
 * bucket is 100 seconds long. Undefined for a `tm` that is not a 13-digit time.
 */
export function signTimeBucket(tm: string): number | undefined {
  if (!/^\d{13}$/.test(tm)) return undefined;
  return Number(tm.slice(0, SIGN_TIME_LENGTH));
}

/** A signature stays valid while its bucket is at most this many buckets from the server's. */
export const SIGN_WINDOW_BUCKETS = 1;

/**
 * Whether a signed `tm` is within the window of the server's time (00022 when not): its bucket
 * and the server's differ by at most {@link SIGN_WINDOW_BUCKETS}, i.e. 100 to 200 s either way.
 * @example isSignTimeFresh('1795381532650', 1795381632650) // true: the next bucket
 */
export function isSignTimeFresh(tm: string, serverNowMs: number): boolean {
  const bucket = signTimeBucket(tm);
  const now = signTimeBucket(String(Math.trunc(serverNowMs)));
  if (bucket === undefined || now === undefined) return false;
  return Math.abs(now - bucket) <= SIGN_WINDOW_BUCKETS;
}

// ---------------------------------------------------------------------------------------------
// Login encryption (SPEC 7)

// SPEC 7 adds only bodyCiphertext, algorithm, publicKey and initSign: the wrapped key travels
// inside bodyCiphertext, before a dot (base64 has none).
const CIPHERTEXT_SEPARATOR = '.';

/**
 * `bodyCiphertext`: the RSA-OAEP-wrapped key and IV (32 + 16 bytes) and the AES-256-CBC ciphertext
 * of the JSON of the encrypted fields, each base64, joined by a dot.
 */
export function joinBodyCiphertext(wrappedKeyBase64: string, ciphertextBase64: string): string {
  return `${wrappedKeyBase64}${CIPHERTEXT_SEPARATOR}${ciphertextBase64}`;
}

/** The two parts of a `bodyCiphertext`, or undefined when it is not of that form. */
export function splitBodyCiphertext(
  value: string,
): { wrappedKey: string; ciphertext: string } | undefined {
  const parts = value.split(CIPHERTEXT_SEPARATOR);
  const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
  if (parts.length !== 2) return undefined;
  const [wrappedKey = '', ciphertext = ''] = parts;
  if (!base64.test(wrappedKey) || !base64.test(ciphertext)) return undefined;
  return { wrappedKey, ciphertext };
}

/**
 * `initSign`: the client's signature (base64) over the `bodyCiphertext` string with the key whose
 * SPKI it sends as `publicKey`, proving it holds that key and binding it to this very body.
 */
export const INIT_SIGN_COVERS = 'bodyCiphertext' as const;

// ---------------------------------------------------------------------------------------------
// Login freshness (ours: SPEC 7 puts no time or nonce in the ciphertext, so a captured login
// could be replayed as it was)

/**
 * Reserved fields of the encrypted JSON, added by the client beside the encrypted login fields
 * and taken out by the gateway before the fields are read:
 * - `bodyTime`: when the body was encrypted, ms since the epoch by the client's server-corrected
 *   clock (the `tm` of the request), an integer;
 * - `bodyNonce`: {@link LOGIN_NONCE_BYTES} random bytes, lower-case hex, new for every body.
 * The gateway takes a body only within its freshness window of `bodyTime`, and each `bodyNonce`
 * once (21014, 21015). Neither name is a field of SPEC 7's list, nor may travel beside the
 * ciphertext.
 */
export const LoginFreshnessField = {
  time: 'bodyTime',
  nonce: 'bodyNonce',
} as const;

/** The random bytes of a `bodyNonce`; it is sent as their lower-case hex. */
export const LOGIN_NONCE_BYTES = 16;

// 16 bytes at least (32 hex characters), 64 at most.
const LOGIN_NONCE_PATTERN = /^[0-9a-f]{32,128}$/;

/** How far `bodyTime` may be from the gateway's time, either way, by default (ms). */
export const DEFAULT_LOGIN_FRESHNESS_MS = 120_000;

/** The freshness of one encrypted body. */
export interface LoginFreshness {
  /** ms since the epoch. */
  time: number;
  /** Lower-case hex of {@link LOGIN_NONCE_BYTES} random bytes or more. */
  nonce: string;
}

/**
 * The plaintext of a `bodyCiphertext`: the JSON of the encrypted fields with the freshness
 * fields added (last).
 * @example loginPlaintext({ pwd: 'x' }, { time: 1795381532650, nonce: '00'.repeat(16) })
 * // '{"pwd":"x","bodyTime":1795381532650,"bodyNonce":"0000…"}'
 */
export function loginPlaintext(
  fields: Readonly<Record<string, unknown>>,
  freshness: LoginFreshness,
): string {
  return JSON.stringify({
    ...fields,
    [LoginFreshnessField.time]: freshness.time,
    [LoginFreshnessField.nonce]: freshness.nonce,
  });
}

/**
 * Splits a decrypted body into its login fields and its freshness, or says what is wrong with
 * the freshness fields (a missing or malformed one).
 */
export function readLoginFreshness(
  decrypted: Readonly<Record<string, unknown>>,
):
  | { ok: true; fields: Record<string, unknown>; freshness: LoginFreshness }
  | { ok: false; message: string } {
  const {
    [LoginFreshnessField.time]: time,
    [LoginFreshnessField.nonce]: nonce,
    ...fields
  } = decrypted;
  if (typeof time !== 'number' || !Number.isSafeInteger(time) || time <= 0) {
    return {
      ok: false,
      message: `${LoginFreshnessField.time}: the encrypted body needs it as ms since the epoch`,
    };
  }
  if (typeof nonce !== 'string' || !LOGIN_NONCE_PATTERN.test(nonce)) {
    return {
      ok: false,
      message: `${LoginFreshnessField.nonce}: the encrypted body needs it as ${LOGIN_NONCE_BYTES} or more random bytes in lower-case hex`,
    };
  }
  return { ok: true, fields, freshness: { time, nonce } };
}

/** Whether a `bodyTime` is within `windowMs` of the server's time, either way. */
export function isLoginTimeFresh(time: number, serverNowMs: number, windowMs: number): boolean {
  return Math.abs(serverNowMs - time) <= windowMs;
}

/**
 * The login-encryption paths whose `publicKey` is never bound to the session: the sub-account
 * switches act within a session a login (or registration) started, and that session keeps the
 * login's key. Ours: a switch needs only the session cookie, so binding its key would let anyone
 * holding a stolen cookie sign core calls with a key of their own.
 */
export const KEY_KEEPING_PATHS: readonly string[] = [
  ApiPath.subAccountSwitch,
  ApiPath.subAccountSwitchBack,
];
