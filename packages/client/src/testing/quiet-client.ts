import { memoryCookieJar } from '../cookie-jar';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../http-client';
import { memoryStorage } from '../key-value-storage';
import type { LocalServer } from './local-server';

/**
 * A request client of a test's local server that shows, logs and reloads nothing, with its own
 * storage and cookies in memory and no duplicate guard; `options` sets what the test is about.
 * @example const http = quietClient(server, { userId: () => 'u1' });
 */
export function quietClient(server: LocalServer, options: HttpClientOptions = {}): HttpClient {
  return createHttpClient({
    baseURL: server.baseURL,
    storage: memoryStorage(),
    cookies: memoryCookieJar(),
    notify: () => undefined,
    logger: { error: () => undefined, warn: () => undefined },
    reload: () => undefined,
    duplicateGuard: false,
    ...options,
  });
}
