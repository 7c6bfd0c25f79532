import { INTERNAL_IMAGE_UTC_OFFSETS, imageRegionOf } from '@exchange-web/protocol/images';
import { LocalStorageKey } from '@exchange-web/protocol/registry';
import type { DomainConfigReply } from '@exchange-web/protocol/transport-schemas';
import type { KeyValueStorage } from '../key-value-storage';
import { consoleLogger, type Logger } from '../logger';
import { randomId } from '../random-id';
import { defaultTimers, type Timers } from '../timers';
import { imagePathOn, normaliseImageDomain, originOf, rewriteImageUrl } from './image-url';
import { probeImageDomains, type LoadImage } from './probe';

/** What the rewriting of image URLs needs to know: the default host and the chosen domain. */
export interface ImageDomainSource {
  /** The site's own origin: the default image host `{host}`. */
  readonly siteOrigin: string;
  /** The image domain in use now; the site origin until one is chosen. */
  current(): string;
}

export interface ImageDomainsOptions {
  /** The site's own origin (`location.origin`): the default host, used until a domain is chosen. */
  siteOrigin: string;
  /**
   * Gets the domain config (SPEC 7 getDomainConfigList), already checked against its schema: the
   * one the page's server render loaded, or the request client's endpoint call. Checking it here
   * again loaded zod and the schemas on every page for a reply the server had checked (issue 18).
   */
  fetchDomainConfig(): Promise<DomainConfigReply>;
  /** Loads one image (the probe image); a browser `Image` in a page. */
  loadImage: LoadImage;
  /** Where the winner is kept (LocalStorageKey.fastestImageDomain). */
  storage: KeyValueStorage;
  /**
   * The visitor's IANA time zone, which picks the foreign or internal list (`imageRegionOf`).
   * @default Intl.DateTimeFormat().resolvedOptions().timeZone, read only when the clock's UTC
   * offset is one of the internal zones' (undefined, so foreign, otherwise)
   */
  timeZone?: string | undefined;
  /** The cache-busting value of each probe. @default randomId() */
  random?: () => string;
  /** @default the global timers, called lazily */
  timers?: Timers;
  /** @default IMAGE_PROBE_TIMEOUT_MS (5000) */
  probeTimeoutMs?: number;
  /** Where a config or probe failure is logged (console only: images still show). @default console */
  logger?: Logger;
}

/** The page's image domain: chosen once per page, then read by every image. */
export interface ImageDomains extends ImageDomainSource {
  /** Listens to changes of {@link current}; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Chooses the domain (once per page; later calls share the first): fetches the config, picks the
   * list by time zone, uses an empty list's default host, a single domain without probing, and
   * probes several. Resolves with the domain in use; rejects (the default host in use) when the
   * config cannot be read or every candidate failed (an `ImageProbeError`).
   */
  start(): Promise<string>;
  /** `url` rewritten to the current domain (the helper for non-React code). */
  rewrite(url: string): string;
  /**
   * Where an image that failed to load at `failedUrl` should be tried next: `url` (as written: on
   * the default host, or already on a candidate domain) moved to the next working domain, the
   * default host last; undefined when there is no other place to try or `url` is on another host.
   */
  fallback(url: string, failedUrl: string): string | undefined;
  /** The domains known to work, in the order they answered (the default host not included). */
  working(): readonly string[];
}

/**
 * The browser's time zone where it could pick the internal list, else undefined (foreign). The first
 * `Intl` formatter of a page starts ICU, 60 to 120 ms of main thread on a throttled phone (issue
 * 18); a visitor whose offset rules the internal zones out does not pay it.
 */
export function defaultTimeZone(
  utcOffsetMinutesWest = new Date().getTimezoneOffset(),
): string | undefined {
  if (!INTERNAL_IMAGE_UTC_OFFSETS.includes(-utcOffsetMinutesWest)) return undefined;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The candidate list of this visitor's region, as origins, duplicates and bad entries dropped. */
function candidateList(
  reply: DomainConfigReply,
  timeZone: string | undefined,
  siteProtocol: string,
  logger: Logger,
): string[] {
  const config = reply.imgDomainConfig;
  const list =
    imageRegionOf(timeZone) === 'internal' ? config.internalDomainList : config.foreignDomainList;
  const domains: string[] = [];
  for (const entry of list) {
    const domain = normaliseImageDomain(entry, siteProtocol);
    if (domain === undefined) logger.warn('image domain ignored: not an origin', entry);
    else if (!domains.includes(domain)) domains.push(domain);
  }
  return domains;
}

/**
 * The image domain of SPEC 4 with its platform passed in: the probe, the choice, its storage and the
 * fallback order. Nothing runs until {@link ImageDomains.start} (call it after hydration: it never
 * blocks a first paint, images show from the default host meanwhile).
 * NOTE: a stored winner still in the list is used at once while a fresh probe runs; a stored value
 * no longer listed is dropped. An empty list, a single domain and a failed probe store nothing.
 * @example
 * const images = createImageDomains({
 *   siteOrigin: location.origin,
 *   fetchDomainConfig: () => callEndpoint(http, Endpoints.domainConfigList, {}),
 *   loadImage: browserImageLoader(),
 *   storage: localStorage,
 * });
 * void images.start().catch(() => undefined);
 * img.src = images.rewrite('/images/coins/btc.svg');
 */
export function createImageDomains(options: ImageDomainsOptions): ImageDomains {
  const siteOrigin = options.siteOrigin.replace(/\/+$/, '').toLowerCase();
  const siteProtocol = /^http:/i.test(siteOrigin) ? 'http:' : 'https:';
  const logger = options.logger ?? consoleLogger;
  const timers = options.timers ?? defaultTimers;
  const random = options.random ?? (() => randomId());
  // Read when the list is chosen, not here: the first `Intl.DateTimeFormat` loads the time-zone
  // data, a long task on a phone, and the services are built while the page hydrates (issue 18).
  const timeZone = () => ('timeZone' in options ? options.timeZone : defaultTimeZone());
  const listeners = new Set<() => void>();
  let current = siteOrigin;
  const working: string[] = [];
  const failed = new Set<string>();
  // Every candidate of the list: an image already moved to one of them can move on to another.
  let candidates: readonly string[] = [];
  let started: Promise<string> | undefined;

  const use = (domain: string) => {
    if (domain === current) return;
    current = domain;
    for (const listener of [...listeners]) listener();
  };
  const stored = () => options.storage.getItem(LocalStorageKey.fastestImageDomain);
  const forget = () => {
    if (stored() !== null) options.storage.removeItem(LocalStorageKey.fastestImageDomain);
  };

  async function choose(): Promise<string> {
    let domains: string[];
    try {
      domains = candidateList(await options.fetchDomainConfig(), timeZone(), siteProtocol, logger);
    } catch (error) {
      logger.warn('image domain config unavailable, images stay on the default host', error);
      throw error;
    }
    candidates = domains;
    const [only] = domains;
    if (only === undefined || domains.length === 1) {
      // SPEC 8: an empty list uses the default host, a single domain is used without probing.
      forget();
      const domain = only ?? siteOrigin;
      if (only !== undefined) working.push(only);
      use(domain);
      return domain;
    }
    const remembered = stored();
    if (remembered !== null && domains.includes(remembered)) {
      working.push(remembered);
      use(remembered);
    } else forget();
    try {
      const winner = await probeImageDomains(domains, {
        loadImage: options.loadImage,
        random,
        timers,
        ...(options.probeTimeoutMs === undefined ? {} : { timeoutMs: options.probeTimeoutMs }),
        onLoad: (domain) => {
          failed.delete(domain);
          if (!working.includes(domain)) working.push(domain);
        },
        onFail: (domain) => {
          failed.add(domain);
          const index = working.indexOf(domain);
          if (index >= 0) working.splice(index, 1);
        },
      });
      // The winner leads the working list, whatever a remembered value put there first.
      working.splice(working.indexOf(winner), 1);
      working.unshift(winner);
      options.storage.setItem(LocalStorageKey.fastestImageDomain, winner);
      use(winner);
      return winner;
    } catch (error) {
      // SPEC 8: all candidates failed: reject, and the default host stays (or is back) in use.
      logger.warn('no image domain answered, images stay on the default host', error);
      use(siteOrigin);
      throw error;
    }
  }

  return {
    siteOrigin,
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => (started ??= choose()),
    rewrite: (url) => rewriteImageUrl(url, { siteOrigin, domain: current }),
    fallback(url, failedUrl) {
      // Only images of the default host, or already moved to a candidate, exist elsewhere.
      const path = imagePathOn(url, [siteOrigin, ...candidates]);
      if (path === undefined) return undefined;
      const failedDomain = originOf(failedUrl, siteOrigin);
      const next = [...working, siteOrigin].find(
        (domain) => domain !== failedDomain && !failed.has(domain),
      );
      if (next === undefined) return undefined;
      return next === siteOrigin ? path : `${next}${path}`;
    },
    working: () => [...working],
  };
}
