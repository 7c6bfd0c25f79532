/**
 * The names of the wrapper's built-in hooks, for `skipHooks` and for placing hooks among them.
 * NOTE: kept free of imports, so page code can name a hook without loading the request layer
 * (and axios) into its first-load bundle.
 */
export const DUPLICATE_GUARD_HOOK = 'duplicate-guard';
export const COMMON_HEADERS_HOOK = 'common-headers';
export const SIMULATION_HEADER_HOOK = 'simulation-header';
export const SERVER_TIME_HOOK = 'server-time';
export const SESSION_EXPIRY_HOOK = 'session-expiry';
export const ERROR_NOTICE_HOOK = 'error-notice';
/** Active only with the client option `replaceImageDomain` (SPEC 4). */
export const REPLACE_IMAGE_DOMAIN_HOOK = 'replace-image-domain';
