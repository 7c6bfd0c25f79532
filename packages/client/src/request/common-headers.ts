import { HeaderName, HeaderValue, UHTI_PREFIX } from '@exchange-web/protocol/registry';
import { requestLocaleFor } from '@exchange-web/protocol/request-locale';
import type { RequestHook } from './hooks';

/** Routing headers of a test environment (SPEC 7); each is sent only when set. */
export interface TestEnvironment {
  pfb?: string;
  beta?: string;
}

export interface CommonHeadersOptions {
  deviceId(): string;
  terminalCode(): string;
  /** The stored site language, e.g. `zh-CN`. */
  language(): string;
  /** A fresh random id (SPEC 9). */
  randomId(): string;
  /** The corrected time, ms since the epoch. */
  now(): number;
  testEnvironment?: TestEnvironment;
}

/**
 * The headers of every request (SPEC 7). Headers the call set itself win.
 * NOTE: no user header is sent: SPEC 6 passes user data only when a userId exists, and names no
 * header for it; the request state carries `userId` for the signing hook to use.
 */
export function commonHeadersHook(options: CommonHeadersOptions): RequestHook {
  return {
    slot: 'common-headers',
    beforeRequest(request) {
      const tm = String(options.now());
      // SPEC 3, 7: both locale and language carry the catalogue key of the stored language.
      const languageKey = requestLocaleFor(options.language());
      const { pfb, beta } = options.testEnvironment ?? {};
      request.headers = {
        [HeaderName.website]: HeaderValue.website,
        [HeaderName.terminalType]: HeaderValue.terminalType,
        [HeaderName.contentType]: HeaderValue.json,
        [HeaderName.terminalCode]: options.terminalCode(),
        [HeaderName.deviceId]: options.deviceId(),
        [HeaderName.locale]: languageKey,
        [HeaderName.language]: languageKey,
        // SPEC 7 "w plus timestamp" would repeat within a millisecond: we put a random id between
        // the two, so uhti = 'w' + 11 hex characters + the corrected tm, unique per request.
        [HeaderName.uhti]: `${UHTI_PREFIX}${options.randomId()}${tm}`,
        [HeaderName.tm]: tm,
        ...(pfb ? { [HeaderName.pfb]: pfb } : {}),
        ...(beta ? { [HeaderName.beta]: beta } : {}),
        ...request.headers,
      };
    },
  };
}
