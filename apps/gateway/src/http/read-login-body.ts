import { AccountCode, ErrorCode } from '@exchange-web/protocol/codes';
import { EncryptedBodyField, encryptedLoginFields } from '@exchange-web/protocol/paths';
import { HeaderName, KeyAlgorithm } from '@exchange-web/protocol/registry';
import { LoginFreshnessField, isLoginTimeFresh } from '@exchange-web/protocol/signing';
import type { Context } from 'hono';
import type { z } from 'zod/mini';
import type { Queryable } from '../db/database';
import type { ClientKey } from '../signing/client-keys';
import { decryptBodyCiphertext, type DecryptResult } from '../signing/login-ciphertext';
import { claimLoginNonce } from '../signing/login-nonces';
import { parseClientPublicKey, verifyRsaSignature } from '../signing/rsa';
import type { ServerKeyStore } from '../signing/server-keys';
import { RefusedError } from './errors';
import { parseJsonText, validateBody } from './read-body';

/** A login-path body, decrypted when it came encrypted. */
export interface LoginBody<T> {
  fields: T;
  /**
   * The client key of an encrypted body, undefined for plaintext. A login or registration binds
   * it to the session it starts; a sub-account switch never does (protocol `KEY_KEEPING_PATHS`).
   */
  clientKey: ClientKey | undefined;
}

/** Reads the body of a login-encryption path (SPEC 7 "Login and registration encryption"). */
export interface LoginBodyReader {
  /**
   * The body validated against the route's schema. An encrypted body (`bodyCiphertext`,
   * `algorithm`, `publicKey`, `initSign` and any fields in clear) is checked and decrypted first;
   * a plaintext body is taken only when the gateway allows it. Refusals: 21011 plaintext not
   * allowed, 21012 malformed or undecryptable (or without its freshness fields), 21013 outdated
   * server key, 00023 bad `publicKey` or `initSign`, 21014 a `bodyTime` outside the freshness
   * window (HTTP 400), 21015 a `bodyNonce` used before (HTTP 409), then the schema's 40000 / 40001.
   */
  read<S extends z.ZodMiniType>(c: Context, schema: S): Promise<LoginBody<z.infer<S>>>;
}

export interface LoginBodyReaderDeps {
  /** Where used nonces are kept (login_nonces), shared by every gateway process. */
  db: Queryable;
  serverKeys: ServerKeyStore;
  /** GATEWAY_LOGIN_FRESHNESS_MS: how far `bodyTime` may be from the server time, either way. */
  freshnessMs: number;
  /** The server clock `bodyTime` is judged by. @default Date.now */
  now?: () => number;
  /** GATEWAY_LOGIN_PLAINTEXT_ALLOWED: SPEC 8's fallback when the client could not encrypt. */
  plaintextAllowed: boolean;
  /** Where accepted plaintext bodies are reported. @default console.warn */
  warn?: (message: string) => void;
}

const ENVELOPE_FIELDS: readonly string[] = Object.values(EncryptedBodyField);
const FRESHNESS_FIELDS: readonly string[] = Object.values(LoginFreshnessField);
const ENCRYPTED_FIELDS: ReadonlySet<string> = new Set(encryptedLoginFields);
const KEY_ALGORITHMS: readonly string[] = Object.values(KeyAlgorithm);

// One warning per path a minute is enough to notice clients that fail to encrypt.
const WARNING_INTERVAL_MS = 60_000;

const invalid = (message: string) =>
  new RefusedError({ status: 400, code: AccountCode.loginCiphertextInvalid, message });

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The four fields an encrypted body adds; each must be a non-empty string. */
function envelopeOf(body: Record<string, unknown>) {
  const text = (name: string): string => {
    const value = body[name];
    if (typeof value !== 'string' || value === '') {
      throw invalid(`${name}: an encrypted login body needs it as a non-empty string`);
    }
    return value;
  };
  const algorithm = text(EncryptedBodyField.algorithm);
  if (!KEY_ALGORITHMS.includes(algorithm)) {
    throw invalid(`algorithm: expected ${KEY_ALGORITHMS.join(' or ')}`);
  }
  return {
    bodyCiphertext: text(EncryptedBodyField.bodyCiphertext),
    algorithm: algorithm as KeyAlgorithm,
    publicKey: text(EncryptedBodyField.publicKey),
    initSign: text(EncryptedBodyField.initSign),
  };
}

/** A failed key proof is a sign failure (00023), and says so in `gw-sign-error` (SPEC 8). */
function refuseKeyProof(c: Context, message: string): never {
  c.header(HeaderName.gwSignError, 'init-sign');
  throw new RefusedError({ status: 401, code: ErrorCode.signInvalid, message });
}

/** The reader the login, registration and sub-account switch routes share. */
export function createLoginBodyReader({
  db,
  serverKeys,
  freshnessMs,
  now = () => Date.now(),
  plaintextAllowed,
  warn = (message) => console.warn(message),
}: LoginBodyReaderDeps): LoginBodyReader {
  // Per process on purpose: it only spaces out this process's own log lines.
  const warnedAt = new Map<string, number>();
  const warnPlaintext = (path: string) => {
    const last = warnedAt.get(path);
    if (last !== undefined && Date.now() - last < WARNING_INTERVAL_MS) return;
    warnedAt.set(path, Date.now());
    warn(`login encryption: took a plaintext body on ${path} (GATEWAY_LOGIN_PLAINTEXT_ALLOWED)`);
  };

  const decrypt = async (bodyCiphertext: string): Promise<DecryptResult> => {
    const attempt = async (fresh: boolean) => {
      const keys = await serverKeys.keys({ fresh });
      return decryptBodyCiphertext(
        bodyCiphertext,
        keys.map((key) => key.privateKey),
      );
    };
    const result = await attempt(false);
    // Another process may have rotated the key since this one last read the keys.
    return !result.ok && result.reason === 'unknown-key' ? attempt(true) : result;
  };

  return {
    async read(c, schema) {
      const body = parseJsonText(await c.req.text());
      const encrypted = isJsonObject(body) && ENVELOPE_FIELDS.some((name) => name in body);
      if (!encrypted) {
        if (!plaintextAllowed) {
          throw new RefusedError({
            status: 400,
            code: AccountCode.loginEncryptionRequired,
            message:
              'this call takes only an encrypted body (bodyCiphertext, algorithm, publicKey, initSign)',
          });
        }
        warnPlaintext(c.req.path);
        return { fields: validateBody(schema, body), clientKey: undefined };
      }

      const envelope = envelopeOf(body);
      // The key proof first: it is cheaper than a decryption and binds the key to this body.
      const clientKey = parseClientPublicKey(envelope.publicKey, envelope.algorithm);
      if (!clientKey) {
        refuseKeyProof(
          c,
          `publicKey: expected the base64 SPKI of an ${envelope.algorithm} RSA key`,
        );
      }
      if (!verifyRsaSignature(envelope.bodyCiphertext, envelope.initSign, clientKey)) {
        refuseKeyProof(c, 'initSign: the signature over bodyCiphertext does not verify');
      }

      const result = await decrypt(envelope.bodyCiphertext);
      if (!result.ok) {
        if (result.reason === 'unknown-key') {
          throw new RefusedError({
            status: 400,
            code: AccountCode.loginServerKeyOutdated,
            message: result.message,
          });
        }
        throw invalid(result.message);
      }
      // Freshness before anything is read from the fields: a captured body is worth nothing
      // once its window has passed, and within it only its first use counts.
      if (!isLoginTimeFresh(result.freshness.time, now(), freshnessMs)) {
        throw new RefusedError({
          status: 400,
          code: AccountCode.loginCiphertextStale,
          message: `${LoginFreshnessField.time}: the encrypted body is more than ${freshnessMs} ms from the server time; encrypt it again`,
        });
      }
      if (!(await claimLoginNonce(db, result.freshness, freshnessMs))) {
        throw new RefusedError({
          status: 409,
          code: AccountCode.loginCiphertextReplayed,
          message: `${LoginFreshnessField.nonce}: this encrypted body was used before`,
        });
      }
      const clear = Object.fromEntries(
        Object.entries(body).filter(([name]) => !ENVELOPE_FIELDS.includes(name)),
      );
      for (const name of Object.keys(clear)) {
        if (ENCRYPTED_FIELDS.has(name) || FRESHNESS_FIELDS.includes(name)) {
          throw invalid(`${name}: an encrypted field must travel inside bodyCiphertext`);
        }
        if (Object.hasOwn(result.fields, name)) {
          throw invalid(`${name}: sent both inside and beside bodyCiphertext`);
        }
      }
      return {
        fields: validateBody(schema, { ...clear, ...result.fields }),
        clientKey: { publicKey: envelope.publicKey, algorithm: envelope.algorithm },
      };
    },
  };
}
