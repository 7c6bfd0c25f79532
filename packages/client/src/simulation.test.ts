import { LOCALE_CODES } from '@exchange-web/protocol/languages';
import { simulationAllowedPrefixes, simulationExactPaths } from '@exchange-web/protocol/paths';
import { CookieName, LocalStorageKey } from '@exchange-web/protocol/registry';
import { describe, expect, it } from 'vitest';
import { memoryCookieJar } from './cookie-jar';
import { memoryStorage } from './key-value-storage';
import {
  SIMULATION_COOKIE_DAYS,
  Simulation,
  simulationEntryTarget,
  simulationRedirectTarget,
  type StorageChange,
} from './simulation';

const FLAG = LocalStorageKey.simulationTrade;
const COOKIE = CookieName.simulationTrade;

/** A fresh page: fake storage, cookies, location and tabs; records what the core did. */
function fakePage(options: { pathname?: string; flag?: boolean; cookie?: boolean } = {}) {
  const storage = memoryStorage(options.flag ? { [FLAG]: '1' } : {});
  const cookies = memoryCookieJar(options.cookie ? { [COOKIE]: '1' } : {});
  const location = { pathname: options.pathname ?? '/' };
  const actions: string[] = [];
  const storageListeners = new Set<(change: StorageChange) => void>();
  const simulation = new Simulation({
    storage,
    cookies,
    location: () => location,
    navigate: (url, { replace }) => actions.push(`${replace ? 'replace' : 'assign'} ${url}`),
    reload: () => actions.push('reload'),
    onStorageChange: (listener) => {
      storageListeners.add(listener);
      return () => storageListeners.delete(listener);
    },
  });
  return {
    simulation,
    storage,
    cookies,
    location,
    actions,
    listening: () => storageListeners.size,
    /** Another tab writes the flag (or clears storage): this tab gets a storage event. */
    otherTab(change: 'set' | 'remove' | 'clear' | 'other-key') {
      if (change === 'set') storage.setItem(FLAG, '1');
      else if (change === 'remove' || change === 'clear') storage.removeItem(FLAG);
      else storage.setItem('theme', 'black');
      // The other tab mirrors the cookie as it writes the flag: cookies are shared.
      if (change === 'set') cookies.set(COOKIE, '1');
      if (change === 'remove' || change === 'clear') cookies.remove(COOKIE);
      const key = change === 'clear' ? null : change === 'other-key' ? 'theme' : FLAG;
      for (const listener of storageListeners) listener({ key });
    },
  };
}

describe('simulation targets', () => {
  it.each([
    ['/', '/spot/BTCUSDT'],
    ['/account', '/spot/BTCUSDT'],
    ['/spot/ETHUSDT', '/spot/BTCUSDT'],
    ['/futures', '/futures/usdt/BTCUSDT'],
    ['/futures/usdt/ETHUSDT', '/futures/usdt/BTCUSDT'],
    ['/futuresx', '/spot/BTCUSDT'],
    ['/ja', '/ja/spot/BTCUSDT'],
    ['/ja/', '/ja/spot/BTCUSDT'],
    ['/ja/futures/usdt/ETHUSDT', '/ja/futures/usdt/BTCUSDT'],
    ['/bg', '/bg/spot/BTCUSDT'],
    ['/bg/ja/futures/coin', '/bg/ja/futures/usdt/BTCUSDT'],
    ['/zh-CN/account?x=1#y', '/zh-CN/spot/BTCUSDT'],
  ])('entering from %s lands on %s', (from, target) => {
    expect(simulationEntryTarget(from)).toBe(target);
  });

  it.each([
    ['/', '/spot/BTCUSDT'],
    ['/ja', '/ja/spot/BTCUSDT'],
    ['/ja/', '/ja/spot/BTCUSDT'],
    ['/bg/', '/bg/spot/BTCUSDT'],
    ['/bg/ja/markets', '/bg/ja/spot/BTCUSDT'],
    ['/en-CA/account', '/en-CA/spot/BTCUSDT'],
    ['/spotx', '/spot/BTCUSDT'],
    ['/asset/withdraw', '/spot/BTCUSDT'],
    ['/assets', '/spot/BTCUSDT'],
    ['/asset/spotx', '/spot/BTCUSDT'],
    ['/feex', '/spot/BTCUSDT'],
    ['/vip', '/spot/BTCUSDT'],
    ['/account', '/spot/BTCUSDT'],
    ['/markets/spot/BTCUSDT', '/spot/BTCUSDT'],
    // An unknown first segment is a page path, not a prefix.
    ['/xx/spot/BTCUSDT', '/spot/BTCUSDT'],
  ])('redirects the disallowed %s to %s', (from, target) => {
    expect(simulationRedirectTarget(from)).toBe(target);
  });

  const prefixes = ['', '/ja', '/bg', '/bg/ja', '/zh-CN'];
  const allowed = [
    ...simulationAllowedPrefixes.map((entry) => `/${entry.replace(/\/$/, '')}`),
    ...simulationAllowedPrefixes.map((entry) => `/${entry.replace(/\/$/, '')}/sub/page`),
    ...simulationExactPaths.map((entry) => `/${entry}`),
    ...simulationExactPaths.map((entry) => `/${entry}/`),
    '/spot/BTCUSDT',
    '/futures/usdt/BTCUSDT?tab=1',
  ];
  it.each(prefixes.flatMap((prefix) => allowed.map((path) => `${prefix}${path}`)))(
    'leaves the allowed %s where it is',
    (path) => {
      expect(simulationRedirectTarget(path)).toBeUndefined();
    },
  );

  it('keeps every locale prefix', () => {
    for (const locale of LOCALE_CODES) {
      expect(simulationRedirectTarget(`/${locale}/account`)).toBe(`/${locale}/spot/BTCUSDT`);
      expect(simulationRedirectTarget(`/${locale}/fee`)).toBeUndefined();
    }
  });
});

describe('simulation: enter and exit', () => {
  it('is off with no flag, and enforces nothing', () => {
    const page = fakePage({ pathname: '/account' });
    expect(page.simulation.isOn()).toBe(false);
    expect(page.simulation.enforce()).toBe(false);
    expect(page.simulation.allows('/account')).toBe(true);
    expect(page.actions).toEqual([]);
  });

  it('enters: flag and a 365-day cookie on /, then the spot landing with the prefix kept', () => {
    const page = fakePage({ pathname: '/ja/account' });
    let changes = 0;
    page.simulation.subscribe(() => (changes += 1));
    page.simulation.enter();
    expect(page.storage.getItem(FLAG)).toBe('1');
    expect(page.cookies.entries.get(COOKIE)).toEqual({
      value: '1',
      expires: SIMULATION_COOKIE_DAYS,
    });
    expect(SIMULATION_COOKIE_DAYS).toBe(365);
    expect(page.simulation.isOn()).toBe(true);
    expect(changes).toBe(1);
    expect(page.actions).toEqual(['assign /ja/spot/BTCUSDT']);
  });

  it('enters from a futures page onto the futures landing', () => {
    const page = fakePage({ pathname: '/bg/ja/futures/usdt/ETHUSDT' });
    page.simulation.enter();
    expect(page.actions).toEqual(['assign /bg/ja/futures/usdt/BTCUSDT']);
  });

  it('exits: flag and cookie cleared, then a reload', () => {
    const page = fakePage({ pathname: '/spot/BTCUSDT', flag: true, cookie: true });
    expect(page.simulation.isOn()).toBe(true);
    page.simulation.exit();
    expect(page.storage.getItem(FLAG)).toBeNull();
    expect(page.cookies.get(COOKIE)).toBeUndefined();
    expect(page.simulation.isOn()).toBe(false);
    expect(page.actions).toEqual(['reload']);
  });

  it('stops notifying an unsubscribed listener', () => {
    const page = fakePage();
    let changes = 0;
    const unsubscribe = page.simulation.subscribe(() => (changes += 1));
    unsubscribe();
    page.simulation.enter();
    expect(changes).toBe(0);
  });
});

describe('simulation: the redirect rule while on', () => {
  it('replaces a disallowed page with the spot landing, prefix kept', () => {
    const page = fakePage({ pathname: '/bg/ja/account', flag: true, cookie: true });
    expect(page.simulation.sync()).toBe(true);
    expect(page.actions).toEqual(['replace /bg/ja/spot/BTCUSDT']);
  });

  it('leaves an allowed page alone', () => {
    const page = fakePage({ pathname: '/ja/asset/futures', flag: true, cookie: true });
    expect(page.simulation.sync()).toBe(false);
    expect(page.actions).toEqual([]);
  });

  it('checks a path it is given (a client navigation) and tells what it allows', () => {
    const page = fakePage({ pathname: '/spot/BTCUSDT', flag: true, cookie: true });
    expect(page.simulation.allows('/asset/withdraw')).toBe(false);
    expect(page.simulation.allows('/asset')).toBe(true);
    expect(page.simulation.enforce('/ja/asset/withdraw')).toBe(true);
    expect(page.actions).toEqual(['replace /ja/spot/BTCUSDT']);
  });

  it('sends a page away once, however often it is asked while the page unloads', () => {
    const page = fakePage({ pathname: '/account', flag: true, cookie: true });
    page.simulation.start();
    expect(page.simulation.enforce()).toBe(true);
    expect(page.simulation.enforce('/markets')).toBe(true);
    expect(page.actions).toEqual(['replace /spot/BTCUSDT']);
  });
});

describe('simulation: cookie and storage kept in agreement (storage wins)', () => {
  it('gives a flag without its cookie the cookie back, and redirects', () => {
    const page = fakePage({ pathname: '/', flag: true });
    page.simulation.start();
    expect(page.cookies.entries.get(COOKIE)).toEqual({ value: '1', expires: 365 });
    expect(page.actions).toEqual(['replace /spot/BTCUSDT']);
  });

  it('removes a cookie without the flag: off, nothing redirected', () => {
    const page = fakePage({ pathname: '/account', cookie: true });
    let changes = 0;
    page.simulation.subscribe(() => (changes += 1));
    page.simulation.start();
    expect(page.cookies.get(COOKIE)).toBeUndefined();
    expect(page.simulation.isOn()).toBe(false);
    expect(changes).toBe(0);
    expect(page.actions).toEqual([]);
  });

  it('reads the flag again on sync (cleared since the core was made)', () => {
    const page = fakePage({ pathname: '/spot/BTCUSDT', flag: true, cookie: true });
    let changes = 0;
    page.simulation.subscribe(() => (changes += 1));
    page.storage.removeItem(FLAG);
    page.simulation.sync();
    expect([page.simulation.isOn(), changes, page.cookies.get(COOKIE)]).toEqual([
      false,
      1,
      undefined,
    ]);
  });

  it('writes nothing when they already agree', () => {
    const page = fakePage({ pathname: '/fee', flag: true, cookie: true });
    const before = page.storage.writes;
    page.simulation.start();
    expect(page.storage.writes).toBe(before);
    expect(page.cookies.entries.get(COOKIE)).toEqual({ value: '1' });
  });
});

describe('simulation: another tab', () => {
  it('reloads an allowed page when the flag is set elsewhere', () => {
    const page = fakePage({ pathname: '/ja/fee' });
    page.simulation.start();
    page.otherTab('set');
    expect(page.simulation.isOn()).toBe(true);
    expect(page.actions).toEqual(['reload']);
  });

  it('redirects a disallowed page to the spot landing when the flag is set elsewhere', () => {
    const page = fakePage({ pathname: '/ja/account' });
    page.simulation.start();
    page.otherTab('set');
    expect(page.actions).toEqual(['replace /ja/spot/BTCUSDT']);
  });

  it('reloads when the flag is removed elsewhere, or storage cleared', () => {
    for (const change of ['remove', 'clear'] as const) {
      const page = fakePage({ pathname: '/spot/BTCUSDT', flag: true, cookie: true });
      page.simulation.start();
      page.otherTab(change);
      expect(page.simulation.isOn()).toBe(false);
      expect(page.actions).toEqual(['reload']);
    }
  });

  it('ignores other keys and changes that leave the state as it is', () => {
    const page = fakePage({ pathname: '/account' });
    page.simulation.start();
    page.otherTab('other-key');
    page.otherTab('clear');
    expect(page.actions).toEqual([]);
    const on = fakePage({ pathname: '/fee', flag: true, cookie: true });
    on.simulation.start();
    on.otherTab('set');
    expect(on.actions).toEqual([]);
  });

  it('mirrors the cookie before reloading when the other tab changed only the flag', () => {
    const page = fakePage({ pathname: '/fee' });
    let emit: ((change: StorageChange) => void) | undefined;
    const simulation = new Simulation({
      storage: page.storage,
      cookies: page.cookies,
      location: () => page.location,
      navigate: () => undefined,
      reload: () => page.actions.push('reload'),
      onStorageChange: (listener) => {
        emit = listener;
        return () => undefined;
      },
    });
    simulation.start();
    page.storage.setItem(FLAG, '1');
    emit?.({ key: FLAG });
    expect(page.cookies.get(COOKIE)).toBe('1');
    expect(page.actions).toEqual(['reload']);
  });

  it('stops listening when its cleanup runs', () => {
    const page = fakePage({ pathname: '/fee' });
    const stop = page.simulation.start();
    expect(page.listening()).toBe(1);
    stop();
    expect(page.listening()).toBe(0);
  });
});
