import { CookieName, LocalStorageKey } from '@exchange-web/protocol/registry';
import { describe, expect, it } from 'vitest';
import { memoryCookieJar } from './cookie-jar';
import { memoryStorage } from './key-value-storage';
import { LocalCache } from './local-cache';
import { endSession } from './session-end';

function setup(post: (path: string) => Promise<unknown>) {
  const steps: string[] = [];
  const jar = memoryCookieJar({
    [CookieName.refreshToken]: 'r',
    [CookieName.signedIn]: '1',
    [CookieName.language]: 'ja',
  });
  const storage = memoryStorage({
    [LocalStorageKey.localCache]: JSON.stringify({ globalUserId: 'u1' }),
  });
  const localCache = new LocalCache(storage);
  const warnings: unknown[] = [];
  const run = () =>
    endSession({
      post: async (path) => {
        steps.push(`post ${path}`);
        return post(path);
      },
      cookies: {
        ...jar,
        remove: (name) => {
          steps.push(`remove ${name}`);
          jar.remove(name);
        },
      },
      localCache,
      reload: () => steps.push('reload'),
      logger: { error: () => undefined, warn: (...data) => warnings.push(data) },
    });
  return { run, steps, jar, localCache, warnings };
}

describe('end session', () => {
  it('logs out, removes the refresh token and marker, clears cookies, then reloads', async () => {
    const { run, steps, jar, localCache } = setup(async () => null);
    await run();
    expect(steps).toEqual([
      'post /v1/user/logout',
      'post /btapi/common/logout',
      'remove refresh_token',
      'remove signed_in',
      'post /v1/user/public/clearCookie',
      'reload',
    ]);
    expect([...jar.entries.keys()]).toEqual([CookieName.language]);
    expect(localCache.get('globalUserId')).toBe('');
  });

  it('reloads even when every call fails, and logs the failures', async () => {
    const { run, steps, warnings } = setup(() => Promise.reject(new Error('Network Error')));
    await run();
    expect(steps.at(-1)).toBe('reload');
    expect(steps).toContain('post /v1/user/public/clearCookie');
    expect(warnings.length).toBe(3);
  });
});
