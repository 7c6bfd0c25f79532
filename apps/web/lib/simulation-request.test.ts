import { describe, expect, it } from 'vitest';
import { isGatewayPath, isSimulationRequest, simulationRedirectFor } from './simulation-request';

const on = (pathname: string, locale = 'default') =>
  simulationRedirectFor({ pathname, locale, cookie: '1' });

describe('the proxy redirect while simulation is on', () => {
  it.each([
    ['/', 'default', '/spot/BTCUSDT'],
    ['/', 'ja', '/ja/spot/BTCUSDT'],
    ['/', 'bg', '/bg/spot/BTCUSDT'],
    ['/ja', 'bg', '/bg/ja/spot/BTCUSDT'],
    ['/ja/account', 'bg', '/bg/ja/spot/BTCUSDT'],
    ['/account', 'default', '/spot/BTCUSDT'],
    ['/account', 'zh-CN', '/zh-CN/spot/BTCUSDT'],
    ['/spotx', 'default', '/spot/BTCUSDT'],
    ['/asset/withdraw', 'ja', '/ja/spot/BTCUSDT'],
    // Under a prefix these are page paths (404s), not calls.
    ['/v1/user/logout', 'ja', '/ja/spot/BTCUSDT'],
  ])('sends %s (locale %s) to %s', (pathname, locale, target) => {
    expect(on(pathname, locale)).toBe(target);
  });

  it.each([
    ['/spot/BTCUSDT', 'default'],
    ['/spot/BTCUSDT', 'ja'],
    ['/ja/futures/usdt/BTCUSDT', 'bg'],
    ['/asset', 'default'],
    ['/asset/futures/', 'de'],
    ['/account/newapi', 'default'],
    ['/fee', 'bg'],
  ])('lets the allowed %s (locale %s) through', (pathname, locale) => {
    expect(on(pathname, locale)).toBeUndefined();
  });

  it.each([
    '/v1',
    '/v1/mix/public/usdtRate',
    '/btapi/common/logout',
    '/_mfe/header-footer/remoteEntry.js',
    '/_next/static/chunks/main.js',
    '/_next/data/build/markets.json',
    '/favicon.svg',
    '/robots.txt',
  ])('never redirects the call or file %s', (pathname) => {
    expect(on(pathname)).toBeUndefined();
  });

  it('redirects nothing without the cookie', () => {
    expect(
      simulationRedirectFor({ pathname: '/account', locale: 'default', cookie: undefined }),
    ).toBeUndefined();
  });
});

describe('simulation request helpers', () => {
  it('tells gateway paths from lookalikes', () => {
    expect(['/v1', '/v1/x', '/btapi/common/logout'].map(isGatewayPath)).toEqual([true, true, true]);
    expect(['/v1x', '/btapix/y', '/spot/v1'].map(isGatewayPath)).toEqual([false, false, false]);
  });

  it('reads the mirror cookie from a cookie header', () => {
    expect(isSimulationRequest('lang=ja; simulation-trade=1')).toBe(true);
    expect(isSimulationRequest('lang=ja')).toBe(false);
    expect(isSimulationRequest(undefined)).toBe(false);
  });
});
