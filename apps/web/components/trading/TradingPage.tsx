import { useShellActions, useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useSimulation } from '@exchange-web/react/simulation/SimulationProvider';
import {
  klineIntervalFromMinutes,
  klineIntervalMinutes,
  MARKET_SYMBOLS,
  type KlineInterval,
  type MarketSymbol,
  type MarketTrade,
} from '@exchange-web/protocol/trading';
import { tradingPath, type TradingMarket } from '@exchange-web/protocol/paths';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { PageLink } from '../PageLink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { tradingFormats } from './formats';
import { OrderBook } from './OrderBook';
import { LoginPrompt } from './LoginPrompt';
import { OrdersPanel } from './OrdersPanel';
import { PositionsTable } from './PositionsTable';
import { PriceChart } from './PriceChart';
import { RecentTrades } from './RecentTrades';
import { TickerBar } from './TickerBar';
import { TradeFormPanel } from './TradeFormPanel';
import { CoinIcon } from './CoinIcon';
import { useCoinIcons } from './useCoinIcons';
import { tradeCrossesOrder } from './trade-math';
import type { StreamStatus } from './market-stream';
import { DEFAULT_INTERVAL, type MarketSnapshot } from './market-snapshot';
import { useMarketData } from './useMarketData';
import { useTradingAccount, type AccountPart } from './useTradingAccount';
import styles from './trading.module.css';

// A visitor is asked to log in where the trader's form is, so the forms (and the rules they check
// an order with) load only for a trader: with the page when the server drew the form for a
// session, else once the session is known. A visitor never downloads them.
const formLoading = () => <section className={`${styles.panel} ${styles.form}`} aria-busy="true" />;
const OrderForm = dynamic(() => import('./OrderForm').then((module) => module.OrderForm), {
  loading: formLoading,
});
const PositionForm = dynamic(() => import('./PositionForm').then((module) => module.PositionForm), {
  loading: formLoading,
});
const MarginPanel = dynamic(() => import('./MarginPanel').then((module) => module.MarginPanel), {
  loading: formLoading,
});

const SPOT_PARTS: readonly AccountPart[] = ['balances', 'orders'];
const FUTURES_PARTS: readonly AccountPart[] = ['balances', 'positions'];
const MARGIN_PARTS: readonly AccountPart[] = ['balances'];
const PARTS: Record<TradingMarket, readonly AccountPart[]> = {
  spot: SPOT_PARTS,
  futures: FUTURES_PARTS,
  margin: MARGIN_PARTS,
};
const TITLES = {
  spot: 'trading.spotTitle',
  futures: 'trading.futuresTitle',
  margin: 'trading.marginTitle',
} as const;
/** The other markets of a pair, linked from its page. */
const MARKETS: readonly TradingMarket[] = ['spot', 'futures', 'margin'];
const STREAM_STATUSES: readonly StreamStatus[] = ['connecting', 'live', 'reconnecting', 'closed'];

/**
 * The chart's interval, remembered in the local cache record (`klineInterval`, SPEC 3) for every
 * pair and visit. The server renders the default; the remembered one follows once mounted, so
 * the first HTML is the same for everyone.
 */
function useRememberedInterval(): [KlineInterval, (interval: KlineInterval) => void] {
  const { localCache } = useShellActions();
  const [interval, setChartInterval] = useState<KlineInterval>(DEFAULT_INTERVAL);
  useEffect(() => {
    const remembered = localCache && klineIntervalFromMinutes(localCache.get('klineInterval'));
    if (remembered) setChartInterval(remembered);
  }, [localCache]);
  const choose = useCallback(
    (next: KlineInterval) => {
      setChartInterval(next);
      localCache?.set('klineInterval', klineIntervalMinutes(next));
    },
    [localCache],
  );
  return [interval, choose];
}

export interface TradingPageProps {
  pair: MarketSymbol;
  market: TradingMarket;
  /** The pair's market as the page's server render read it. */
  snapshot: MarketSnapshot;
}

/**
 * A pair's trading page (SPEC 2 simulation landing pages): ticker, chart, order book and recent
 * trades for everyone, live from the market stream; the order form and the trader's orders
 * (spot), the position form and positions (futures) or the margin account (margin) for the
 * signed-in trader.
 */
export function TradingPage({ pair, market, snapshot }: TradingPageProps) {
  const { t, language, theme } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const [interval, chooseInterval] = useRememberedInterval();
  const [pickedPrice, setPickedPrice] = useState<string | null>(null);
  const account = useTradingAccount(pair.symbol, PARTS[market]);
  // The account badge's place, drawn while a trader's account may be on its way, stays if there
  // turns out to be none (a signed-in mark that outlived its session): the row never rewraps.
  const [badgePlaceKept] = useState(account.signedIn !== false);
  const simulation = useSimulation().on;
  const path = tradingPath(market, pair.symbol, simulation);

  // A market trade that reaches an open order's price may have filled it: look at once rather
  // than at the next poll (useTradingAccount explains the refresh approach).
  const openOrdersRef = useRef(account.openOrders);
  openOrdersRef.current = account.openOrders;
  const { refresh } = account;
  const onTrade = useCallback(
    (trade: MarketTrade) => {
      if (openOrdersRef.current?.some((order) => tradeCrossesOrder(order, trade.price)))
        void refresh();
    },
    [refresh],
  );
  const data = useMarketData(
    pair.symbol,
    interval,
    snapshot,
    market === 'spot' ? onTrade : undefined,
  );
  const coinIcons = useCoinIcons();
  const pairName = `${pair.base}/${pair.quote}`;
  const title = t(TITLES[market], { pair: pairName });

  return (
    <>
      <Head>
        <title>{title}</title>
      </Head>
      <div className={styles.page} data-testid="trading-page" data-market={market}>
        <div className={styles.head}>
          <h1>{title}</h1>
          <nav aria-label={t('trading.pairs')}>
            <ul className={styles.pairs}>
              {MARKET_SYMBOLS.map((entry) => (
                <li key={entry.symbol}>
                  <PageLink
                    href={tradingPath(market, entry.symbol, simulation)}
                    aria-current={entry.symbol === pair.symbol ? 'page' : undefined}
                  >
                    <CoinIcon coin={entry.base} icons={coinIcons} />
                    {`${entry.base}/${entry.quote}`}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
          {MARKETS.filter((other) => other !== market).map((other) => (
            <PageLink key={other} href={tradingPath(other, pair.symbol, simulation)}>
              {t(`trading.${other}`)}
            </PageLink>
          ))}
          <span
            className={styles.badge}
            role="status"
            data-testid="stream-status"
            data-status={data.status}
          >
            {/* Every label in one grid cell, the others hidden: the badge keeps the width of the
                longest, so the heading row never rewraps when the stream connects (CLS 0). */}
            <span className={styles.stack}>
              {STREAM_STATUSES.map((status) => (
                <span
                  key={status}
                  className={status === data.status ? undefined : styles.ghost}
                  aria-hidden={status === data.status ? undefined : true}
                >
                  {t(`trading.stream.${status}`)}
                </span>
              ))}
            </span>
          </span>
          {account.balances ? (
            <span
              className={styles.badge}
              data-testid="account-kind"
              data-account={account.balances.account}
            >
              {t(
                account.balances.account === 'paper'
                  ? 'trading.paperAccount'
                  : 'trading.realAccount',
              )}
            </span>
          ) : account.signedIn === false && !badgePlaceKept ? null : (
            // Its place, kept while a trader's balances load: the widest label, unseen, so the
            // heading row does not rewrap when the account arrives (CLS 0).
            <span className={`${styles.badge} ${styles.ghost}`} aria-hidden="true">
              <span className={styles.stack}>
                <span>{t('trading.paperAccount')}</span>
                <span>{t('trading.realAccount')}</span>
              </span>
            </span>
          )}
        </div>
        <TickerBar
          pair={pair}
          ticker={data.ticker}
          showMark={market === 'futures'}
          t={t}
          formats={formats}
        />
        <PriceChart
          pair={pair}
          candles={data.candles}
          interval={interval}
          onInterval={chooseInterval}
          t={t}
          theme={theme}
          formats={formats}
        />
        <OrderBook
          pair={pair}
          depth={data.depth}
          t={t}
          formats={formats}
          onPickPrice={market === 'spot' ? setPickedPrice : undefined}
        />
        <RecentTrades pair={pair} trades={data.trades} t={t} formats={formats} />
        {market === 'spot' ? (
          <>
            {account.signedIn === false ? (
              <TradeFormPanel titleId="order-form-title" title={t('trading.form.title')}>
                <LoginPrompt path={path} />
              </TradeFormPanel>
            ) : (
              <OrderForm
                pair={pair}
                ticker={data.ticker}
                depth={data.depth}
                balances={account.balances}
                signedIn={account.signedIn}
                pickedPrice={pickedPrice}
                refresh={refresh}
                t={t}
                formats={formats}
              />
            )}
            <OrdersPanel
              pair={pair}
              signedIn={account.signedIn}
              openOrders={account.openOrders}
              history={account.history}
              fills={account.fills}
              refresh={refresh}
              t={t}
              formats={formats}
            />
          </>
        ) : market === 'margin' ? (
          account.signedIn === false ? (
            <TradeFormPanel titleId="margin-title" title={t('trading.marginAccount.title')}>
              <LoginPrompt path={path} />
            </TradeFormPanel>
          ) : account.signedIn ? (
            <MarginPanel
              pair={pair}
              spotBalances={account.balances}
              refreshSpot={refresh}
              t={t}
              formats={formats}
            />
          ) : (
            formLoading()
          )
        ) : (
          <>
            {account.signedIn === false ? (
              <TradeFormPanel titleId="position-form-title" title={t('trading.position.title')}>
                <LoginPrompt path={path} />
              </TradeFormPanel>
            ) : (
              <PositionForm
                pair={pair}
                ticker={data.ticker}
                balances={account.balances}
                signedIn={account.signedIn}
                refresh={refresh}
                t={t}
                formats={formats}
              />
            )}
            <PositionsTable
              pair={pair}
              positions={account.positions}
              signedIn={account.signedIn}
              refresh={refresh}
              t={t}
              formats={formats}
            />
          </>
        )}
      </div>
    </>
  );
}
