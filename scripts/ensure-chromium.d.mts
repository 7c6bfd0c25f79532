/** The flags every script launches Chromium with (Debian's Chromium on a closed network). */
export declare const CHROMIUM_ARGS: readonly string[];
/** Where Chromium is looked for: CHROMIUM_PATH, then Debian's paths. */
export declare const CANDIDATES: readonly (string | undefined)[];
/** The first candidate that exists, if any. */
export declare function findChromium(): string | undefined;
/** Chromium's path, installing Debian's package where this machine allows; exits otherwise. */
export declare function ensureChromium(): string;
