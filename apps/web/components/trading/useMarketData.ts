import { Endpoints } from '@exchange-web/protocol/endpoints';
import type {
  Candle,
  Depth,
  KlineInterval,
  MarketStreamEvent,
  MarketTrade,
  Ticker,
} from '@exchange-web/protocol/trading';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { startTransition, useEffect, useRef, useState } from 'react';
import { addTrade, mergeCandle } from './market-data';
import { CANDLE_LIMIT, DEPTH_LIMIT, TRADE_LIMIT, type MarketSnapshot } from './market-snapshot';
import type { StreamStatus } from './market-stream';

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

/** The panels say themselves when data is missing: a toast per panel would only repeat it. */
const SNAPSHOT = { quiet: true } as const;

/**
 * A value the stream keeps up to date, seeded and refreshed by a snapshot. A stream event may have
 * arrived first: a snapshot never replaces newer live data.
 */
function useLiveValue<T extends { time: number }>(snapshot: T | undefined) {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (snapshot)
      startTransition(() =>
        setValue((current) => (current && current.time > snapshot.time ? current : snapshot)),
      );
  }, [snapshot]);
  return [value, setValue] as const;
}

/**
 * The market of one pair: the snapshot the page's server render read (`rendered`), then snapshots
 * of ticker, book, trades and candles as queries, kept up to date by one EventSource on the
 * stream (reopened with backoff, closed on unmount and whenever the pair or interval changes).
 * The queries read only what the render did not give: a missing part at once; everything once the
 * stream reconnects (events were missed), the candles of another interval, and the candles when
 * a candle closed between the render and the stream's first one (issue 18: until then the page
 * loads no query code). They are fetched again by the site's refetch policy and on each later
 * reconnect. A snapshot never replaces newer live data. `onTrade` hears each live trade.
 */
export function useMarketData(
  symbol: string,
  interval: KlineInterval,
  rendered: MarketSnapshot | null,
  onTrade?: (trade: MarketTrade) => void,
): MarketData {
  // Whether every snapshot is read in the browser: without a render's, or once the stream missed
  // events. Candles also once the interval is not the rendered one (or was not, once).
  const [readAll, setReadAll] = useState(rendered === null);
  const [readCandles, setReadCandles] = useState(false);
  if (!readCandles && rendered && interval !== rendered.interval) setReadCandles(true);
  const given = readAll ? null : rendered;
  const renderedCandles = readCandles ? null : (given?.klines ?? null);
  const snapshot = (enabled: boolean) => ({ ...SNAPSHOT, enabled });
  const tickerQuery = useEndpointQuery(Endpoints.ticker, { symbol }, snapshot(!given?.ticker));
  const depthQuery = useEndpointQuery(
    Endpoints.depth,
    { symbol, limit: DEPTH_LIMIT },
    snapshot(!given?.depth),
  );
  const tradesQuery = useEndpointQuery(
    Endpoints.trades,
    { symbol, limit: TRADE_LIMIT },
    snapshot(!given?.trades),
  );
  const klinesQuery = useEndpointQuery(
    Endpoints.klines,
    { symbol, interval, limit: CANDLE_LIMIT },
    snapshot(!renderedCandles),
  );
  const [ticker, setTicker] = useLiveValue(tickerQuery.data ?? given?.ticker ?? undefined);
  const [depth, setDepth] = useLiveValue(depthQuery.data ?? given?.depth ?? undefined);
  const [trades, setTrades] = useState<MarketTrade[]>([]);
  const [candles, setCandles] = useState<Candle[] | null>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const onTradeRef = useRef(onTrade);
  useEffect(() => {
    onTradeRef.current = onTrade;
  }, [onTrade]);
  const { invalidate } = useEndpointActions();
  const refetchSnapshots = useRef(() => Promise.resolve());
  useEffect(() => {
    refetchSnapshots.current = async () => {
      // The first reconnect turns the queries on (they fetch); later ones fetch them again.
      if (given) setReadAll(true);
      else await invalidate(Endpoints.ticker, Endpoints.depth, Endpoints.trades, Endpoints.klines);
    };
  }, [invalidate, given]);
  // The newest rendered candle's time, while the chart stands on the render's candles: a first
  // streamed candle of another time means one closed in between, and the candles are read.
  const renderedCandleTime = useRef<number | null>(null);
  useEffect(() => {
    renderedCandleTime.current = renderedCandles?.candles.at(-1)?.time ?? null;
  }, [renderedCandles]);

  const tradesSnapshot = tradesQuery.data ?? given?.trades ?? undefined;
  useEffect(() => {
    if (!tradesSnapshot) return;
    const snapshot = [...tradesSnapshot.trades].sort((a, b) => b.time - a.time);
    startTransition(() =>
      setTrades((current) =>
        current.reduceRight((list, trade) => addTrade(list, trade, TRADE_LIMIT), snapshot),
      ),
    );
  }, [tradesSnapshot]);
  // Another interval: no candles until its history came (declared first, so a cached history of
  // the new interval merges right after).
  useEffect(() => setCandles(null), [interval]);
  const klinesSnapshot = klinesQuery.data ?? renderedCandles ?? undefined;
  const klinesFailed = klinesQuery.status === 'error';
  useEffect(() => {
    if (klinesSnapshot) {
      const snapshot = [...klinesSnapshot.candles].sort((a, b) => a.time - b.time);
      startTransition(() =>
        setCandles((current) =>
          (current ?? []).reduce(
            (list, candle) => mergeCandle(list, candle, CANDLE_LIMIT),
            snapshot,
          ),
        ),
      );
    } else if (klinesFailed) {
      setCandles((current) => current ?? []);
    }
  }, [klinesSnapshot, klinesFailed]);

  useEffect(() => {
    let stopped = false;
    // Transitions: React renders what a stream event changes in slices it can interrupt, so a tap
    // on the order form never waits for a book or chart update (issue 18: each event's render was
    // one 20 to 30 ms task, four times that on a phone).
    const onEvent = (event: MarketStreamEvent) => {
      if (event.type === 'trade') onTradeRef.current?.(event.data);
      startTransition(() => apply(event));
    };
    const apply = (event: MarketStreamEvent) => {
      switch (event.type) {
        case 'ticker':
          setTicker(event.data);
          break;
        case 'depth':
          setDepth(event.data);
          break;
        case 'trade':
          setTrades((current) => addTrade(current, event.data, TRADE_LIMIT));
          break;
        case 'kline':
          if (renderedCandleTime.current !== null) {
            if (renderedCandleTime.current !== event.data.time) setReadCandles(true);
            renderedCandleTime.current = null;
          }
          // Only once the interval's history is there: a lone candle would be drawn as all.
          setCandles((current) =>
            current === null ? current : mergeCandle(current, event.data, CANDLE_LIMIT),
          );
          break;
      }
    };
    // The stream's code (and the schema it checks events with) loads after the first paint.
    let stream: { close(): void } | undefined;
    void import('./market-stream').then(({ openMarketStream }) => {
      if (stopped) return;
      stream = openMarketStream({
        symbol,
        interval,
        onEvent,
        onStatus: (next) => !stopped && setStatus(next),
        // Events missed while reconnecting: the snapshots are read again.
        onReconnect: () => void refetchSnapshots.current(),
      });
    });
    return () => {
      stopped = true;
      stream?.close();
    };
  }, [symbol, interval]);

  const failed = [tickerQuery, depthQuery, tradesQuery, klinesQuery].some(
    (query) => query.status === 'error',
  );
  return { ticker, depth, trades, candles, status, failed };
}
