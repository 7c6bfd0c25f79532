import Bowser from 'bowser';

/** What a person recognises a device by: its browser and operating system. */
export interface DeviceName {
  /** The browser and its major version (`Chrome 131`); `''` when the agent does not say. */
  browser: string;
  /** The operating system and its version (`Windows 10`, `macOS Sonoma`); `''` when unknown. */
  os: string;
}

/**
 * Names a device from the user agent it signed in with (bowser, as the tracker reads agents).
 * @example deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) ... Chrome/131.0.0.0 ...');
 * // { browser: 'Chrome 131', os: 'Windows 10' }
 */
export function deviceName(userAgent: string): DeviceName {
  if (userAgent.trim() === '') return { browser: '', os: '' };
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  return {
    browser: [browser.name, major].filter(Boolean).join(' ').slice(0, 64),
    os: [os.name, os.versionName ?? os.version].filter(Boolean).join(' ').slice(0, 64),
  };
}
