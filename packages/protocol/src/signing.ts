/**
 * The wire formats of request signing and login encryption (SPEC.md sections 3, 5 and 7;
 * DESIGN.md "Wire formats"), shared by the client (WebCrypto) and the gateway (node:crypto) and
 * pinned by the vectors in `../vectors/signing.json`. Data and pure functions only.
 */
import { KeyAlgorithm, SIGN_TIME_LENGTH, SignMode } from './registry';

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
}

// SPEC 3 names the parts per mode but no joiner: a newline, which no path, time or id contains,
// so no two different part lists give the same sign data.
const SIGN_DATA_JOINER = '\n';

/**
 * The sign data of a request for a mode: mode 0 the path and the first 8 characters of `tm`;
 * mode 1 adds `uhti`; mode 2 adds the body (SPEC 3, 7). The signature and the
 * `device-sign-data-md5` header are over this string, UTF-8 encoded.
 * @example signData(0, { path: '/v1/a', tm: '1795381532650', uhti: 'w1', body: '' }) // '/v1/a\n17953815'
 */
export function signData(mode: SignMode, parts: SignParts): string {
  const fields = [parts.path, parts.tm.slice(0, SIGN_TIME_LENGTH)];
  if (mode >= SignMode.withTraceId) fields.push(parts.uhti);
  if (mode >= SignMode.withBody) fields.push(parts.body);
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
