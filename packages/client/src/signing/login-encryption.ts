import { AccountCode, FailureEvent, isSuccessCode } from '@exchange-web/protocol/codes';
import {
  EncryptedBodyField,
  encryptedLoginFields,
  isLoginEncryptionPath,
} from '@exchange-web/protocol/paths';
import {
  BODY_CIPHER,
  KEY_KEEPING_PATHS,
  LOGIN_NONCE_BYTES,
  loginPlaintext,
} from '@exchange-web/protocol/signing';
import { CookieName, HeaderName } from '@exchange-web/protocol/registry';
import { sessionReplySchema } from '@exchange-web/protocol/transport-schemas';
import type { CookieJar } from '../cookie-jar';
import type { RequestHook, RequestState } from '../request/hooks';
import type { FailureDetail, ReportFailure } from './failure-report';
import type { EnsuredKeyPair, KeyPairStore } from './key-pairs';
import type { SignConfigSource } from './sign-config';
import { pathnameOf } from './wire-form';
import { encryptBody, signText, type WebCrypto } from './wire-crypto';

/** Which key pair went out with which request; the device check and the binding read it. */
export type SentKeys = WeakMap<RequestState, EnsuredKeyPair>;

export interface LoginEncryptionOptions {
  signConfig: SignConfigSource;
  keyPairs: KeyPairStore;
  /** WebCrypto, or undefined where there is none. */
  crypto(): WebCrypto | undefined;
  /** SPEC 5: encryption needs keys, and keys need a secure context. */
  isSecureContext(): boolean;
  /** Readable cookies: the signed-in marker decides the binding (SPEC 4). */
  cookies: CookieJar;
  /** Where failures go (SPEC 8: loginEncryptFailed, then the body goes unencrypted). */
  reportFailure: ReportFailure;
  /** Shared with the device-check hook. */
  sentKeys: SentKeys;
  /**
   * The time to put in `bodyTime` when the request has no `tm` header (the common headers, which
   * carry the server-corrected time, did not run). @default Date.now
   */
  now?: () => number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** Thrown inside the hook to carry a failure reason to its one report. */
class EncryptionFailure extends Error {
  override readonly name = 'EncryptionFailure';
  constructor(readonly detail: Omit<FailureDetail, 'path'>) {
    super(detail.reason);
  }
}

const fieldSet: ReadonlySet<string> = new Set(encryptedLoginFields);

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The time of an encrypted body: the request's `tm` (the common headers' server-corrected clock,
 * SPEC 7), so the gateway's freshness window is measured against its own time; else `now()`.
 */
function bodyTimeOf(request: RequestState, now: () => number): number {
  const tm = request.headers[HeaderName.tm];
  const time = tm !== undefined && /^\d{1,16}$/.test(tm) ? Number(tm) : Number.NaN;
  return Number.isSafeInteger(time) && time > 0 ? time : Math.trunc(now());
}

/**
 * Login and registration encryption (SPEC 7), one hook:
 * - before a post to a listed path, the listed fields present in the body are encrypted into
 *   `bodyCiphertext` (AES-256-CBC under a fresh random key and IV, wrapped by RSA-OAEP with the
 *   verified server key), with the freshness fields `bodyTime` (the request's `tm`) and
 *   `bodyNonce` (16 random bytes) inside, and `algorithm`, `publicKey` and `initSign` (the client
 *   key's signature over `bodyCiphertext`) are added; the other fields stay as they are. When
 *   anything fails (no secure context, no config, an unverified server key, no key pair), the
 *   failure is logged as loginEncryptFailed and the original body goes (SPEC 8);
 * - after a success reply to such a post carrying a userId, while the signed-in marker cookie
 *   exists, the key pair sent is recorded as bound to that user (SPEC 4 "Signing setup"). A
 *   sub-account switch binds no key at the gateway (protocol `KEY_KEEPING_PATHS`): the session
 *   keeps its login's key, so here the pair is moved to the user switched to only when it was the
 *   one bound to the user switched from;
 * - after a refusal for an outdated server key (21013), the config is refetched and the call
 *   encrypted and sent again, once; after a refusal for a stale body (21014), it is encrypted and
 *   sent again, once.
 */
// SPEC 7 is silent on a body with none of the fields: we still send an (empty) ciphertext, so the
// gateway receives the public key to bind and its initSign.
export function loginEncryptionHook(options: LoginEncryptionOptions): RequestHook {
  const now = options.now ?? (() => Date.now());
  async function encrypt(request: RequestState, body: Record<string, unknown>) {
    const crypto = options.crypto();
    if (!options.isSecureContext() || !crypto?.subtle)
      throw new EncryptionFailure({ reason: 'insecureContext' });
    const config = await options.signConfig.get();
    if (!config) throw new EncryptionFailure({ reason: 'configUnavailable' });
    const server = await options.signConfig.serverKey();
    if (!server.ok)
      throw new EncryptionFailure({
        reason: server.reason,
        ...(server.cause === undefined ? {} : { cause: server.cause }),
      });
    const ensured = await options.keyPairs.ensure(config.defaultAlgorithm);
    if (!ensured) throw new EncryptionFailure({ reason: 'keyPairUnavailable' });

    const secret: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(body)) {
      if (value === undefined) continue;
      (fieldSet.has(name) ? secret : rest)[name] = value;
    }
    try {
      const { subtle } = crypto;
      // SPEC 7: a 32-byte key and a 16-byte IV, fresh for every request.
      const aesKey = crypto.getRandomValues(new Uint8Array(BODY_CIPHER.keyBytes));
      const iv = crypto.getRandomValues(new Uint8Array(BODY_CIPHER.ivBytes));
      // Ours: a time and a single-use nonce inside, so a captured body cannot be replayed.
      const plaintext = loginPlaintext(secret, {
        time: bodyTimeOf(request, now),
        nonce: toHex(crypto.getRandomValues(new Uint8Array(LOGIN_NONCE_BYTES))),
      });
      const bodyCiphertext = await encryptBody(subtle, server.key, plaintext, aesKey, iv);
      const initSign = await signText(subtle, ensured.pair.privateKey, bodyCiphertext);
      request.body = {
        ...rest,
        [EncryptedBodyField.bodyCiphertext]: bodyCiphertext,
        [EncryptedBodyField.algorithm]: ensured.pair.algorithm,
        [EncryptedBodyField.publicKey]: ensured.pair.publicKey,
        [EncryptedBodyField.initSign]: initSign,
      };
      options.sentKeys.set(request, ensured);
    } catch (cause) {
      throw new EncryptionFailure({ reason: 'encryptionError', cause });
    }
  }

  return {
    slot: 'login-encryption',
    async beforeRequest(request) {
      if (request.method !== 'POST' || !isLoginEncryptionPath(request.path)) return;
      try {
        if (!isPlainObject(request.body)) throw new EncryptionFailure({ reason: 'bodyNotObject' });
        await encrypt(request, request.body);
      } catch (error) {
        // SPEC 8: logged, and the request goes unencrypted (its body was never replaced).
        const detail =
          error instanceof EncryptionFailure
            ? error.detail
            : { reason: 'encryptionError' as const, cause: error };
        options.reportFailure(FailureEvent.loginEncryptFailed, { ...detail, path: request.path });
      }
    },
    async afterResponse({ request, envelope }) {
      const sent = options.sentKeys.get(request);
      if (!sent || !envelope) return undefined;
      // The gateway rotated its key since the config was cached: refetch and encrypt again, once.
      if (envelope.code === AccountCode.loginServerKeyOutdated && request.attempt === 0) {
        await options.signConfig.refetch();
        return { action: 'retry', headers: {} };
      }
      // Stale: this request's tm was taken before the clock was corrected (the page's first call
      // fetched the config it needed): encrypt again, once, with the time and a new nonce.
      if (envelope.code === AccountCode.loginCiphertextStale && request.attempt === 0) {
        return { action: 'retry', headers: {} };
      }
      if (!isSuccessCode(envelope.code)) return undefined;
      const session = sessionReplySchema.safeParse(envelope.data);
      // SPEC 4: bound "while a token cookie exists"; the token is HttpOnly, its marker is not.
      if (!session.success || options.cookies.get(CookieName.signedIn) === undefined)
        return undefined;
      // A switch keeps the session's key: the pair follows the session only if it is that key.
      const keeps = KEY_KEEPING_PATHS.includes(pathnameOf(request.path));
      if (!keeps || (request.userId !== '' && sent.pair.boundUserId === request.userId))
        options.keyPairs.bind(sent.pair.publicKey, session.data.userId);
      return undefined;
    },
  };
}
