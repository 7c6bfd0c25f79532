import {
  ALLOWED_LINK_SCHEMES,
  ALLOWED_RELATIVE_LINK_STARTS,
  DATA_IMAGE_PREFIX,
  LinkWarning,
  REFUSED_DATA_IMAGE_TYPE,
} from '@exchange-web/protocol/registry';
import { decodeHTML } from 'entities';
import { consoleLogger, type Logger } from './logger';

const allowedSchemes: ReadonlySet<string> = new Set(ALLOWED_LINK_SCHEMES);

// What browsers ignore inside a URL (C0 controls, space, DEL, C1 controls and Unicode spaces), so
// an attacker can hide a scheme with it: `java\tscript:`, `\u0000javascript:`.
const IGNORED_IN_URLS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function decodePercent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A link with every mask taken off: HTML entities and percent-encoding decoded until nothing
 * changes (bounded), ignorable characters dropped. Only used to judge the scheme.
 */
function unmask(value: string): string {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    const next = decodePercent(decodeHTML(current)).replace(IGNORED_IN_URLS, '');
    if (next === current) break;
    current = next;
  }
  return current.replace(IGNORED_IN_URLS, '');
}

/**
 * Whether a link may be used (SPEC 5): it starts with an allowed scheme (http, https, mailto, tel,
 * blob, ftp, market, the product's app schemes, or `data:image/` but for SVG, which can carry
 * script), or is relative (`./`, `../`, `#`, `/`). A script scheme is refused in every disguise: case, whitespace, control characters,
 * entities, percent-encoding.
 * @example isSafeHref('https://example.com') // true
 * @example isSafeHref('jav&#x09;ascript:alert(1)') // false
 */
export function isSafeHref(href: unknown): href is string {
  if (typeof href !== 'string') return false;
  const unmasked = unmask(href);
  if (unmasked === '') return false;
  const scheme = SCHEME.exec(unmasked)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // No scheme once unmasked: only the relative starts SPEC 5 lists.
    const bare = href.replace(IGNORED_IN_URLS, '');
    return ALLOWED_RELATIVE_LINK_STARTS.some((start) => bare.startsWith(start));
  }
  // What the browser will read as the scheme must be the one judged: no masked scheme passes.
  const visible = SCHEME.exec(href.replace(IGNORED_IN_URLS, ''))?.[1]?.toLowerCase();
  if (visible !== scheme) return false;
  if (scheme === 'data') {
    const data = unmasked.toLowerCase();
    // The media type runs to the first parameter or the data: `image/svg+xml;base64,…`.
    const type = data.slice('data:'.length).split(/[;,]/, 1)[0];
    return data.startsWith(DATA_IMAGE_PREFIX) && type !== REFUSED_DATA_IMAGE_TYPE;
  }
  return allowedSchemes.has(scheme);
}

/**
 * A link ready for an `href`: the link with ignorable characters trimmed when it is safe, else ''
 * (SPEC 5: "otherwise they become empty"), with the spec's `invalid href` warning.
 * @example sanitizeHref(' /spot/BTCUSDT ') // '/spot/BTCUSDT'
 * @example sanitizeHref('javascript:alert(1)') // ''
 */
export function sanitizeHref(href: unknown, logger: Logger = consoleLogger): string {
  if (isSafeHref(href)) return href.trim();
  if (typeof href === 'string' && href.trim() !== '') logger.warn(LinkWarning.invalidHref, href);
  return '';
}

/** Where a page goes: `location.assign` by default. */
export interface Navigator {
  assign(url: string): void;
}

/**
 * Goes to a link when it is safe; otherwise logs the spec's `invalid url` warning and stays
 * (SPEC 5: "no navigation occurs"). Resolves whether it navigated.
 */
export function navigateTo(href: unknown, navigator: Navigator, logger: Logger = consoleLogger) {
  if (!isSafeHref(href)) {
    logger.warn(LinkWarning.invalidUrl, href);
    return false;
  }
  navigator.assign(href.trim());
  return true;
}
