import { TrackingPlatformCode, type TrackingSys } from '@exchange-web/protocol/registry';
import type { DeviceState, UserAgentHints } from './platform';

/**
 * The browser fields of an event: from the browser's client hints where it has them, else read
 * from the user agent by bowser.
 */
export interface BrowserInfo {
  browser: string;
  browser_version: string;
  os_version: string;
  manufacturer: string;
  model: string;
  sys: TrackingSys;
}

/** The device fields of an event that need no parser. */
export interface DeviceInfo {
  screen_width: number;
  screen_height: number;
  network_type: string;
  timezone_offset: number;
}

/** The base-info platform code of a `sys` value (SPEC 3: Web 3, Mobile 4, AppH5 5, ...). */
export const platformCode = (sys: TrackingSys): number => TrackingPlatformCode[sys];

/** The device fields of an event; zeros and `unknown` where the platform has no device. */
export function deviceInfo(device: DeviceState | undefined): DeviceInfo {
  return {
    screen_width: Math.max(0, Math.round(device?.screenWidth ?? 0)),
    screen_height: Math.max(0, Math.round(device?.screenHeight ?? 0)),
    network_type: device?.networkType || 'unknown',
    timezone_offset: Math.round(device?.timezoneOffset ?? 0),
  };
}

interface ParsedAgent {
  browser: { name?: string; version?: string };
  os: { name?: string; version?: string };
  platform: { type?: string; vendor?: string; model?: string };
}

/**
 * The `sys` of a parsed agent: AppH5 inside the native app, Mobile on phones and tablets, Windows
 * and MacOs on those desktops, Web otherwise.
 */
export function sysOf(parsed: ParsedAgent, inApp: boolean): TrackingSys {
  if (inApp) return 'AppH5';
  if (parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet') return 'Mobile';
  if (parsed.os.name === 'Windows') return 'Windows';
  if (parsed.os.name === 'macOS') return 'MacOs';
  return 'Web';
}

// A made-up brand ("Not;A=Brand") every Chromium lists, so servers do not match brands exactly.
const GREASE_BRAND = /not.?a.?brand/i;
// Brands as bowser names the same browsers, so a browser reads the same from either source.
const BOWSER_NAMES: Readonly<Record<string, string>> = {
  'Google Chrome': 'Chrome',
  'Samsung Internet': 'Samsung Internet for Android',
  YaBrowser: 'Yandex Browser',
};

/**
 * The browser fields from client hints: the browser's own brand (Chromium only when it names no
 * other), its full version, the OS version and the device model. Chromium gives no manufacturer.
 * Android and iOS count as Mobile, tablets included (the hints call a tablet not mobile).
 * Answers undefined when the hints name no brand.
 */
async function fromHints(hints: UserAgentHints, inApp: boolean): Promise<BrowserInfo | undefined> {
  const high = await hints
    .getHighEntropyValues(['fullVersionList', 'platformVersion', 'model'])
    .catch(() => ({}) as Awaited<ReturnType<UserAgentHints['getHighEntropyValues']>>);
  const brands = (high.fullVersionList ?? hints.brands).filter(
    (entry) => !GREASE_BRAND.test(entry.brand),
  );
  const own = brands.find((entry) => entry.brand !== 'Chromium') ?? brands[0];
  if (!own) return undefined;
  // The same rule as for a parsed agent: the hints name the OS as bowser does (Windows, macOS).
  const handheld = hints.mobile || hints.platform === 'Android' || hints.platform === 'iOS';
  const sys = sysOf(
    { browser: {}, os: { name: hints.platform }, platform: handheld ? { type: 'mobile' } : {} },
    inApp,
  );
  return {
    // Cut to the schema's lengths: the gateway refuses longer fields.
    browser: (BOWSER_NAMES[own.brand] ?? own.brand).slice(0, 128),
    browser_version: own.version.slice(0, 64),
    os_version: (high.platformVersion ?? '').slice(0, 64),
    manufacturer: '',
    model: (high.model ?? '').slice(0, 128),
    sys,
  };
}

/**
 * The browser fields of this browser: from its client hints where it offers them (Chromium), which
 * needs no parser and says what the frozen user agent hides (the OS version, the model); else from
 * the user agent, parsed with bowser loaded on demand, out of the init chunk and, in Chromium, not
 * loaded at all (issue 18). Uploads wait for it.
 */
export async function loadBrowserInfo(
  userAgent: string,
  inApp: boolean,
  hints?: UserAgentHints,
): Promise<BrowserInfo> {
  const hinted = hints ? await fromHints(hints, inApp) : undefined;
  if (hinted) return hinted;
  const { default: Bowser } = await import('bowser');
  const parsed = Bowser.parse(userAgent) as ParsedAgent;
  return {
    // Cut to the schema's lengths: the gateway refuses longer fields.
    browser: (parsed.browser.name ?? '').slice(0, 128),
    browser_version: (parsed.browser.version ?? '').slice(0, 64),
    os_version: (parsed.os.version ?? '').slice(0, 64),
    manufacturer: (parsed.platform.vendor ?? '').slice(0, 128),
    model: (parsed.platform.model ?? '').slice(0, 128),
    sys: sysOf(parsed, inApp),
  };
}
