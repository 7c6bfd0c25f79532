import { FailureEvent } from '@exchange-web/protocol/codes';
import { DEV_TRUST_ROOT_PUBLIC_KEY } from '@exchange-web/protocol/dev-trust-root';
import { SessionStorageKey, Timing } from '@exchange-web/protocol/registry';
import {
  gatewaySignConfigReplySchema,
  gatewaySignConfigSchema,
  type GatewaySignConfig,
} from '@exchange-web/protocol/transport-schemas';
import * as z from 'zod/mini';
import type { KeyValueStorage } from '../key-value-storage';
import type { FailureReason, ReportFailure } from './failure-report';
import { isServerKeySigned, trustRootKey } from './trust-root';
import { importKeyWrapKey } from './wire-crypto';

/**
 * The gateway sign config as the client keeps it. `serverPublicKeySign` may be absent: SPEC 5
 * makes a missing signature fail login encryption only, so the rest of the config still signs.
 */
export type SignConfig = Omit<GatewaySignConfig, 'serverPublicKeySign'> & {
  serverPublicKeySign?: string;
};

/** The verified server key, or why there is none. */
export type ServerKeyResult =
  { ok: true; key: CryptoKey } | { ok: false; reason: FailureReason; cause?: unknown };

export interface SignConfigOptions {
  /**
   * Gets the sign config call's `data` (GET /v1/mix/config/gatewaySignConfig), skipping the
   * signing hooks; the wrapper passes its own `get`.
   */
  fetchConfig(): Promise<unknown>;
  /** Session storage, where the config is cached (SPEC 7). */
  sessionStorage: KeyValueStorage;
  /** WebCrypto's `subtle`, or undefined where there is none (insecure context, SSR). */
  subtle(): SubtleCrypto | undefined;
  /**
   * The public key of the built-in certificate that signs the server key (SPEC 5), base64 of its
   * DER SubjectPublicKeyInfo (the site's build reads it from the certificate).
   * @default DEV_TRUST_ROOT_PUBLIC_KEY (development only: production passes its own)
   */
  trustRootPublicKey?: string;
  /** Where a load or verification failure is logged (SPEC 8: as loginEncryptFailed). */
  reportFailure: ReportFailure;
  /** ms since the epoch. */
  now(): number;
  /**
   * After a failed load, calls within this long get no config instead of another request.
   * @default Timing.signConfigRefetchMs (2000)
   */
  retryAfterMs?: number;
}

// The partial schema accepts a missing or empty serverPublicKeySign (see SignConfig).
const lenientConfigSchema = z.partial(gatewaySignConfigSchema, { serverPublicKeySign: true });
const lenientReplySchema = z.extend(gatewaySignConfigReplySchema, {
  gatewaySignConfig: lenientConfigSchema,
});

/** Drops an empty or non-string serverPublicKeySign, so that it reads as missing. */
function withoutEmptySign(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('gatewaySignConfig' in data)) return data;
  const config = data.gatewaySignConfig;
  if (typeof config !== 'object' || config === null || !('serverPublicKeySign' in config))
    return data;
  if (typeof config.serverPublicKeySign === 'string' && config.serverPublicKeySign !== '')
    return data;
  const { serverPublicKeySign: _dropped, ...rest } = config;
  return { ...data, gatewaySignConfig: rest };
}

const toSignConfig = (config: { serverPublicKeySign?: string | undefined } & object) => {
  const { serverPublicKeySign, ...rest } = config;
  return (serverPublicKeySign ? { ...rest, serverPublicKeySign } : rest) as SignConfig;
};

/**
 * The gateway sign config (SPEC 3, 7): fetched once, validated, cached in session storage, and
 * refetched on demand (SPEC 8: after 00020 and 00021). Its server key is trusted only once its
 * signature verifies against the built-in certificate (SPEC 5).
 * @example
 * const source = new SignConfigSource({ fetchConfig, sessionStorage, subtle, reportFailure, now });
 * const config = await source.get(); // undefined when it cannot be loaded
 * const server = await source.serverKey(); // { ok: true, key } once verified
 */
export class SignConfigSource {
  readonly #options: SignConfigOptions;
  #config: SignConfig | undefined;
  #loading: Promise<SignConfig | undefined> | undefined;
  #failedAt: number | undefined;
  // Bumped by refetch, so an older load in flight cannot overwrite a newer one.
  #generation = 0;
  #serverKeys = new WeakMap<SignConfig, Promise<ServerKeyResult>>();
  #rootKey: Promise<CryptoKey> | undefined;

  constructor(options: SignConfigOptions) {
    this.#options = options;
  }

  /** The config, from memory, session storage or the gateway; undefined when it cannot be had. */
  get(): Promise<SignConfig | undefined> {
    if (this.#config) return Promise.resolve(this.#config);
    if (this.#loading) return this.#loading;
    const cached = this.#readCache();
    if (cached) {
      this.#config = cached;
      return Promise.resolve(cached);
    }
    const retryAfterMs = this.#options.retryAfterMs ?? Timing.signConfigRefetchMs;
    // Ours: a failing gateway is asked again after a pause, not by every request meanwhile.
    if (this.#failedAt !== undefined && this.#options.now() - this.#failedAt < retryAfterMs)
      return Promise.resolve(undefined);
    return this.#load();
  }

  /** Forgets the config (memory and session storage) and loads it anew (SPEC 8). */
  refetch(): Promise<SignConfig | undefined> {
    this.#generation += 1;
    this.#config = undefined;
    this.#loading = undefined;
    this.#failedAt = undefined;
    try {
      this.#options.sessionStorage.removeItem(SessionStorageKey.gatewaySignConfig);
    } catch {
      // Storage refused: the memory copy is gone, which is what matters for this page.
    }
    return this.#load();
  }

  /**
   * The server's key for wrapping login body keys, once `serverPublicKeySign` verified against the
   * trust root (SPEC 5); checked once per config. A failure is logged once as loginEncryptFailed.
   */
  async serverKey(): Promise<ServerKeyResult> {
    const config = await this.get();
    if (!config) return { ok: false, reason: 'configUnavailable' };
    let result = this.#serverKeys.get(config);
    if (!result) {
      result = this.#verify(config).then((outcome) => {
        if (!outcome.ok)
          this.#options.reportFailure(FailureEvent.loginEncryptFailed, {
            reason: outcome.reason,
            ...(outcome.cause === undefined ? {} : { cause: outcome.cause }),
          });
        return outcome;
      });
      this.#serverKeys.set(config, result);
    }
    return result;
  }

  async #verify(config: SignConfig): Promise<ServerKeyResult> {
    const subtle = this.#options.subtle();
    if (!subtle) return { ok: false, reason: 'insecureContext' };
    if (!config.serverPublicKeySign) return { ok: false, reason: 'serverKeyUnsigned' };
    try {
      this.#rootKey ??= trustRootKey(
        subtle,
        this.#options.trustRootPublicKey ?? DEV_TRUST_ROOT_PUBLIC_KEY,
      );
      const rootKey = await this.#rootKey;
      if (
        !(await isServerKeySigned(
          subtle,
          rootKey,
          config.serverPublicKey,
          config.serverPublicKeySign,
        ))
      )
        return { ok: false, reason: 'serverKeySignatureInvalid' };
      return { ok: true, key: await importKeyWrapKey(subtle, config.serverPublicKey) };
    } catch (cause) {
      // A certificate that cannot be read stays broken: do not parse it again per config.
      return { ok: false, reason: 'serverKeyUnusable', cause };
    }
  }

  #load(): Promise<SignConfig | undefined> {
    const generation = this.#generation;
    const loading = this.#fetch().then((config) => {
      if (generation !== this.#generation) return config;
      this.#loading = undefined;
      if (config) {
        this.#config = config;
        this.#failedAt = undefined;
        this.#writeCache(config);
      } else {
        this.#failedAt = this.#options.now();
      }
      return config;
    });
    this.#loading = loading;
    return loading;
  }

  async #fetch(): Promise<SignConfig | undefined> {
    let data: unknown;
    try {
      data = await this.#options.fetchConfig();
    } catch (cause) {
      this.#reportLoadFailure(cause);
      return undefined;
    }
    const parsed = lenientReplySchema.safeParse(withoutEmptySign(data));
    if (!parsed.success) {
      this.#reportLoadFailure(parsed.error);
      return undefined;
    }
    return toSignConfig(parsed.data.gatewaySignConfig);
  }

  // SPEC 8: "failure to load config ... is logged as loginEncryptFailed".
  #reportLoadFailure(cause: unknown) {
    this.#options.reportFailure(FailureEvent.loginEncryptFailed, {
      reason: 'configUnavailable',
      cause,
    });
  }

  #readCache(): SignConfig | undefined {
    try {
      const text = this.#options.sessionStorage.getItem(SessionStorageKey.gatewaySignConfig);
      if (text === null) return undefined;
      const parsed = lenientConfigSchema.safeParse(JSON.parse(text));
      return parsed.success ? toSignConfig(parsed.data) : undefined;
    } catch {
      return undefined;
    }
  }

  #writeCache(config: SignConfig) {
    try {
      this.#options.sessionStorage.setItem(
        SessionStorageKey.gatewaySignConfig,
        JSON.stringify(config),
      );
    } catch {
      // Storage refused (quota, private mode): the config still holds for this page.
    }
  }
}
