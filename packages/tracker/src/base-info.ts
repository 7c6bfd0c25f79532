import { TrackingPlatformCode, type TrackingSys } from '@exchange-web/protocol/registry';
import type { DeviceState } from './platform';

/** The browser fields of an event, read from the user agent by bowser. */
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

/**
 * Parses the user agent with bowser, loaded on demand so the parser stays out of the init chunk
 * (DESIGN "Budgets"); uploads wait for it.
 */
export async function loadBrowserInfo(userAgent: string, inApp: boolean): Promise<BrowserInfo> {
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
