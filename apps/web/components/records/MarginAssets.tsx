import { Endpoints } from '@exchange-web/protocol/endpoints';
import { RecordPagePath, tradingPath } from '@exchange-web/protocol/paths';
import type { MarginAccount } from '@exchange-web/protocol/trading-schemas';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { useSimulation } from '@exchange-web/react/simulation/SimulationProvider';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import { AssetFrame } from '../trading/AssetView';
import { tradingFormats } from '../trading/formats';
import { compare, sum, times } from '../trading/trade-math';
import { ACCOUNT_REFRESH_MS } from '../trading/useTradingAccount';
import { pairName, recordColumns } from './record-columns';
import { ListStatus } from './RecordList';
import styles from './records.module.css';

type Holding = MarginAccount['holdings'][number];

/** Whether an account holds or owes anything (an empty one is not listed, the cross one aside). */
const inUse = (account: MarginAccount) =>
  account.symbol === null ||
  account.holdings.some(
    (holding) =>
      compare(holding.available, '0') > 0 ||
      compare(holding.frozen, '0') > 0 ||
      compare(holding.borrowed, '0') > 0 ||
      compare(holding.interest, '0') > 0,
  );

/**
 * The margin assets (SPEC 2 `asset/margin`): every margin account of the trader, cross and each
 * isolated pair, with its holdings, debt, equity and risk ratio, valued in the visitor's
 * currency, read again as the trading page reads the account.
 */
export function MarginAssets() {
  const { t, language, currency } = useShell();
  const { status } = useSession();
  const simulation = useSimulation().on;
  const formats = useMemo(() => tradingFormats(language), [language]);
  const reply = useEndpointQuery(
    Endpoints.marginAccounts,
    {},
    { enabled: status === 'signedIn', pollMs: ACCOUNT_REFRESH_MS, quiet: true },
  );
  const accounts = reply.data?.accounts.filter(inUse) ?? null;
  const fiat = currency.selected;
  const money = (usdt: string) => formats.fiat(times(usdt, fiat.rate), fiat.value);
  const totals = accounts && {
    assets: sum(accounts.map((account) => account.assets)),
    debt: sum(accounts.map((account) => account.debt)),
    equity: sum(accounts.map((account) => account.equity)),
  };

  const column = recordColumns(t, formats);
  const columns: DataColumn<Holding>[] = [
    { key: 'coin', title: t('trading.marginAccount.coin'), render: (row) => row.coin },
    column.amount('available', t('trading.asset.available'), (row) => row.available),
    column.amount('frozen', t('trading.asset.frozen'), (row) => row.frozen),
    column.amount('borrowed', t('trading.marginAccount.borrowed'), (row) => row.borrowed),
    column.amount('interest', t('trading.marginAccount.interest'), (row) => row.interest),
    {
      key: 'value',
      title: t('trading.asset.valueUsdt'),
      align: 'end',
      render: (row) => formats.amount(times(sum([row.available, row.frozen]), row.price), 2),
    },
  ];

  return (
    <AssetFrame tab="margin">
      <p className="auth-lead" data-testid="asset-lead">
        {t('trading.asset.marginLead', { currency: fiat.label })}
      </p>
      {/* Above the accounts, which load after the first paint: the link stays where it was
          painted. */}
      <p>
        <PageLink href={RecordPagePath.marginRecords}>
          {t('records.sections.marginRecords')}
        </PageLink>
      </p>
      <ListStatus failed={reply.error !== null} />
      <dl className="stat-cards">
        {(
          [
            ['assets', t('trading.marginAccount.assets')],
            ['debt', t('trading.marginAccount.debt')],
            ['equity', t('trading.asset.equity')],
          ] as const
        ).map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`margin-total-${key}`}>{totals ? money(totals[key]) : ''}</dd>
          </div>
        ))}
      </dl>
      {accounts?.map((account) => {
        const name =
          account.symbol === null
            ? t('trading.marginAccount.cross')
            : `${t('trading.marginAccount.isolated')} ${pairName(account.symbol)}`;
        const rows = account.holdings.filter(
          (holding) =>
            compare(holding.available, '0') > 0 ||
            compare(holding.frozen, '0') > 0 ||
            compare(holding.borrowed, '0') > 0,
        );
        return (
          <section
            key={account.symbol ?? ''}
            aria-label={name}
            data-testid="margin-asset-account"
            data-symbol={account.symbol ?? ''}
          >
            <h2>{name}</h2>
            <dl className={styles.detail}>
              <div>
                <dt>{t('trading.marginAccount.assets')}</dt>
                <dd>{`${formats.amount(account.assets, 2)} USDT`}</dd>
              </div>
              <div>
                <dt>{t('trading.marginAccount.debt')}</dt>
                <dd>{`${formats.amount(account.debt, 2)} USDT`}</dd>
              </div>
              <div>
                <dt>{t('trading.marginAccount.riskRatio')}</dt>
                <dd data-testid="margin-asset-risk" data-level={account.level}>
                  {account.riskRatio === null
                    ? t('trading.marginAccount.noDebt')
                    : `${formats.amount(account.riskRatio, 2)} (${t(`trading.marginAccount.level.${account.level}`)})`}
                </dd>
              </div>
            </dl>
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(row) => row.coin}
              rowData={(row) => ({ 'data-coin': row.coin })}
              loadingText={t('records.loading')}
              emptyText={t('trading.asset.empty')}
              caption={name}
            />
            <p>
              <PageLink href={tradingPath('margin', account.symbol ?? 'BTCUSDT', simulation)}>
                {t('trading.asset.goTrade', { pair: pairName(account.symbol ?? 'BTCUSDT') })}
              </PageLink>
            </p>
          </section>
        );
      })}
    </AssetFrame>
  );
}
