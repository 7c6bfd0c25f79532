import { describe, expect, it } from 'vitest';
import { AccountCode, ChallengeCode, ErrorCode, GatewayCode } from './codes';
import { ApiPath } from './paths';
import { localCacheDefaults } from './registry';
import {
  findMarketSymbol,
  KLINE_INTERVALS,
  klineIntervalFromMinutes,
  klineIntervalMinutes,
  MARKET_SYMBOLS,
  TRADING_SIGNED_PREFIX,
  TradeCode,
  tradeCodeMeaning,
  TradingPath,
} from './trading';
import { decimalString } from './market-schemas';
import { placeOrderRequestSchema } from './trading-schemas';

const isMultiple = (value: string, step: string) => {
  const places = Math.max(value.split('.')[1]?.length ?? 0, step.split('.')[1]?.length ?? 0);
  const scale = 10 ** places;
  return Math.round(Number(value) * scale) % Math.round(Number(step) * scale) === 0;
};

describe('trading contract', () => {
  it('quotes four USDT pairs whose numbers agree with their own steps', () => {
    expect(MARKET_SYMBOLS.map((entry) => entry.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'SOLUSDT',
      'DOGEUSDT',
    ]);
    for (const entry of MARKET_SYMBOLS) {
      expect(entry.symbol).toBe(`${entry.base}${entry.quote}`);
      expect(isMultiple(entry.basePrice, entry.priceTick), entry.symbol).toBe(true);
      expect(isMultiple(entry.minSize, entry.sizeStep), entry.symbol).toBe(true);
      for (const field of ['basePrice', 'priceTick', 'sizeStep', 'minSize', 'minNotional'] as const)
        expect(decimalString.safeParse(entry[field]).success, `${entry.symbol} ${field}`).toBe(
          true,
        );
    }
    expect(findMarketSymbol('BTCUSDT')?.maxLeverage).toBe(125);
    expect(findMarketSymbol('btcusdt')).toBeUndefined();
  });

  it('has the four candle intervals', () => {
    expect(KLINE_INTERVALS).toEqual({
      '1m': 60_000,
      '5m': 300_000,
      '1h': 3_600_000,
      '1d': 86_400_000,
    });
  });

  it('keeps an interval in the local cache as minutes, the default 1 being one minute', () => {
    expect(localCacheDefaults.klineInterval).toBe(1);
    expect(klineIntervalFromMinutes(localCacheDefaults.klineInterval)).toBe('1m');
    for (const interval of Object.keys(KLINE_INTERVALS) as (keyof typeof KLINE_INTERVALS)[]) {
      expect(klineIntervalFromMinutes(klineIntervalMinutes(interval))).toBe(interval);
    }
    expect(klineIntervalMinutes('1d')).toBe(1440);
    for (const unknown of [0, 2, 15, -1, 1.5, Number.NaN]) {
      expect(klineIntervalFromMinutes(unknown)).toBeUndefined();
    }
  });

  it('keeps trading codes distinct from every other code, each with a meaning', () => {
    const others = [
      ...Object.values(ErrorCode),
      ...Object.values(GatewayCode),
      ...Object.values(AccountCode),
      ...Object.values(ChallengeCode),
    ] as string[];
    const codes = Object.values(TradeCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(others).not.toContain(code);
      expect(tradeCodeMeaning[code]).toBeTruthy();
    }
  });

  it('puts every call under /v1/, apart from the spec paths, and signs the trading ones', () => {
    const spec = new Set<string>(Object.values(ApiPath));
    for (const path of Object.values(TradingPath)) {
      expect(path.startsWith('/v1/')).toBe(true);
      expect(spec.has(path)).toBe(false);
    }
    const trading = Object.values(TradingPath).filter((path) =>
      path.startsWith(TRADING_SIGNED_PREFIX),
    );
    expect(trading).toHaveLength(22);
  });

  it.each(['0', '1', '65000.1', '0.00001', '123456789012345678'])(
    'takes the decimal %s',
    (value) => {
      expect(decimalString.safeParse(value).success).toBe(true);
    },
  );

  it.each(['', '-1', '1e5', '01', '.5', '5.', '1,5', ' 1', 'NaN', '1234567890123456789'])(
    'refuses the decimal %j',
    (value) => {
      expect(decimalString.safeParse(value).success).toBe(false);
    },
  );

  it('refuses an order with an unknown field or side', () => {
    const order = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '65000', size: '0.01' };
    expect(placeOrderRequestSchema.parse(order)).toEqual(order);
    expect(placeOrderRequestSchema.safeParse({ ...order, side: 'hold' }).success).toBe(false);
    expect(placeOrderRequestSchema.safeParse({ ...order, leverage: 2 }).success).toBe(false);
  });
});
