/** The client platform enumeration (SPEC.md section 3, "Client platform enumeration"). */
export const ClientPlatform = {
  WEB: 1,
  ANDROID: 2,
  IOS: 3,
  API: 4,
  H5: 5,
  SYSTEM: 6,
  INNER: 7,
  APP_BROWSER: 8,
  TG_PC: 9,
  TG_WEB: 10,
  TG_IOS: 11,
  TG_ANDROID: 12,
  WINDOWS: 13,
  MACOS: 14,
} as const;

/** A client platform number, 1 to 14. */
export type ClientPlatform = (typeof ClientPlatform)[keyof typeof ClientPlatform];

/** Alias of the {@link ClientPlatform} value type, for call sites that prefer the explicit name. */
export type ClientPlatformValue = ClientPlatform;

/** The name of a client platform, e.g. `WEB`. */
export type ClientPlatformName = keyof typeof ClientPlatform;
