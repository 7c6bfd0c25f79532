import type { LeadProfile, LeadStats } from '@exchange-web/protocol/copy-trading-schemas';
import { CopyPagePath, leadProfilePath } from '@exchange-web/protocol/paths';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import { pairName } from '../records/record-columns';
import { tradingFormats, type TradingFormats } from '../trading/formats';
import { LoginPrompt } from '../trading/LoginPrompt';
import type { LeadPageProps } from './copy-page-props';
import { CopyFrame } from './CopyFrame';
import { FollowForm } from './FollowForm';
import { Signed } from './LeadTable';
import styles from './copy.module.css';

type Translate = ReturnType<typeof useShellState>['t'];

/** A lead's results over each period, one row a period. */
export function LeadStatsTable({
  stats,
  formats,
  t,
}: {
  stats: readonly LeadStats[];
  formats: TradingFormats;
  t: Translate;
}) {
  const columns: DataColumn<LeadStats>[] = [
    {
      key: 'period',
      title: t('copy.filters.period'),
      render: (row) => t('copy.filters.days', { days: row.period }),
    },
    {
      key: 'roi',
      title: t('copy.columns.roi'),
      align: 'end',
      render: (row) => <Signed value={row.roi}>{formats.percent(row.roi)}</Signed>,
    },
    {
      key: 'pnl',
      title: t('copy.columns.pnl'),
      align: 'end',
      render: (row) => <Signed value={row.pnl}>{formats.signed(row.pnl, 2)}</Signed>,
    },
    {
      key: 'drawdown',
      title: t('copy.columns.drawdown'),
      align: 'end',
      render: (row) => formats.share(row.maxDrawdown),
    },
    {
      key: 'winRate',
      title: t('copy.columns.winRate'),
      align: 'end',
      render: (row) => formats.share(row.winRate),
    },
    {
      key: 'trades',
      title: t('copy.columns.trades'),
      align: 'end',
      render: (row) => formats.amount(String(row.trades), 0),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={stats}
      rowKey={(row) => String(row.period)}
      rowData={(row) => ({ 'data-period': String(row.period) })}
      loadingText={t('records.loading')}
      emptyText={t('copy.profile.noHistory')}
      caption={t('copy.profile.results')}
      data-testid="lead-stats"
    />
  );
}

/** A lead's delayed open positions and their latest closing trades. */
export function LeadActivity({
  lead,
  formats,
  t,
}: {
  lead: LeadProfile;
  formats: TradingFormats;
  t: Translate;
}) {
  const positionColumns: DataColumn<LeadProfile['positions'][number]>[] = [
    { key: 'symbol', title: t('copy.columns.symbol'), render: (row) => pairName(row.symbol) },
    { key: 'side', title: t('copy.columns.side'), render: (row) => t(`copy.sides.${row.side}`) },
    {
      key: 'size',
      title: t('copy.columns.size'),
      align: 'end',
      render: (row) => formats.amount(row.size),
    },
    {
      key: 'leverage',
      title: t('copy.columns.leverage'),
      align: 'end',
      render: (row) => `${formats.amount(String(row.leverage), 0)}×`,
    },
    {
      key: 'entry',
      title: t('copy.columns.entry'),
      align: 'end',
      render: (row) => formats.amount(row.entryPrice),
    },
    {
      key: 'opened',
      title: t('copy.columns.opened'),
      render: (row) => formats.dateTime(row.openedAt),
    },
  ];
  const historyColumns: DataColumn<LeadProfile['history'][number]>[] = [
    { key: 'time', title: t('copy.columns.time'), render: (row) => formats.dateTime(row.time) },
    { key: 'symbol', title: t('copy.columns.symbol'), render: (row) => pairName(row.symbol) },
    {
      key: 'side',
      title: t('copy.columns.side'),
      render: (row) => `${t(`copy.markets.${row.market}`)} · ${t(`copy.sides.${row.side}`)}`,
    },
    {
      key: 'size',
      title: t('copy.columns.size'),
      align: 'end',
      render: (row) => formats.amount(row.size),
    },
    {
      key: 'price',
      title: t('copy.columns.price'),
      align: 'end',
      render: (row) => formats.amount(row.price),
    },
    {
      key: 'pnl',
      title: t('copy.columns.result'),
      align: 'end',
      render: (row) => <Signed value={row.pnl}>{formats.signed(row.pnl, 2)}</Signed>,
    },
  ];
  return (
    <>
      <h2>{t('copy.profile.positions')}</h2>
      <p className={styles.note}>
        {t('copy.profile.positionsDelay', { minutes: Math.round(lead.positionDelayMs / 60_000) })}
      </p>
      <DataTable
        columns={positionColumns}
        rows={lead.positions}
        rowKey={(row) => `${row.symbol}-${row.openedAt}-${row.side}`}
        loadingText={t('records.loading')}
        emptyText={t('copy.profile.noPositions')}
        caption={t('copy.profile.positions')}
        data-testid="lead-positions"
      />
      <h2>{t('copy.profile.history')}</h2>
      <DataTable
        columns={historyColumns}
        rows={lead.history}
        rowKey={(row) => `${row.symbol}-${row.time}-${row.side}-${row.size}`}
        loadingText={t('records.loading')}
        emptyText={t('copy.profile.noHistory')}
        caption={t('copy.profile.history')}
        data-testid="lead-history"
      />
    </>
  );
}

/** A lead trader's public profile: results, positions, history, and the form to copy them. */
export function LeadProfileView({ leadId, lead }: LeadPageProps) {
  const { t, language } = useShellState();
  const { status } = useSession();
  const formats = useMemo(() => tradingFormats(language), [language]);
  if (!lead) {
    return (
      <CopyFrame section="discovery" title={t('copy.title')} testId="lead-profile">
        <p className={styles.error} role="alert">
          {t('copy.failed')}
        </p>
      </CopyFrame>
    );
  }
  return (
    <CopyFrame
      section="discovery"
      title={t('copy.profile.title', { name: lead.nickname })}
      lead={lead.description}
      testId="lead-profile"
    >
      <p className={styles.note}>
        <PageLink href={CopyPagePath.discovery}>{t('copy.profile.back')}</PageLink>
        {' · '}
        {t('copy.profile.since', { date: formats.dateTime(lead.createdAt) })}
        {lead.demo ? ` · ${t('copy.demo')}` : ''}
      </p>
      <dl className="stat-cards">
        <div>
          <dt>{t('copy.columns.followers')}</dt>
          <dd data-testid="lead-followers">{formats.amount(String(lead.followers), 0)}</dd>
        </div>
        <div>
          <dt>{t('copy.columns.aum')}</dt>
          <dd data-testid="lead-aum">{formats.amount(lead.aum, 2)}</dd>
        </div>
        <div>
          <dt>{t('copy.columns.share')}</dt>
          <dd>{formats.share(lead.profitShare)}</dd>
        </div>
        <div>
          <dt>{t('copy.columns.markets')}</dt>
          <dd>{lead.markets.map((market) => t(`copy.markets.${market}`)).join(', ')}</dd>
        </div>
      </dl>
      <h2>{t('copy.profile.results')}</h2>
      <LeadStatsTable stats={lead.stats} formats={formats} t={t} />
      <LeadActivity lead={lead} formats={formats} t={t} />
      <h2>{t('copy.follow.title')}</h2>
      {status === 'signedIn' ? (
        <FollowForm leadId={leadId} nickname={lead.nickname} />
      ) : (
        <LoginPrompt path={leadProfilePath(leadId)} />
      )}
    </CopyFrame>
  );
}
