/** The kinds of device the download page explains installing on. */
export const INSTALL_PLATFORMS = ['ios', 'android', 'desktop'] as const;
export type InstallPlatform = (typeof INSTALL_PLATFORMS)[number];

/** What the page needs of a parsed user agent (bowser's result). */
export interface ParsedDevice {
  os: { name?: string | undefined };
  platform: { type?: string | undefined };
}

/**
 * The install steps that fit a device: iOS and iPadOS install from Safari's share sheet, Android
 * from Chrome's menu, every other device is a computer whose browser installs from its address
 * bar. (An iPad asking for the desktop site says it is macOS with touch: `touch` tells it apart.)
 */
export function installPlatformOf(parsed: ParsedDevice, touch = false): InstallPlatform {
  const os = parsed.os.name ?? '';
  if (os === 'iOS' || (os === 'macOS' && touch)) return 'ios';
  if (os === 'Android') return 'android';
  return 'desktop';
}
