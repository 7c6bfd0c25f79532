import { LocalStorageKey } from '@exchange-web/protocol/registry';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../key-value-storage';
import { createImageDomains, defaultTimeZone, type ImageDomainsOptions } from './image-domains';
import { isImageProbeError } from './probe';
import { fakeImages, type FakeImageBehaviour } from './testing/fake-images';

const SITE = 'https://exchange-web.test';
const FAST = 'https://fast.test';
const SLOW = 'https://slow.test';
const DEAD = 'https://dead.test';
const KEY = LocalStorageKey.fastestImageDomain;

// The store loads the config schema on demand: loaded once here, before any fake timer runs.
beforeAll(async () => {
  await import('@exchange-web/protocol/schemas');
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const config = (foreign: string[], internal: string[] = ['https://cn.test']) => ({
  imgDomainConfig: { foreignDomainList: foreign, internalDomainList: internal },
});

// A fresh store with fake image loading, fake storage and a silent logger in each test.
function setup(
  foreign: string[],
  behaviour: Record<string, FakeImageBehaviour> = { [FAST]: 50, [SLOW]: 1500, [DEAD]: 'fail' },
  extra: Partial<ImageDomainsOptions> = {},
) {
  const images = fakeImages(behaviour);
  const storage = memoryStorage();
  const warnings: unknown[][] = [];
  const fetchDomainConfig = vi.fn(() => Promise.resolve(config(foreign)));
  const domains = createImageDomains({
    siteOrigin: SITE,
    fetchDomainConfig,
    loadImage: images.load,
    storage,
    timeZone: 'Europe/Berlin',
    logger: { warn: (...data) => warnings.push(data), error: () => undefined },
    ...extra,
  });
  return { domains, images, storage, warnings, fetchDomainConfig };
}

describe('image domains: the choice (SPEC 4, 8)', () => {
  it('uses the default host until started, and does nothing before', () => {
    const { domains, images, fetchDomainConfig } = setup([FAST, SLOW]);
    expect(domains.current()).toBe(SITE);
    expect(domains.rewrite('/images/a.png')).toBe('/images/a.png');
    expect(fetchDomainConfig).not.toHaveBeenCalled();
    expect(images.requested).toEqual([]);
  });

  it('probes several candidates; the first to load wins, is stored and rewrites images', async () => {
    const { domains, images, storage } = setup([SLOW, FAST, DEAD]);
    const changes = vi.fn();
    domains.subscribe(changes);
    const chosen = domains.start();
    await vi.advanceTimersByTimeAsync(50);
    await expect(chosen).resolves.toBe(FAST);
    expect(images.requested.map((url) => new URL(url).origin)).toEqual([SLOW, FAST, DEAD]);
    expect(storage.getItem(KEY)).toBe(FAST);
    expect(domains.current()).toBe(FAST);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(domains.rewrite('/images/coins/btc.svg')).toBe(`${FAST}/images/coins/btc.svg`);
    // Later loads join the working list; the slow one does not take over.
    await vi.advanceTimersByTimeAsync(1500);
    expect(domains.working()).toEqual([FAST, SLOW]);
    expect(domains.current()).toBe(FAST);
  });

  it('starts once per page', async () => {
    const { domains, fetchDomainConfig } = setup([FAST, SLOW]);
    const first = domains.start();
    expect(domains.start()).toBe(first);
    await vi.advanceTimersByTimeAsync(50);
    await first;
    expect(fetchDomainConfig).toHaveBeenCalledTimes(1);
  });

  it('picks the list by time zone: internal in mainland China, foreign elsewhere', async () => {
    const china = setup([FAST, SLOW], { 'https://cn.test': 10 }, { timeZone: 'Asia/Shanghai' });
    await expect(china.domains.start()).resolves.toBe('https://cn.test');
    const unknown = setup([FAST], {}, { timeZone: undefined });
    await expect(unknown.domains.start()).resolves.toBe(FAST);
  });

  it("reads the visitor's time zone when it chooses, not when made", async () => {
    // Fake timers fake Intl's date formatter too: this test reads the real one.
    vi.useRealTimers();
    const timeZoneRead = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    // A clock at +8, where the zone's name decides the list.
    const offset = vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480);
    try {
      // Without a time zone given, the platform's is read: its first read loads the zone data,
      // a long task on a phone, and the domains are made while the page hydrates.
      const domains = createImageDomains({
        siteOrigin: SITE,
        fetchDomainConfig: () => Promise.resolve(config([FAST])),
        loadImage: fakeImages({}).load,
        storage: memoryStorage(),
      });
      expect(timeZoneRead).not.toHaveBeenCalled();
      await expect(domains.start()).resolves.toBe(FAST);
      expect(timeZoneRead).toHaveBeenCalled();
    } finally {
      timeZoneRead.mockRestore();
      offset.mockRestore();
    }
  });

  it('reads the zone name only at an offset an internal zone keeps', () => {
    vi.useRealTimers();
    const timeZoneRead = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    try {
      // Berlin, New York, Tokyo and UTC are foreign without a formatter started.
      for (const minutesWest of [-60, 300, -540, 0])
        expect(defaultTimeZone(minutesWest)).toBe(undefined);
      expect(timeZoneRead).not.toHaveBeenCalled();
      expect(defaultTimeZone(-480)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(defaultTimeZone(-360)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      timeZoneRead.mockRestore();
    }
  });

  it('uses the default host for an empty list, without probing or storing', async () => {
    const { domains, images, storage } = setup([]);
    storage.setItem(KEY, FAST);
    await expect(domains.start()).resolves.toBe(SITE);
    expect(images.requested).toEqual([]);
    expect(storage.getItem(KEY)).toBeNull();
    expect(domains.rewrite('/images/a.png')).toBe('/images/a.png');
  });

  it('uses a single domain without probing', async () => {
    const { domains, images } = setup([DEAD]);
    await expect(domains.start()).resolves.toBe(DEAD);
    expect(images.requested).toEqual([]);
    expect(domains.rewrite('/images/a.png')).toBe(`${DEAD}/images/a.png`);
  });

  it('rejects when every candidate fails, and the default host stays in use', async () => {
    const { domains, storage, warnings } = setup([DEAD, SLOW], { [DEAD]: 'fail', [SLOW]: 'hang' });
    const changes = vi.fn();
    domains.subscribe(changes);
    const outcome = domains.start().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    expect(isImageProbeError(await outcome)).toBe(true);
    expect(domains.current()).toBe(SITE);
    expect(storage.getItem(KEY)).toBeNull();
    expect(changes).not.toHaveBeenCalled();
    expect(warnings).toHaveLength(1);
  });

  it('uses a stored winner still listed at once while a new probe runs', async () => {
    const { domains, storage } = setup([FAST, SLOW]);
    storage.setItem(KEY, SLOW);
    const chosen = domains.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(domains.current()).toBe(SLOW);
    await vi.advanceTimersByTimeAsync(50);
    await expect(chosen).resolves.toBe(FAST);
    expect(storage.getItem(KEY)).toBe(FAST);
    expect(domains.working()[0]).toBe(FAST);
  });

  it('ignores a stored value no longer listed', async () => {
    const { domains, storage } = setup([FAST, SLOW]);
    storage.setItem(KEY, 'https://gone.test');
    const chosen = domains.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(domains.current()).toBe(SITE);
    await vi.advanceTimersByTimeAsync(50);
    await expect(chosen).resolves.toBe(FAST);
  });

  it('goes back to the default host when the stored winner and all others fail', async () => {
    const { domains, storage } = setup([FAST, DEAD], { [FAST]: 'fail', [DEAD]: 'fail' });
    storage.setItem(KEY, FAST);
    const outcome = domains.start().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(isImageProbeError(await outcome)).toBe(true);
    expect(domains.current()).toBe(SITE);
  });

  it('drops bad entries of the config with a warning; a config it could not get keeps the site', async () => {
    const { domains, warnings } = setup(['javascript:alert(1)', FAST]);
    await expect(domains.start()).resolves.toBe(FAST);
    expect(warnings[0]?.[1]).toBe('javascript:alert(1)');
    const broken = createImageDomains({
      siteOrigin: SITE,
      // A malformed reply: the endpoint call that checks it refuses it.
      fetchDomainConfig: () => Promise.reject(new Error('malformed reply')),
      loadImage: () => Promise.resolve(),
      storage: memoryStorage(),
      logger: { warn: () => undefined, error: () => undefined },
    });
    await expect(broken.start()).rejects.toThrow('malformed reply');
    expect(broken.current()).toBe(SITE);
  });
});

describe('image domains: the fallback', () => {
  it('tries the next working domain, then the default host, then nothing', async () => {
    const { domains } = setup([FAST, SLOW, DEAD]);
    const chosen = domains.start();
    await vi.advanceTimersByTimeAsync(1500);
    await chosen;
    const src = '/images/coins/btc.svg';
    expect(domains.fallback(src, `${FAST}${src}`)).toBe(`${SLOW}${src}`);
    expect(domains.fallback(src, `${SLOW}${src}`)).toBe(`${FAST}${src}`);
    // The dead one failed its probe: never a fallback target.
    expect(domains.working()).not.toContain(DEAD);
    expect(domains.fallback(`${SITE}${src}`, `${FAST}${src}`)).toBe(`${SLOW}${src}`);
  });

  it('moves on an image a reply already put on a candidate domain', async () => {
    const { domains } = setup([FAST, SLOW, DEAD]);
    const chosen = domains.start();
    await vi.advanceTimersByTimeAsync(1500);
    await chosen;
    const src = '/images/coins/btc.svg';
    expect(domains.fallback(`${FAST}${src}`, `${FAST}${src}`)).toBe(`${SLOW}${src}`);
    expect(domains.fallback(`${DEAD}${src}?v=1`, `${DEAD}${src}?v=1`)).toBe(`${FAST}${src}?v=1`);
    expect(domains.fallback(`https://cdn.test${src}`, `https://cdn.test${src}`)).toBeUndefined();
  });

  it('falls back to the default host when no other domain works', async () => {
    const { domains } = setup([FAST]);
    await domains.start();
    const src = '/images/coins/btc.svg';
    expect(domains.fallback(src, `${FAST}${src}`)).toBe(src);
    expect(domains.fallback(src, `${SITE}${src}`)).toBe(`${FAST}${src}`);
  });

  it('has nowhere to go for a default-host image with no domain, or another host', () => {
    const { domains } = setup([]);
    expect(domains.fallback('/images/a.png', `${SITE}/images/a.png`)).toBeUndefined();
    expect(domains.fallback('https://cdn.test/a.png', 'https://cdn.test/a.png')).toBeUndefined();
  });
});
