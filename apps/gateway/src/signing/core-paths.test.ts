import { CopyPath } from '@exchange-web/protocol/copy-trading';
import { ApiPath } from '@exchange-web/protocol/paths';
import { TRADING_SIGNED_PREFIX, TradingPath } from '@exchange-web/protocol/trading';
import { describe, expect, it } from 'vitest';
import { CORE_SIGN_PATHS, requiredSignMode } from './core-paths';

describe('requiredSignMode', () => {
  it('asks mode 2 of every core call, which all take a body', () => {
    for (const path of [
      ApiPath.assetOverview,
      ApiPath.apiKeyList,
      ApiPath.apiKeyCreate,
      ApiPath.apiKeyDelete,
    ]) {
      expect(requiredSignMode(path)).toBe(2);
    }
    expect(requiredSignMode('/v1/user/apiKey/rename')).toBe(2);
  });

  it('signs every trading call with mode 2, listed one by one and by prefix', () => {
    const trading = Object.values(TradingPath).filter((path) => path.startsWith('/v1/trade/'));
    expect(trading).toHaveLength(22);
    for (const path of trading) {
      expect(CORE_SIGN_PATHS.exactUrls).toContain(path);
      expect(CORE_SIGN_PATHS.signModes[path]).toBe(2);
      expect(requiredSignMode(path)).toBe(2);
    }
    expect(CORE_SIGN_PATHS.prefixUrls).toContain(TRADING_SIGNED_PREFIX);
    expect(requiredSignMode('/v1/trade/spot/amendOrder')).toBe(2);
  });

  it("signs copy trading's account calls and leaves its lead lists public", () => {
    const signed = Object.values(CopyPath).filter((path) => path.startsWith('/v1/trade/'));
    expect(signed).toHaveLength(6);
    for (const path of signed) {
      expect(CORE_SIGN_PATHS.exactUrls).toContain(path);
      expect(requiredSignMode(path)).toBe(2);
    }
    expect(requiredSignMode(CopyPath.leads)).toBeUndefined();
    expect(requiredSignMode(CopyPath.lead)).toBeUndefined();
  });

  it('leaves the market data calls public', () => {
    for (const path of [
      TradingPath.symbols,
      TradingPath.ticker,
      TradingPath.depth,
      TradingPath.trades,
      TradingPath.klines,
      TradingPath.stream,
    ]) {
      expect(requiredSignMode(path)).toBeUndefined();
    }
  });

  it('signs nothing else', () => {
    expect(requiredSignMode(ApiPath.login)).toBeUndefined();
    expect(requiredSignMode('/v1/user/apiKey')).toBeUndefined();
    expect(requiredSignMode('/v1/asset/overview/x')).toBeUndefined();
  });

  it('takes an exact entry first, then the longest prefix, and mode 0 when none is given', () => {
    const paths = {
      exactUrls: ['/a'],
      prefixUrls: ['/p/', '/p/q/'],
      signModes: { '/p/': 1 as const, '/p/q/': 2 as const },
      userCheckDeviceUrl: [],
    };
    expect(requiredSignMode('/a', paths)).toBe(0);
    expect(requiredSignMode('/p/x', paths)).toBe(1);
    expect(requiredSignMode('/p/q/x', paths)).toBe(2);
  });

  it('lists the login call for the device check', () => {
    expect(CORE_SIGN_PATHS.userCheckDeviceUrl).toEqual([ApiPath.login]);
  });
});
