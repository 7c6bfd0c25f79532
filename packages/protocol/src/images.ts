/**
 * Image domains (SPEC.md sections 3 "Image host configuration", 4 "Image domain", 7
 * getDomainConfigList, 8 "Image probe") and the product's affiliated link domains. Data and pure
 * functions only.
 *
 * NOTE: SPEC 3 says the default image host is `{host}`: we read it as the site's own host. Images
 * are served under {@link IMAGE_PATH_PREFIX} of the site (which forwards them to the gateway), so
 * content names them by a path (`/images/coins/btc.svg`) or an absolute URL on the site's origin,
 * and a chosen image domain replaces that origin.
 */

/** Every image path starts here, on the site and on every image domain. */
export const IMAGE_PATH_PREFIX = '/images/';

/** The small image the probe loads from each candidate domain (SPEC 4). */
export const IMAGE_PROBE_PATH = '/images/probe.png';

/** The cache-busting query parameter of a probe: a random value each time (SPEC 4). */
export const IMAGE_PROBE_QUERY_PARAM = 'probe';

/** A candidate that has not loaded the probe by then counts as failed. */
export const IMAGE_PROBE_TIMEOUT_MS = 5000;

/** Which of the two lists of the domain config serves a visitor. */
export type ImageRegion = 'foreign' | 'internal';

/**
 * Time zones of mainland China, whose visitors use the internal list (SPEC 3 names the two lists,
 * not the rule: ours is the browser's time zone, known without any request or permission).
 */
export const INTERNAL_IMAGE_TIME_ZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
];

/**
 * The UTC offsets, in minutes east, that the zones above keep all year (none has daylight saving):
 * +8, and +6 for Urumqi and Kashgar. A clock at any other offset is not in one of them, which the
 * client knows from `Date` without starting a costly `Intl` formatter.
 */
export const INTERNAL_IMAGE_UTC_OFFSETS: readonly number[] = [480, 360];

/**
 * The list a visitor in `timeZone` (an IANA name, e.g. from `Intl.DateTimeFormat().resolvedOptions()`)
 * uses: internal in mainland China, foreign everywhere else and when unknown.
 */
export function imageRegionOf(timeZone: string | undefined): ImageRegion {
  return timeZone !== undefined && INTERNAL_IMAGE_TIME_ZONES.includes(timeZone)
    ? 'internal'
    : 'foreign';
}

/** A public call (ours) listing the coin icons, as image paths on the default host. */
export const ImagePath = {
  coinIcons: '/v1/mix/system/coinIcons',
} as const;

/** An image domain is an origin: scheme, host and optional port, nothing after. */
export const IMAGE_DOMAIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;
