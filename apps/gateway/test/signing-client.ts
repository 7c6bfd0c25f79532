import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName, KeyAlgorithm, type SignMode } from '@exchange-web/protocol/registry';
import {
  gatewaySignConfigReplySchema,
  type GatewaySignConfig,
} from '@exchange-web/protocol/schemas';
import {
  LOGIN_NONCE_BYTES,
  MODULUS_BITS,
  joinBodyCiphertext,
  loginPlaintext,
  signData,
  type LoginFreshness,
} from '@exchange-web/protocol/signing';
import {
  constants,
  createCipheriv,
  createHash,
  createPublicKey,
  generateKeyPair,
  publicEncrypt,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { call, TestBrowser, type CallResult, type GatewayTarget } from './support';

/**
 * What a browser client does for request signing and login encryption (SPEC 4 "Signing setup",
 * SPEC 7), done with node:crypto so the gateway tests can speak the wire format of
 * packages/protocol/src/signing.ts.
 */

/** A client signing key pair (SPEC 3 "Key pair"). */
export interface ClientKeyPair {
  /** Base64 SPKI DER. */
  publicKey: string;
  privateKey: KeyObject;
  algorithm: KeyAlgorithm;
}

const generateRsaKeyPair = promisify(generateKeyPair);

export async function newClientKey(
  algorithm: KeyAlgorithm = KeyAlgorithm.rsa1024,
): Promise<ClientKeyPair> {
  const pair = await generateRsaKeyPair('rsa', { modulusLength: MODULUS_BITS[algorithm] });
  const der = pair.publicKey.export({ type: 'spki', format: 'der' });
  return { publicKey: der.toString('base64'), privateKey: pair.privateKey, algorithm };
}

/** A base64 RSASSA-PKCS1-v1_5 / SHA-256 signature over the UTF-8 of `data`. */
export const signText = (data: string, key: KeyObject): string =>
  sign('sha256', Buffer.from(data, 'utf8'), key).toString('base64');

/** The sign config, validated by the protocol's schema. */
export async function fetchSignConfig(gateway: GatewayTarget): Promise<GatewaySignConfig> {
  const { json } = await call(gateway, 'GET', ApiPath.gatewaySignConfig);
  return gatewaySignConfigReplySchema.parse(json?.data).gatewaySignConfig;
}

/** Wraps 48 bytes (AES key and IV) for a base64 SPKI server key with RSA-OAEP / SHA-256. */
export function wrapKey(serverPublicKey: string, keyAndIv: Buffer): string {
  const key = createPublicKey({
    key: Buffer.from(serverPublicKey, 'base64'),
    format: 'der',
    type: 'spki',
  });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    keyAndIv,
  ).toString('base64');
}

/** A `bodyCiphertext` of any plaintext (the JSON of the encrypted fields, or garbage for tests). */
export function encryptText(serverPublicKey: string, plaintext: string): string {
  const aesKey = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', aesKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return joinBodyCiphertext(
    wrapKey(serverPublicKey, Buffer.concat([aesKey, iv])),
    ciphertext.toString('base64'),
  );
}

/** A body's freshness as a client makes it: the time now and 16 random bytes. */
export const newFreshness = (): LoginFreshness => ({
  time: Date.now(),
  nonce: randomBytes(LOGIN_NONCE_BYTES).toString('hex'),
});

/**
 * An encrypted login body: `fields` inside `bodyCiphertext` with the freshness fields (a fresh
 * `bodyTime` and `bodyNonce`, either forced by `freshness`; `'none'` leaves both out), `clear`
 * beside it, and the client key's `publicKey`, `algorithm` and `initSign` (SPEC 7).
 */
export function encryptedBody(
  key: ClientKeyPair,
  serverPublicKey: string,
  fields: Record<string, unknown>,
  clear: Record<string, unknown> = {},
  freshness: Partial<LoginFreshness> | 'none' = {},
): Record<string, unknown> {
  const plaintext =
    freshness === 'none'
      ? JSON.stringify(fields)
      : loginPlaintext(fields, { ...newFreshness(), ...freshness });
  return envelope(key, encryptText(serverPublicKey, plaintext), clear);
}

/** The envelope of a given `bodyCiphertext`, its `initSign` made by the client key. */
export function envelope(
  key: ClientKeyPair,
  bodyCiphertext: string,
  clear: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...clear,
    bodyCiphertext,
    algorithm: key.algorithm,
    publicKey: key.publicKey,
    initSign: signText(bodyCiphertext, key.privateKey),
  };
}

let uhtiCounter = 0;
/** A fresh `uhti`: `w`, a random part and the time (SPEC 7, 9). */
export function newUhti(): string {
  uhtiCounter += 1;
  return `w${randomBytes(6).toString('hex').slice(0, 11)}${uhtiCounter}${Date.now()}`;
}

/** What a signed request's headers are made from; each part can be forced to tamper with it. */
export interface SignOptions {
  /** @default 2 */
  mode?: SignMode;
  /** @default the current time */
  tm?: string;
  /** @default a fresh one */
  uhti?: string;
  /** The path signed. @default the path sent */
  signedPath?: string;
  /** The body signed. @default the body sent */
  signedBody?: string;
  /** The `paptrading` value signed ('' for none). @default none (signedPost: the one sent) */
  paptrading?: string;
}

/** The signature headers of a request, as a browser client sends them (SPEC 7). */
export function signatureHeaders(
  key: ClientKeyPair,
  path: string,
  body: string,
  options: SignOptions = {},
): Record<string, string> {
  const mode = options.mode ?? 2;
  const tm = options.tm ?? String(Date.now());
  const uhti = options.uhti ?? newUhti();
  const data = signData(mode, {
    path: options.signedPath ?? path,
    tm,
    uhti,
    body: options.signedBody ?? body,
    paptrading: options.paptrading ?? '',
  });
  return {
    [HeaderName.deviceSign]: signText(data, key.privateKey),
    [HeaderName.deviceSignMode]: String(mode),
    [HeaderName.deviceSignDataMd5]: createHash('md5').update(data, 'utf8').digest('hex'),
    [HeaderName.deviceSignKey]: key.publicKey,
    [HeaderName.tm]: tm,
    [HeaderName.uhti]: uhti,
  };
}

/**
 * The device-check headers of a login (SPEC 7): `userCheckDeviceSign` over the mode-2 sign data
 * of this request by the device's last key, `lastAlgorithm`, and the `tm` and `uhti` it covers.
 */
export function deviceCheckHeaders(
  lastKey: ClientKeyPair,
  path: string,
  body: string,
): Record<string, string> {
  const tm = String(Date.now());
  const uhti = newUhti();
  const data = signData(2, { path, tm, uhti, body });
  return {
    [HeaderName.userCheckDeviceSign]: signText(data, lastKey.privateKey),
    [HeaderName.lastAlgorithm]: lastKey.algorithm,
    [HeaderName.tm]: tm,
    [HeaderName.uhti]: uhti,
  };
}

/** A test browser with a signing key: it encrypts its logins and signs its core calls. */
export class SigningClient {
  constructor(
    readonly browser: TestBrowser,
    readonly key: ClientKeyPair,
  ) {}

  static async create(
    gateway: GatewayTarget,
    algorithm: KeyAlgorithm = KeyAlgorithm.rsa1024,
  ): Promise<SigningClient> {
    return new SigningClient(new TestBrowser(gateway), await newClientKey(algorithm));
  }

  /**
   * Posts `fields` encrypted for the gateway's current server key (and `clear` beside them), fresh
   * unless `freshness` forces its parts.
   */
  async postEncrypted(
    path: string,
    fields: Record<string, unknown>,
    clear: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    freshness: Partial<LoginFreshness> | 'none' = {},
  ): Promise<CallResult> {
    const { serverPublicKey } = await fetchSignConfig(this.browser.gateway);
    const body = JSON.stringify(encryptedBody(this.key, serverPublicKey, fields, clear, freshness));
    return this.browser.send('POST', path, body, headers);
  }

  /**
   * Posts `fields` encrypted, and signed as a core call: the security page's calls that carry a
   * code are both (the body signed is the encrypted one, as the browser client sends it).
   */
  async signedPostEncrypted(path: string, fields: Record<string, unknown>): Promise<CallResult> {
    const { serverPublicKey } = await fetchSignConfig(this.browser.gateway);
    return this.signedPost(path, JSON.stringify(encryptedBody(this.key, serverPublicKey, fields)));
  }

  /**
   * Posts a body with signature headers; `options` forces parts, `headers` overrides any. A
   * `paptrading` header sent is signed, as the browser client does, unless `options` says else.
   */
  signedPost(
    path: string,
    body: unknown = {},
    options: SignOptions = {},
    headers: Record<string, string> = {},
  ): Promise<CallResult> {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const paptrading = headers[HeaderName.paptrading] ?? '';
    return this.browser.send('POST', path, text, {
      ...signatureHeaders(this.key, path, text, { paptrading, ...options }),
      ...headers,
    });
  }
}
