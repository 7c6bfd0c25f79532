import { ReservesPath } from '@exchange-web/protocol/reserves';
import type { ReserveSnapshot } from '@exchange-web/protocol/reserves-schemas';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { InfoPage, InfoPageError } from '../InfoPage';
import { tradingFormats } from '../trading/formats';
import type { ReservesPageProps } from './reserves-page-props';
import styles from './reserves.module.css';

// The check runs on a click: its code (hashing, decimals, the request) loads after the page.
const VerifyBalances = dynamic(() =>
  import('./VerifyBalances').then((module) => module.VerifyBalances),
);

interface AssetRow {
  asset: string;
  liabilities: string;
  reserves: string;
  ratio: string | null;
}

const rootUrl = (snapshotId: string) =>
  `${ReservesPath.snapshot}?snapshotId=${encodeURIComponent(snapshotId)}`;

/**
 * Proof of reserves (SPEC 2 `proof-of-reserves`): the latest snapshot's liabilities, reserves
 * and ratio per asset, the reserve wallets, the Merkle root to download, earlier snapshots, the
 * check of the visitor's own balances, and the format to check them offline.
 */
export function ReservesView({ snapshots, links }: ReservesPageProps) {
  const { t, language } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const latest = snapshots?.[0];
  const rows: AssetRow[] = latest
    ? latest.assets.map((asset, index) => ({
        asset,
        liabilities: latest.root.sums[index] ?? '0',
        reserves: latest.reserves[index] ?? '0',
        ratio: latest.ratios[index] ?? null,
      }))
    : [];
  const assetColumns: DataColumn<AssetRow>[] = [
    { key: 'asset', title: t('reserves.columns.asset'), render: (row) => row.asset },
    {
      key: 'liabilities',
      title: t('reserves.columns.liabilities'),
      align: 'end',
      render: (row) => formats.amount(row.liabilities),
    },
    {
      key: 'reserves',
      title: t('reserves.columns.reserves'),
      align: 'end',
      render: (row) => formats.amount(row.reserves),
    },
    {
      key: 'ratio',
      title: t('reserves.columns.ratio'),
      align: 'end',
      render: (row) =>
        row.ratio === null ? t('reserves.noLiabilities') : formats.share(row.ratio),
    },
  ];
  const walletColumns: DataColumn<ReserveSnapshot['wallets'][number]>[] = [
    { key: 'asset', title: t('reserves.columns.asset'), render: (wallet) => wallet.asset },
    {
      key: 'address',
      title: t('reserves.columns.address'),
      render: (wallet) => <code className={styles.hash}>{wallet.address}</code>,
    },
    {
      key: 'balance',
      title: t('reserves.columns.balance'),
      align: 'end',
      render: (wallet) => formats.amount(wallet.balance),
    },
  ];
  const historyColumns: DataColumn<ReserveSnapshot>[] = [
    {
      key: 'time',
      title: t('reserves.columns.time'),
      render: (row) => formats.dateTime(row.takenAt),
    },
    {
      key: 'accounts',
      title: t('reserves.columns.accounts'),
      align: 'end',
      render: (row) => formats.amount(String(row.accounts), 0),
    },
    {
      key: 'root',
      title: t('reserves.columns.root'),
      render: (row) => (
        <a href={rootUrl(row.snapshotId)} download={`reserves-root-${row.snapshotId}.json`}>
          <code>{row.root.hash.slice(0, 16)}…</code>
        </a>
      ),
    },
  ];

  return (
    <InfoPage
      title={t('reserves.title')}
      description={t('reserves.description')}
      links={links}
      testId="reserves-page"
    >
      {snapshots === null ? (
        <InfoPageError>{t('reserves.failed')}</InfoPageError>
      ) : !latest ? (
        <p data-testid="reserves-none">{t('reserves.none')}</p>
      ) : (
        <>
          <h2>{t('reserves.latest')}</h2>
          <p className={styles.note} data-testid="reserves-taken">
            {t('reserves.takenAt', {
              time: formats.dateTime(latest.takenAt),
              accounts: formats.amount(String(latest.accounts), 0),
            })}
          </p>
          <DataTable
            columns={assetColumns}
            rows={rows}
            rowKey={(row) => row.asset}
            rowData={(row) => ({ 'data-asset': row.asset })}
            loadingText={t('records.loading')}
            emptyText={t('reserves.none')}
            caption={t('reserves.latest')}
            data-testid="reserves-assets"
          />
          <p>
            {t('reserves.root')}:{' '}
            <code className={styles.hash} data-testid="reserves-root">
              {latest.root.hash}
            </code>{' '}
            <a
              href={rootUrl(latest.snapshotId)}
              download={`reserves-root-${latest.snapshotId}.json`}
              data-testid="reserves-download-root"
            >
              {t('reserves.downloadRoot')}
            </a>
          </p>
          <h2>{t('reserves.wallets')}</h2>
          <DataTable
            columns={walletColumns}
            rows={latest.wallets}
            rowKey={(wallet) => `${wallet.asset}-${wallet.address}`}
            loadingText={t('records.loading')}
            emptyText={t('reserves.none')}
            caption={t('reserves.wallets')}
            data-testid="reserves-wallets"
          />
        </>
      )}
      <h2>{t('reserves.verify.title')}</h2>
      <p>{t('reserves.verify.lead')}</p>
      <VerifyBalances />
      <h2>{t('reserves.format.title')}</h2>
      <p>{t('reserves.format.lead')}</p>
      {/* The format itself, as the protocol defines it (packages/protocol/src/reserves.ts). */}
      <pre className={styles.format} dir="ltr" data-testid="reserves-format">
        {[
          'account = SHA-256("account|" + snapshotId + "|" + userId)',
          'leaf    = SHA-256("leaf|" + account + "|" + nonce + "|" + balances.join(","))',
          'node    = SHA-256("node|" + left + "|" + right + "|" + (leftSums + rightSums).join(","))',
          'padding = SHA-256("empty"), sums 0',
        ].join('\n')}
      </pre>
      {snapshots && snapshots.length > 1 ? (
        <>
          <h2>{t('reserves.history')}</h2>
          <DataTable
            columns={historyColumns}
            rows={snapshots.slice(1)}
            rowKey={(row) => row.snapshotId}
            loadingText={t('records.loading')}
            emptyText={t('reserves.none')}
            caption={t('reserves.history')}
            data-testid="reserves-history"
          />
        </>
      ) : null}
    </InfoPage>
  );
}
