import {
  COMMON_HEADERS_HOOK,
  DUPLICATE_GUARD_HOOK,
  ERROR_NOTICE_HOOK,
  SESSION_EXPIRY_HOOK,
} from '../request/hook-names';
import type { RequestHook } from '../request/hooks';
import { SIGNING_HOOK_NAMES } from './hook-names';

/** The four signing hooks, to be placed among the others. */
export interface SigningHookSet {
  loginEncryption: RequestHook;
  signError: RequestHook;
  deviceCheck: RequestHook;
  requestSigning: RequestHook;
}

/** Hooks the sign-config call skips: its own signing, and the error toast. */
export const SIGN_CONFIG_SKIPPED_HOOKS: readonly string[] = [
  ...SIGNING_HOOK_NAMES,
  ERROR_NOTICE_HOOK,
];

/**
 * Puts the signing hooks into a pipeline list: login encryption after common-headers,
 * sign-error before session-expiry (else before error-notice), device check and signing last of
 * all, after every hook that may still change the request.
 */
export function placeSigningHooks(
  hooks: readonly RequestHook[],
  set: SigningHookSet,
): RequestHook[] {
  const list = [...hooks];
  const indexOf = (name: string) => list.findIndex((hook) => hook.name === name);
  // After the common headers (else after the duplicate guard, else first): the guard keys on
  // the plaintext body, so an encrypted retry of the same login is still a duplicate.
  const common = indexOf(COMMON_HEADERS_HOOK);
  list.splice(common >= 0 ? common + 1 : indexOf(DUPLICATE_GUARD_HOOK) + 1, 0, set.loginEncryption);
  const handled = [SESSION_EXPIRY_HOOK, ERROR_NOTICE_HOOK].map(indexOf).find((index) => index >= 0);
  list.splice(handled ?? list.length, 0, set.signError);
  list.push(set.deviceCheck, set.requestSigning);
  return list;
}
