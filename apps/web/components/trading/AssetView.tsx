import { Endpoints } from '@exchange-web/protocol/endpoints';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { useSimulation } from '@exchange-web/react/simulation/SimulationProvider';
import { findMarketSymbol, MARKET_SYMBOLS, type Ticker } from '@exchange-web/protocol/trading';
import { RecordPagePath, tradingPath } from '@exchange-web/protocol/paths';
import Head from 'next/head';
import { PageLink } from '../PageLink';
import { SectionNav } from '../SectionNav';
import { useMemo, type ReactNode } from 'react';
import { futuresEquity, usdtPrices, valueBalances } from './asset-value';
import { tradingFormats } from './formats';
import { compare, sum, times } from './trade-math';
import { CoinIcon } from './CoinIcon';
import { useCoinIcons } from './useCoinIcons';
import { useTradingAccount } from './useTradingAccount';
import styles from './trading.module.css';

export type AssetTab = 'overview' | 'spot' | 'margin' | 'futures';

const ASSET_PATHS: Record<AssetTab, string> = {
  overview: '/asset',
  spot: '/asset/spot',
  margin: RecordPagePath.marginAssets,
  futures: '/asset/futures',
};

/** The frame of the asset pages: title, heading and the nav between the accounts. */
export function AssetFrame({ tab, children }: { tab: AssetTab; children: ReactNode }) {
  const { t } = useShell();
  const tabTitle: Record<AssetTab, string> = {
    overview: t('trading.asset.overview'),
    spot: t('trading.asset.spot'),
    margin: t('trading.asset.margin'),
    futures: t('trading.asset.futures'),
  };
  return (
    <>
      <Head>
        <title>{`${t('trading.asset.title')}: ${tabTitle[tab]}`}</title>
      </Head>
      <section
        className={`${styles.assetPage} asset-page`}
        aria-labelledby="asset-title"
        data-testid="asset-page"
        data-tab={tab}
      >
        <h1 id="asset-title">{t('trading.asset.title')}</h1>
        <SectionNav
          label={t('trading.asset.nav')}
          items={(Object.keys(ASSET_PATHS) as AssetTab[]).map((key) => ({
            key,
            href: ASSET_PATHS[key],
            label: tabTitle[key],
          }))}
          current={tab}
        />
        {children}
      </section>
    </>
  );
}
/** How often the prices the coins are valued at are read again. */
const PRICE_REFRESH_MS = 10_000;
const BASES = Object.fromEntries(MARKET_SYMBOLS.map((pair) => [pair.symbol, pair.base]));

/** The last prices of every pair, read now and every PRICE_REFRESH_MS while the page is visible. */
function useTickers(): Ticker[] {
  // One query per pair of a fixed list (the same hooks in the same order at every render).
  // Quiet: a missing price shows as such in its row.
  const loaded = MARKET_SYMBOLS.map(
    ({ symbol }) =>
      useEndpointQuery(Endpoints.ticker, { symbol }, { pollMs: PRICE_REFRESH_MS, quiet: true })
        .data,
  );
  // Each reply keeps its object until it changes, so the list is rebuilt only then.
  return useMemo(() => loaded.flatMap((ticker) => (ticker ? [ticker] : [])), loaded);
}

/**
 * The asset pages (SPEC 2 asset, asset/spot, asset/futures): balances valued in the visitor's
 * currency (coins at their ticker's last price in USDT, then the shell's USDT rate), totals,
 * and for futures the margin and unrealised PnL of the open positions.
 */
export function AssetView({ tab }: { tab: Exclude<AssetTab, 'margin'> }) {
  const { t, language, currency, buildPath } = useShell();
  const simulation = useSimulation().on;
  const coinIcons = useCoinIcons();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const account = useTradingAccount(null, ['balances', 'positions']);
  const tickers = useTickers();
  const fiat = currency.selected;
  const valued = useMemo(
    () => valueBalances(account.balances?.balances ?? [], usdtPrices(tickers, BASES), fiat.rate),
    [account.balances, tickers, fiat.rate],
  );
  const positions = account.positions?.filter((position) => position.status === 'open') ?? [];
  const equity = futuresEquity(positions);
  const usdt = valued.rows.find((row) => row.coin === 'USDT');
  const money = (usdtValue: string) => formats.fiat(times(usdtValue, fiat.rate), fiat.value);
  const loading = account.balances === null;
  // Before the balances say it, the account in use is the simulation switch's (paper while it is
  // on): the lead is written at the first paint, and the totals below do not move when it wraps.
  const paper = account.balances ? account.balances.account === 'paper' : simulation;
  const accountName = t(paper ? 'trading.paperAccount' : 'trading.realAccount');
  const pnlTone =
    compare(equity.pnl, '0') > 0 ? styles.up : compare(equity.pnl, '0') < 0 ? styles.down : '';

  const totals =
    tab === 'futures'
      ? [
          {
            label: t('trading.asset.futuresEquity'),
            value: loading ? '' : money(sum([usdt?.total ?? '0', equity.pnl])),
            testId: 'asset-total',
          },
          {
            label: t('trading.asset.marginHeld'),
            value: loading ? '' : `${formats.amount(equity.margin, 2)} USDT`,
            testId: 'asset-margin',
          },
          {
            label: t('trading.asset.unrealisedPnl'),
            value: loading ? '' : `${formats.signed(equity.pnl, 2)} USDT`,
            testId: 'asset-pnl',
            tone: pnlTone,
          },
        ]
      : [
          {
            label: t('trading.asset.totalValue'),
            value: loading
              ? ''
              : money(tab === 'overview' ? sum([valued.totalUsdt, equity.pnl]) : valued.totalUsdt),
            testId: 'asset-total',
          },
          {
            label: t('trading.asset.valueUsdt'),
            value: loading
              ? ''
              : `${formats.amount(tab === 'overview' ? sum([valued.totalUsdt, equity.pnl]) : valued.totalUsdt, 2)} USDT`,
            testId: 'asset-total-usdt',
          },
          ...(tab === 'overview'
            ? [
                {
                  label: t('trading.asset.unrealisedPnl'),
                  value: loading ? '' : `${formats.signed(equity.pnl, 2)} USDT`,
                  testId: 'asset-pnl',
                  tone: pnlTone,
                },
              ]
            : []),
        ];

  const rows = tab === 'futures' ? valued.rows.filter((row) => row.coin === 'USDT') : valued.rows;

  return (
    <AssetFrame tab={tab}>
      <p className="auth-lead" data-testid="asset-lead">
        {t('trading.asset.lead', { account: accountName, currency: fiat.label })}
      </p>
      <dl className="stat-cards">
        {totals.map((total) => (
          <div key={total.testId}>
            <dt>{total.label}</dt>
            <dd data-testid={total.testId} className={total.tone}>
              {total.value}
            </dd>
          </div>
        ))}
      </dl>
      <h2>
        {tab === 'futures' ? t('trading.asset.futuresBalances') : t('trading.asset.spotBalances')}
      </h2>
      <div className={styles.assetTable}>
        {/* A new table as the balances and then each pair's price first arrive: the columns take
            the new figures' widths, which in the same nodes would count as the cells moving
            (layout shifts); nodes of their own do not. Later prices keep the table. */}
        <table
          key={`${loading ? 'loading' : 'balances'}:${tickers.length}`}
          className={styles.table}
          data-testid="asset-balances"
          aria-busy={loading}
        >
          <caption className="visually-hidden">
            {tab === 'futures'
              ? t('trading.asset.futuresBalances')
              : t('trading.asset.spotBalances')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('trading.asset.coin')}</th>
              <th scope="col" className={styles.num}>
                {t('trading.asset.available')}
              </th>
              <th scope="col" className={styles.num}>
                {t('trading.asset.frozen')}
              </th>
              <th scope="col" className={styles.num}>
                {t('trading.asset.total')}
              </th>
              <th scope="col" className={styles.num}>
                {t('trading.asset.valueUsdt')}
              </th>
              <th scope="col" className={styles.num}>
                {t('trading.asset.value', { currency: fiat.value })}
              </th>
            </tr>
          </thead>
          <tbody>
            {!loading && rows.length === 0 ? (
              <tr>
                <td colSpan={6} className={styles.empty}>
                  {t('trading.asset.empty')}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.coin} data-coin={row.coin} data-fiat={row.fiat ?? ''}>
                  <th scope="row">
                    <CoinIcon coin={row.coin} icons={coinIcons} />
                    {row.coin}
                  </th>
                  <td className={styles.num}>{formats.amount(row.available)}</td>
                  <td className={styles.num}>{formats.amount(row.frozen)}</td>
                  <td className={styles.num}>{formats.amount(row.total)}</td>
                  <td className={styles.num}>
                    {row.usdt === null ? t('trading.asset.noPrice') : formats.amount(row.usdt, 2)}
                  </td>
                  <td className={styles.num} data-testid={`asset-fiat-${row.coin}`}>
                    {row.fiat === null
                      ? t('trading.asset.noPrice')
                      : formats.fiat(row.fiat, fiat.value)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {tab !== 'spot' && positions.length > 0 ? (
        <>
          <h2>{t('trading.position.positions')}</h2>
          <div className={styles.assetTable}>
            <table className={styles.table} data-testid="asset-positions">
              <caption className="visually-hidden">{t('trading.position.positions')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('trading.orders.pair')}</th>
                  <th scope="col">{t('trading.orders.side')}</th>
                  <th scope="col" className={styles.num}>
                    {t('trading.orders.size')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('trading.position.marginHeld')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('trading.position.pnl')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {positions.map((position) => {
                  const pair = findMarketSymbol(position.symbol);
                  const tone = compare(position.unrealizedPnl, '0');
                  return (
                    <tr key={position.positionId}>
                      <th scope="row">
                        <PageLink href={tradingPath('futures', position.symbol)}>
                          {pair ? `${pair.base}/${pair.quote}` : position.symbol}
                        </PageLink>
                      </th>
                      <td className={position.side === 'long' ? styles.up : styles.down}>
                        {t(
                          position.side === 'long'
                            ? 'trading.position.long'
                            : 'trading.position.short',
                        )}
                      </td>
                      <td className={styles.num}>{formats.amount(position.size)}</td>
                      <td className={styles.num}>{formats.amount(position.margin, 2)}</td>
                      <td
                        className={`${styles.num} ${tone > 0 ? styles.up : tone < 0 ? styles.down : ''}`}
                      >
                        {formats.signed(position.unrealizedPnl, 2)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <p>
        <a href={buildPath(tradingPath(tab === 'futures' ? 'futures' : 'spot', 'BTCUSDT'))}>
          {t('trading.asset.goTrade', { pair: 'BTC/USDT' })}
        </a>
      </p>
    </AssetFrame>
  );
}
