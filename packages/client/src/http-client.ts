import { ApiPath } from '@exchange-web/protocol/paths';
import { Timing } from '@exchange-web/protocol/registry';
import axios, { type AxiosInstance } from 'axios';
import {
  browserLocalStorage,
  browserLocation,
  hasDocumentCookies,
  isBrowser,
} from './browser-globals';
import { browserCookieJar, memoryCookieJar, type CookieJar } from './cookie-jar';
import { createCookiePreferences } from './cookie-preferences';
import { storedDeviceId, storedTerminalCode } from './device-ids';
import { memoryStorage, type KeyValueStorage } from './key-value-storage';
import { importInTurns } from './import-in-turns';
import { LocalCache } from './local-cache';
import { consoleLogger, type Logger } from './logger';
import { randomId, type RandomBytes } from './random-id';
import { axiosTransport } from './request/axios-transport';
import { commonHeadersHook, type TestEnvironment } from './request/common-headers';
import { duplicateGuardHook } from './request/duplicate-guard';
import { errorNoticeHook } from './request/error-notice';
import type { CallerHook, RequestHook, RequestOptions } from './request/hooks';
import { createPipeline } from './request/pipeline';
import { createServerClock, serverTimeHook } from './request/server-time';
import { sessionExpiryHook } from './request/session-expiry';
import { simulationHeaderHook } from './request/simulation-header';
import { CALLER_SLOTS } from './request/slots';
import { createWindowGate } from './request/window-gate';
import { SESSION_END_SKIPPED_HOOKS, endSession } from './session-end';
import { isSimulationFlagSet } from './simulation';
import type { ChallengeFlow } from './challenge/challenge-flow';
import { CHALLENGE_CALL_SKIPPED_HOOKS, challengeHook } from './challenge/challenge-hook';
import type { ChallengePresenter } from './challenge/challenge-presenter';
import { SIGN_CONFIG_SKIPPED_HOOKS, lazySigningHooks } from './signing/lazy-signing-hooks';
import type { SigningOptions } from './signing/signing-hooks';
import { defaultTimers, type Timers } from './timers';
import type { ImageDomainSource } from './images/image-domains';
import { replaceImageDomainHook } from './images/replace-image-domain-hook';

export type { CallerHook, RequestHook, RequestOptions } from './request/hooks';
export type { CallerSlot, RequestSlot } from './request/slots';
export type { TestEnvironment } from './request/common-headers';
export type { SigningOptions } from './signing/signing-hooks';
export type { ChallengePresentation, ChallengePresenter } from './challenge/challenge-presenter';
export type { ImageDomainSource } from './images/image-domains';

/** Human verification (SPEC 4, 5): how the page shows challenges, and the flow's limits. */
export interface ChallengeOptions {
  /** Shows a challenge and solves one silently; the React layer's ALTCHA modal. */
  presenter: ChallengePresenter;
  /**
   * How long after a visible pass a 10021 of the same scene is solved without showing anything.
   * @default SILENT_WINDOW_MS (10 000)
   */
  silentWindowMs?: number;
  /**
   * Refused solutions in a row after which the waiting calls are rejected with the refusal.
   * @default MAX_FAILED_CHECKS (3)
   */
  maxFailedChecks?: number;
}

export interface HttpClientOptions {
  /** The site root the call paths are resolved against. @default '' (same origin) */
  baseURL?: string;
  /**
   * Request timeout in ms (SPEC 9: 20 s in the shared wrapper, 60 s in the long-request layer).
   * @default Timing.wrapperTimeoutMs (20_000)
   */
  timeoutMs?: number;
  /** An axios instance to send with (a server-side agent, tests). @default axios.create() */
  axiosInstance?: AxiosInstance;
  /** Local storage for the device id and terminal code. @default localStorage, else in memory */
  storage?: KeyValueStorage;
  /** Cookies (the session marker, the language). @default js-cookie in a page, else in memory */
  cookies?: CookieJar;
  /** The local cache record; share the page's one. @default new LocalCache(storage) */
  localCache?: LocalCache;
  /** @default the global timers, called lazily */
  timers?: Timers;
  /** Where console-only failures go (SPEC 8). @default console */
  logger?: Logger;
  /**
   * Shows an error toast (SPEC 8); the React layer passes antd's message.
   * @default logs the message through `logger.warn` (the core has no UI)
   */
  notify?: (message: string, cause: unknown) => void;
  /** Reloads the page after a session expiry (SPEC 4). @default location.reload() */
  reload?: () => void;
  /** The random source of ids (SPEC 9). @default crypto.getRandomValues */
  randomBytes?: RandomBytes;
  /**
   * The device fingerprint for the `deviceId` header; the tracker supplies it.
   * @default the id stored under LocalStorageKey.deviceFingerprint (the tracker writes it)
   */
  deviceId?: () => string;
  /**
   * The `terminalCode` header.
   * @default the id under LocalStorageKey.terminalCode (the tracker writes it), else the local cache
   */
  terminalCode?: () => string;
  /**
   * The stored site language, sent through the request-locale catalogue as `locale` and `language`.
   * @default the language cookie, else 'en'
   */
  language?: () => string;
  /**
   * The signed-in user's id, '' when anonymous; hooks read it from the request state (SPEC 6).
   * @default the local cache's globalUserId
   */
  userId?: () => string;
  /**
   * `pfb` and `beta` routing headers of a test environment; each is sent only when set (SPEC 7).
   * @default none
   * @example
   * createHttpClient({ testEnvironment: { pfb: 'test3' } });
   */
  testEnvironment?: TestEnvironment;
  /**
   * Whether simulation trade is on, read at each request: while it is, every request carries
   * `paptrading: 1` (SPEC 4).
   * @default whether the simulation flag is in `storage` (LocalStorageKey.simulationTrade)
   * @example
   * createHttpClient({ simulation: () => simulation.isOn() });
   */
  simulation?: () => boolean;
  /**
   * Whether identical calls are rate-limited and shared (SPEC 7, 9; browser-only per SPEC 9).
   * @default typeof window !== 'undefined'
   */
  duplicateGuard?: boolean;
  /**
   * Hooks of the caller, at most one per caller slot (REQUEST_SLOTS, request/slots.ts):
   * `caller-request` changes requests after the built-in changes and before device check and
   * signing, so what it changes is signed; `caller-response` reads the replies the built-in
   * steps let through (after session expiry, the challenge and the error notice), before the
   * image-domain rewrite. All of a hook's phases run at its slot.
   * @default []
   * @example
   * createHttpClient({
   *   hooks: [{ slot: 'caller-request', beforeRequest: (request) => void (request.headers['x-ab'] = 'b') }],
   * });
   */
  hooks?: readonly CallerHook[];
  /**
   * Request signing and login encryption (SPEC 4, 5, 7, 8): fills the slots login-encryption,
   * device-check, request-signing and sign-error. Off unless given: the site turns it on.
   * @default false
   * @example
   * createHttpClient({ signing: { trustRootPublicKey: PRODUCTION_TRUST_ROOT_KEY } });
   */
  signing?: SigningOptions | false;
  /**
   * Human verification (SPEC 4, 5, 7): a reply coded 10021 in group `gateway` shows the
   * presenter's challenge, checks the solution and retries the call with `captcha-token`. The
   * `challenge` slot is always filled, before the error notice's, so a 10021 never toasts.
   * Browser-only (SPEC 9): without a presenter (server side) a 10021 rejects with its ApiError.
   * @default false
   * @example
   * createHttpClient({ challenge: { presenter: createChallengePresenter() } });
   */
  challenge?: ChallengeOptions | false;
  /**
   * The replace-image-domain option (SPEC 4): when on, image URLs on the default host found in the
   * JSON string values of a successful reply's `data` (deep, in arrays and objects) come back
   * moved to the source's current domain; the domain-config reply is exempt. Its slot
   * (`replace-image-domain`) is the last, so no other step sees a changed body.
   * Pass the page's image domains (`createImageDomains`) to turn it on; the site does.
   * @default false
   * @example
   * createHttpClient({ replaceImageDomain: imageDomains });
   */
  replaceImageDomain?: ImageDomainSource | false;
}

/** The request wrapper of SPEC 7. */
export interface HttpClient {
  /** Posts `body` as JSON (default `{}`) and resolves the reply's `data`. */
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** Gets with `query` as query parameters and resolves the reply's `data`. */
  get<T>(
    path: string,
    query?: Readonly<Record<string, unknown>>,
    options?: RequestOptions,
  ): Promise<T>;
  /** The client clock corrected by the last server time seen (ms since the epoch). */
  now(): number;
  /**
   * Readies signing ahead of need (sign config, server key check, key pair), e.g. while the login
   * form is filled in; never rejects. Does nothing when signing is off.
   */
  prepareSigning(): Promise<void>;
  /**
   * Logout (SPEC 4): posts the two logout calls, removes the refresh-token cookie and the
   * signed-in marker, forgets the stored user id, posts clear cookie, then reloads, whatever the
   * calls answer. One logout per 2 s (SPEC 9), whoever asks: the visitor, session expiry or an
   * invalid signature.
   */
  endSession(): Promise<void>;
}

const callerSlots: ReadonlySet<string> = new Set(CALLER_SLOTS);

/**
 * The request wrapper of SPEC 7, as the pipeline of DESIGN.md: posts JSON or gets with query
 * parameters under the site root through one hook per slot of REQUEST_SLOTS (request/slots.ts),
 * and reads the `{code, data, msg}` envelope. Success codes resolve `data`; any other code
 * rejects with an ApiError carrying the server's msg and code; a transport failure rejects with
 * TimeoutError, NetworkError, CancelledError or HttpStatusError (errors.ts).
 * Nothing here touches a browser global until a default is needed (SSR imports this module).
 * @example
 * const http = createHttpClient({ notify: (text) => message.error(text) });
 * const rates = await http.post<UsdtRateReply>(ApiPath.usdtRate, { locale: 'en' });
 * const chains = await http.get<CoinChainListReply>(ApiPath.coinChainList);
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const storage = options.storage ?? browserLocalStorage() ?? memoryStorage();
  const cookies =
    options.cookies ?? (hasDocumentCookies() ? browserCookieJar() : memoryCookieJar());
  const localCache = options.localCache ?? new LocalCache(storage);
  const timers = options.timers ?? defaultTimers;
  const now = () => timers.now();
  const logger = options.logger ?? consoleLogger;
  const notify = options.notify ?? ((message: string) => logger.warn(message));
  const reload = options.reload ?? (() => browserLocation()?.reload());
  const newId = () => randomId(options.randomBytes);
  const preferences = createCookiePreferences(cookies);
  const clock = createServerClock(now);
  // One logout per 2 s (SPEC 9) whoever asks: the visitor, session expiry, an invalid signature.
  const endSessionGate = createWindowGate(now, Timing.errorDebounceMs);
  const endThisSession = async () => {
    if (!endSessionGate('end-session')) return;
    await endSession({
      post: (path) => send('POST', path, {}, { skipHooks: SESSION_END_SKIPPED_HOOKS }),
      cookies,
      localCache,
      reload,
      logger,
    });
  };
  const instance =
    options.axiosInstance ??
    axios.create({
      baseURL: options.baseURL ?? '',
      // Browser transports only (XHR, else fetch): the client never takes Node's http path.
      adapter: ['xhr', 'fetch'],
    });

  const challengeOptions = options.challenge;
  let challengeFlow: Promise<ChallengeFlow> | undefined;
  // The flow (and the captcha schemas it checks replies with) loads with the first challenge.
  const challenge = challengeOptions
    ? () =>
        (challengeFlow ??= import('./challenge/challenge-flow').then(
          ({ ChallengeFlow: Flow }) =>
            new Flow({
              ...challengeOptions,
              requestChallenge: (request, signal) =>
                send('POST', ApiPath.captchaId, request, {
                  skipHooks: CHALLENGE_CALL_SKIPPED_HOOKS,
                  signal,
                }),
              checkSolution: (request, signal) =>
                send('POST', ApiPath.captchaCheck, request, {
                  skipHooks: CHALLENGE_CALL_SKIPPED_HOOKS,
                  signal,
                }),
              now,
            }),
        ))
    : undefined;
  const signingOptions = options.signing;
  // The signing code (crypto, the sign-config schema) loads on the first call that concerns it,
  // the reply schemas (and zod) in a task before the rest (issue 18).
  const signing = signingOptions
    ? lazySigningHooks(async () =>
        (
          await importInTurns(
            [() => import('@exchange-web/protocol/transport-schemas')],
            // In the signed-in session's file (session-store.ts): the two always load together.
            () => import(/* webpackChunkName: "signed-session" */ './signing/signing-hooks'),
          )
        ).createSigningHooks({
          storage,
          ...signingOptions,
          fetchConfig: () =>
            send('GET', ApiPath.gatewaySignConfig, undefined, {
              skipHooks: SIGN_CONFIG_SKIPPED_HOOKS,
            }),
          notify,
          endSession: endThisSession,
          cookies,
          timers,
          logger,
        }),
      )
    : undefined;
  const callerHooks = options.hooks ?? [];
  for (const hook of callerHooks)
    if (!callerSlots.has(hook.slot))
      throw new Error(`the hooks option fills ${CALLER_SLOTS.join(' or ')}, not ${hook.slot}`);

  // Listed in any order: each hook names its slot, and the pipeline runs them in slot order.
  const hooks: RequestHook[] = [
    ...((options.duplicateGuard ?? isBrowser()) ? [duplicateGuardHook({ now })] : []),
    commonHeadersHook({
      deviceId: options.deviceId ?? storedDeviceId(storage, newId),
      terminalCode: options.terminalCode ?? storedTerminalCode(storage, localCache, newId),
      language: options.language ?? (() => preferences.get('language')),
      randomId: newId,
      now: () => clock.now(),
      ...(options.testEnvironment ? { testEnvironment: options.testEnvironment } : {}),
    }),
    simulationHeaderHook({ isOn: options.simulation ?? (() => isSimulationFlagSet(storage)) }),
    ...(signing?.hooks ?? []),
    serverTimeHook(clock),
    sessionExpiryHook({ now, endSession: endThisSession }),
    challengeHook({ flow: challenge }),
    errorNoticeHook({ notify, logger, now }),
    ...(options.replaceImageDomain ? [replaceImageDomainHook(options.replaceImageDomain)] : []),
    ...callerHooks,
  ];

  const send = createPipeline({
    transport: axiosTransport(instance, options.timeoutMs ?? Timing.wrapperTimeoutMs),
    hooks,
    userId: options.userId ?? (() => localCache.get('globalUserId')),
  });

  return {
    post: <T>(path: string, body?: unknown, call?: RequestOptions) =>
      send('POST', path, body, call) as Promise<T>,
    get: <T>(path: string, query?: Readonly<Record<string, unknown>>, call?: RequestOptions) =>
      send('GET', path, query, call) as Promise<T>,
    now: () => clock.now(),
    prepareSigning: () => signing?.prepare() ?? Promise.resolve(),
    endSession: endThisSession,
  };
}
