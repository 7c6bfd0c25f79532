import type { KeyAlgorithm } from '@exchange-web/protocol/registry';
import {
  browserLocalStorage,
  browserSessionStorage,
  hasDocumentCookies,
  isSecureContextNow,
  platformCrypto,
} from '../browser-globals';
import { browserCookieJar, memoryCookieJar, type CookieJar } from '../cookie-jar';
import { memoryStorage, type KeyValueStorage } from '../key-value-storage';
import { consoleLogger, type Logger } from '../logger';
import type { RequestHook } from '../request/hooks';
import { defaultTimers, type Timers } from '../timers';
import { deviceCheckHook } from './device-check';
import { warnFailure, type ReportFailure } from './failure-report';
import { indexedDbKeyRecords } from './key-records';
import { KeyPairStore, type KeyRecordStore } from './key-pairs';
import { loginEncryptionHook, type SentKeys } from './login-encryption';
import { requestSigningHook } from './request-signing';
import { SignConfigSource } from './sign-config';
import { signErrorHook } from './sign-error';
import type { WebCrypto } from './wire-crypto';

export type { FailureDetail, FailureEventName, ReportFailure } from './failure-report';

/** What a page may set about signing; every platform piece has a browser default. */
export interface SigningOptions {
  /**
   * The public key of the certificate that signs the gateway's server key (SPEC 5), base64 DER
   * SubjectPublicKeyInfo. Production passes its own.
   * @default DEV_TRUST_ROOT_PUBLIC_KEY (the development root, whose private key is public)
   */
  trustRootPublicKey?: string;
  /**
   * Where failure events go: loginEncryptFailed, genKeypairFailed, signInvalid, gwSignError
   * (SPEC 8); an analytics client, say.
   * @default logs them through `logger.warn`
   * @example
   * signing: { reportFailure: (event, detail) => tracker.track(event, { reason: detail.reason }) }
   */
  reportFailure?: ReportFailure;
  /** Session storage, where the sign config is cached. @default sessionStorage, else in memory */
  sessionStorage?: KeyValueStorage;
  /** Local storage, where key-pair metadata is kept. @default the wrapper's `storage` */
  storage?: KeyValueStorage;
  /** Opens the store of the private keys. @default the IndexedDB area `common` */
  openKeyRecords?: () => Promise<KeyRecordStore>;
  /** WebCrypto. @default globalThis.crypto, read on each use */
  crypto?: () => WebCrypto | undefined;
  /** SPEC 5: keys only in a secure context. @default globalThis.isSecureContext (true off the browser) */
  isSecureContext?: () => boolean;
  /** Makes a key pair. @default WebCrypto, RSASSA-PKCS1-v1_5 / SHA-256, private key non-extractable */
  generateKeyPair?: (algorithm: KeyAlgorithm) => Promise<CryptoKeyPair>;
  /** SPEC 5, 9: key generation gives up after this and uses the backup. @default 8000 */
  keyGenTimeoutMs?: number;
}

/** What {@link createSigningHooks} needs from the wrapper besides {@link SigningOptions}. */
export interface SigningHooksOptions extends SigningOptions {
  /** GETs the sign config call and resolves its `data`, skipping SIGN_CONFIG_SKIPPED_HOOKS. */
  fetchConfig(): Promise<unknown>;
  /** Shows a toast (SPEC 8 sign errors). */
  notify(message: string, cause: unknown): void;
  /** Logs out and reloads (SPEC 8: 00023). Its calls must skip the sign-error hook. */
  endSession(): Promise<void>;
  /** @default js-cookie in a page, else in memory */
  cookies?: CookieJar;
  /** @default the global timers, called lazily */
  timers?: Timers;
  /** @default console */
  logger?: Logger;
}

/** The signing hooks and their shared state. */
export interface SigningHooks {
  /** The four hooks, each in its slot (SIGNING_SLOTS), for the pipeline. */
  readonly hooks: readonly RequestHook[];
  readonly signConfig: SignConfigSource;
  readonly keyPairs: KeyPairStore;
  /**
   * Runs the signing setup of SPEC 4 ahead of need: config, server key check, key pair (and
   * its backup in the background). Failures are logged as usual; it never rejects.
   */
  prepare(): Promise<void>;
}

/**
 * Request signing and login encryption (SPEC 3, 4, 5, 7, 8) as hooks of the request pipeline.
 * Nothing touches a browser global before a request needs it.
 * @example
 * const signing = createSigningHooks({
 *   fetchConfig: () => send('GET', ApiPath.gatewaySignConfig, undefined, { skipHooks: SIGN_CONFIG_SKIPPED_HOOKS }),
 *   notify: (text) => message.error(text),
 *   endSession: () => http.endSession(),
 * });
 * send = createPipeline({ transport, hooks: [...builtIn, ...signing.hooks] });
 */
export function createSigningHooks(options: SigningHooksOptions): SigningHooks {
  const logger = options.logger ?? consoleLogger;
  const reportFailure = options.reportFailure ?? warnFailure(logger);
  const timers = options.timers ?? defaultTimers;
  const crypto = options.crypto ?? platformCrypto;
  const isSecureContext = options.isSecureContext ?? isSecureContextNow;
  const cookies =
    options.cookies ?? (hasDocumentCookies() ? browserCookieJar() : memoryCookieJar());
  const subtle = () => (isSecureContext() ? crypto()?.subtle : undefined);
  const sentKeys: SentKeys = new WeakMap();

  const signConfig = new SignConfigSource({
    fetchConfig: options.fetchConfig,
    sessionStorage: options.sessionStorage ?? browserSessionStorage() ?? memoryStorage(),
    subtle,
    ...(options.trustRootPublicKey === undefined
      ? {}
      : { trustRootPublicKey: options.trustRootPublicKey }),
    reportFailure,
    now: () => timers.now(),
  });
  const keyPairs = new KeyPairStore({
    storage: options.storage ?? browserLocalStorage() ?? memoryStorage(),
    openKeyRecords: options.openKeyRecords ?? (() => indexedDbKeyRecords()),
    subtle,
    isSecureContext,
    ...(options.generateKeyPair ? { generate: options.generateKeyPair } : {}),
    timers,
    ...(options.keyGenTimeoutMs === undefined ? {} : { keyGenTimeoutMs: options.keyGenTimeoutMs }),
    reportFailure,
  });
  const shared = { signConfig, keyPairs, crypto, isSecureContext };
  const loginEncryption = loginEncryptionHook({
    ...shared,
    cookies,
    reportFailure,
    sentKeys,
    // Only without the common headers' tm, which carries the server-corrected time.
    now: () => timers.now(),
  });
  const deviceCheck = deviceCheckHook({ ...shared, sentKeys });
  const requestSigning = requestSigningHook(shared);
  const signError = signErrorHook({
    notify: options.notify,
    refetchConfig: () => signConfig.refetch(),
    endSession: options.endSession,
    reportFailure,
    timers,
  });

  return {
    hooks: [loginEncryption, deviceCheck, requestSigning, signError],
    signConfig,
    keyPairs,
    async prepare() {
      const config = await signConfig.get();
      if (!config) return;
      await signConfig.serverKey();
      await keyPairs.ensure(config.defaultAlgorithm);
    },
  };
}
