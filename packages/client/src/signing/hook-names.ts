// The names of the signing hooks, for `skipHooks` and for placing them among the others. Kept
// apart from the hooks so session-end and the wrapper can name them without importing the crypto.

/** Encrypts login and registration bodies (SPEC 7) and binds the key pair after them (SPEC 4). */
export const LOGIN_ENCRYPTION_HOOK = 'login-encryption';
/** Adds the device-check headers on the config's userCheckDeviceUrl paths (SPEC 7). */
export const DEVICE_CHECK_HOOK = 'device-check';
/** Signs the core requests of a signed-in user (SPEC 7 "Core request signing"). */
export const REQUEST_SIGNING_HOOK = 'request-signing';
/** Reacts to the sign error codes 00020 to 00023 and the gw-sign-error header (SPEC 8). */
export const SIGN_ERROR_HOOK = 'sign-error';

/** Every hook of request signing and login encryption. */
export const SIGNING_HOOK_NAMES: readonly string[] = [
  LOGIN_ENCRYPTION_HOOK,
  DEVICE_CHECK_HOOK,
  REQUEST_SIGNING_HOOK,
  SIGN_ERROR_HOOK,
];
