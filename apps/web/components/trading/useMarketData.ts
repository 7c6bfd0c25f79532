import { DUPLICATE_GUARD_HOOK, ERROR_NOTICE_HOOK } from '@exchange-web/client/request/hook-names';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import {
  TradingPath,
  type Candle,
  type Depth,
  type KlineInterval,
  type MarketStreamEvent,
  type MarketTrade,
  type Ticker,
} from '@exchange-web/protocol/trading';
import { tradingSchemas } from './lazy-schemas';
import { useEffect, useRef, useState } from 'react';
import { addTrade, mergeCandle } from './market-data';
import type { StreamStatus } from './market-stream';

/** Candles kept for the chart, trades kept for the list, levels asked for the book. */
export const CANDLE_LIMIT = 200;
export const TRADE_LIMIT = 30;
export const DEPTH_LIMIT = 20;

export interface MarketData {
  ticker: Ticker | null;
  depth: Depth | null;
  trades: MarketTrade[];
  /** null while the interval's candles load. */
  candles: Candle[] | null;
  status: StreamStatus;
  /** Whether the first snapshot failed (the stream may still bring data). */
  failed: boolean;
}

/**
 * The market of one pair: snapshots of ticker, book, trades and candles through the page's
 * request client, then one EventSource on the stream for live updates (reopened with backoff,
 * closed on unmount and whenever the pair or interval changes). `onTrade` hears each live trade.
 */
export function useMarketData(
  symbol: string,
  interval: KlineInterval,
  onTrade?: (trade: MarketTrade) => void,
): MarketData {
  const { api } = useShell();
  const [ticker, setTicker] = useState<Ticker | null>(null);
  const [depth, setDepth] = useState<Depth | null>(null);
  const [trades, setTrades] = useState<MarketTrade[]>([]);
  const [candles, setCandles] = useState<Candle[] | null>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [failed, setFailed] = useState(false);
  const onTradeRef = useRef(onTrade);
  useEffect(() => {
    onTradeRef.current = onTrade;
  }, [onTrade]);

  useEffect(() => {
    let stopped = false;
    setCandles(null);
    const load = async (fresh: boolean) => {
      const [http, { depthSchema, klinesReplySchema, tickerSchema, tradesReplySchema }] =
        await Promise.all([api(), tradingSchemas()]);
      // The panels say themselves when data is missing; a toast per panel would only repeat it.
      const skipHooks = fresh ? [DUPLICATE_GUARD_HOOK, ERROR_NOTICE_HOOK] : [ERROR_NOTICE_HOOK];
      const get = async <T>(
        path: string,
        query: Record<string, unknown>,
        parse: (data: unknown) => T,
      ) => parse(await http.get<unknown>(path, query, { skipHooks }));
      const results = await Promise.allSettled([
        get(TradingPath.ticker, { symbol }, (data) => tickerSchema.parse(data)),
        get(TradingPath.depth, { symbol, limit: DEPTH_LIMIT }, (data) => depthSchema.parse(data)),
        get(TradingPath.trades, { symbol, limit: TRADE_LIMIT }, (data) =>
          tradesReplySchema.parse(data),
        ),
        get(TradingPath.klines, { symbol, interval, limit: CANDLE_LIMIT }, (data) =>
          klinesReplySchema.parse(data),
        ),
      ]);
      if (stopped) return;
      const [tickerResult, depthResult, tradesResult, klinesResult] = results;
      // A stream event may have arrived first: a snapshot never replaces newer live data.
      if (tickerResult.status === 'fulfilled')
        setTicker((current) =>
          current && current.time > tickerResult.value.time ? current : tickerResult.value,
        );
      if (depthResult.status === 'fulfilled')
        setDepth((current) =>
          current && current.time > depthResult.value.time ? current : depthResult.value,
        );
      if (tradesResult.status === 'fulfilled') {
        const snapshot = [...tradesResult.value.trades].sort((a, b) => b.time - a.time);
        setTrades((current) =>
          current.reduceRight((list, trade) => addTrade(list, trade, TRADE_LIMIT), snapshot),
        );
      }
      if (klinesResult.status === 'fulfilled') {
        const snapshot = [...klinesResult.value.candles].sort((a, b) => a.time - b.time);
        setCandles((current) =>
          (current ?? []).reduce(
            (list, candle) => mergeCandle(list, candle, CANDLE_LIMIT),
            snapshot,
          ),
        );
      } else {
        setCandles((current) => current ?? []);
      }
      setFailed(results.some((result) => result.status === 'rejected'));
    };

    const onEvent = (event: MarketStreamEvent) => {
      switch (event.type) {
        case 'ticker':
          setTicker(event.data);
          break;
        case 'depth':
          setDepth(event.data);
          break;
        case 'trade':
          setTrades((current) => addTrade(current, event.data, TRADE_LIMIT));
          onTradeRef.current?.(event.data);
          break;
        case 'kline':
          // Only once the interval's history is there: a lone candle would be drawn as all.
          setCandles((current) =>
            current === null ? current : mergeCandle(current, event.data, CANDLE_LIMIT),
          );
          break;
      }
    };

    void load(false).catch(() => !stopped && setFailed(true));
    // The stream's code (and the schema it checks events with) loads after the first paint.
    let stream: { close(): void } | undefined;
    void import('./market-stream').then(({ openMarketStream }) => {
      if (stopped) return;
      stream = openMarketStream({
        symbol,
        interval,
        onEvent,
        onStatus: (next) => !stopped && setStatus(next),
        onReconnect: () => void load(true).catch(() => undefined),
      });
    });
    return () => {
      stopped = true;
      stream?.close();
    };
  }, [api, symbol, interval]);

  return { ticker, depth, trades, candles, status, failed };
}
