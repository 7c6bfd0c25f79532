import type { ProtectionFund } from '@exchange-web/protocol/reserves-schemas';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { useReachFor } from '../charts/useReachFor';
import { DataTable, type DataColumn } from '../DataTable';
import { InfoPage, InfoPageError } from '../InfoPage';
import { LinePreview } from '../inscription/LinePreview';
import { tradingFormats } from '../trading/formats';
import type { FundPageProps } from './fund-page-props';
import styles from './fund.module.css';

// The interactive chart (lightweight-charts) loads once the visitor reaches for it (issue 18, as
// the token page's), over the server-drawn line.
const PriceLineChart = dynamic(() => import('../inscription/PriceLineChart'), {
  ssr: false,
  loading: () => null,
});

type Entry = ProtectionFund['entries'][number];
type Wallet = ProtectionFund['wallets'][number];

/**
 * The protection fund (SPEC 2 `protection-fund`): its balance, its USDT balance day by day over
 * the last 90 days, what changed it lately, and its wallets.
 */
export function FundView({ fund, links }: FundPageProps) {
  const { t, language, theme } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const { stage, handlers, onChartReady } = useReachFor();
  const points = useMemo(
    () =>
      (fund?.history ?? []).map((point) => ({
        time: Math.floor(point.time / 1000),
        value: Number(point.balance),
      })),
    [fund],
  );
  const formatUsdt = (value: number) => formats.amount(value.toFixed(2), 2);
  const entryColumns: DataColumn<Entry>[] = [
    { key: 'time', title: t('fund.columns.time'), render: (entry) => formats.dateTime(entry.time) },
    {
      key: 'kind',
      title: t('fund.columns.kind'),
      render: (entry) => t(`fund.kinds.${entry.kind}`),
    },
    { key: 'asset', title: t('fund.columns.asset'), render: (entry) => entry.asset },
    {
      key: 'amount',
      title: t('fund.columns.amount'),
      align: 'end',
      render: (entry) => formats.signed(entry.amount, 2),
    },
  ];
  const walletColumns: DataColumn<Wallet>[] = [
    { key: 'asset', title: t('fund.columns.asset'), render: (wallet) => wallet.asset },
    {
      key: 'address',
      title: t('fund.columns.address'),
      render: (wallet) => <code className={styles.address}>{wallet.address}</code>,
    },
  ];
  const first = fund?.history[0];
  const last = fund?.history.at(-1);

  return (
    <InfoPage
      title={t('fund.title')}
      description={t('fund.description')}
      links={links}
      testId="fund-page"
    >
      {fund === null ? (
        <InfoPageError>{t('fund.failed')}</InfoPageError>
      ) : (
        <>
          <dl className="stat-cards" data-testid="fund-balances">
            {fund.balances.map((balance) => (
              <div key={balance.asset}>
                <dt>{`${t('fund.balance')} (${balance.asset})`}</dt>
                <dd data-asset={balance.asset}>{formats.amount(balance.amount, 2)}</dd>
              </div>
            ))}
          </dl>
          {/* The heading and the summary under it describe the chart; its data is the history. */}
          <h2 id="fund-chart">{t('fund.chart')}</h2>
          {first && last ? (
            <p className={styles.note} data-testid="fund-summary">
              {t('fund.chartSummary', {
                first: formats.amount(first.balance, 2),
                last: formats.amount(last.balance, 2),
                days: fund.history.length,
              })}
            </p>
          ) : null}
          <div
            className={styles.chart}
            data-testid="fund-chart"
            data-interactive={stage !== 'preview'}
            {...handlers}
          >
            {points.length > 0 ? (
              <>
                {/* Stays under the chart until it has drawn: the chart's canvas covers it. */}
                {stage !== 'chart' ? (
                  <LinePreview points={points} theme={theme} formatPrice={formatUsdt} />
                ) : null}
                {stage !== 'preview' ? (
                  <PriceLineChart
                    points={points}
                    theme={theme}
                    locale={formats.locale}
                    timeVisible={false}
                    formatPrice={formatUsdt}
                    onReady={onChartReady}
                  />
                ) : null}
              </>
            ) : null}
          </div>
          <p>{t('fund.how')}</p>
          <h2>{t('fund.entries')}</h2>
          <DataTable
            columns={entryColumns}
            rows={fund.entries}
            rowKey={(entry) => `${entry.time}-${entry.kind}-${entry.amount}`}
            rowData={(entry) => ({ 'data-kind': entry.kind })}
            loadingText={t('records.loading')}
            emptyText={t('fund.empty')}
            caption={t('fund.entries')}
            data-testid="fund-entries"
          />
          <h2>{t('fund.wallets')}</h2>
          <DataTable
            columns={walletColumns}
            rows={fund.wallets}
            rowKey={(wallet) => `${wallet.asset}-${wallet.address}`}
            loadingText={t('records.loading')}
            emptyText={t('fund.empty')}
            caption={t('fund.wallets')}
            data-testid="fund-wallets"
          />
        </>
      )}
    </InfoPage>
  );
}
