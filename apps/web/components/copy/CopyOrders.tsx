import type { CopyTrade, Follow, LeadSummary } from '@exchange-web/protocol/copy-trading-schemas';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { leadProfilePath } from '@exchange-web/protocol/paths';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useSimulation } from '@exchange-web/react/simulation/SimulationProvider';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import { pairName } from '../records/record-columns';
import { ListStatus, RecordList } from '../records/RecordList';
import { RECORDS_REFRESH_MS, usePagedList } from '../records/usePagedList';
import { tradingFormats } from '../trading/formats';
import { copyRefusalKey } from './copy-text';
import { CopyFrame } from './CopyFrame';
import { FollowForm } from './FollowForm';
import { LeadTable, Signed } from './LeadTable';
import { CopyStatus, useCopyAction } from './useCopyAction';
import styles from './copy.module.css';

const NO_FILTERS = {};
const tradesOf = (reply: { trades: CopyTrade[] }) => reply.trades;

/**
 * The follower's copy trading (SPEC 2 `order/mcp`, read as copy trading's order page): the leads
 * they copy, with a stop that closes or keeps the copies; every copy made or skipped with its
 * reason; and the leads of the account in use to copy next (paper ones while simulation is on).
 */
export function CopyOrders() {
  const { t, language } = useShellState();
  const { status } = useSession();
  const simulation = useSimulation().on;
  const formats = useMemo(() => tradingFormats(language), [language]);
  const { invalidate } = useEndpointActions();
  const signedIn = status === 'signedIn';
  const follows = useEndpointQuery(
    Endpoints.copyFollows,
    {},
    { enabled: signedIn, pollMs: RECORDS_REFRESH_MS, quiet: true },
  );
  const trades = usePagedList(Endpoints.copyTrades, NO_FILTERS, tradesOf);
  const leads = useEndpointQuery(Endpoints.copyLeads, {
    account: simulation ? 'paper' : 'real',
    period: 30,
    sort: 'roi',
  });
  const stop = useCopyAction();
  const [picked, setPicked] = useState<LeadSummary | null>(null);

  const refresh = async () => {
    await invalidate(Endpoints.copyFollows, Endpoints.copyTrades, Endpoints.copyLeads);
  };
  const stopFollow = async (follow: Follow, closePositions: boolean) => {
    const reply = await stop.call(
      Endpoints.copyStop,
      { followId: follow.followId, closePositions },
      () => t('copy.orders.stopped', { name: follow.nickname }),
    );
    if (reply) await refresh();
  };

  const followColumns: DataColumn<Follow>[] = [
    {
      key: 'lead',
      title: t('copy.columns.lead'),
      render: (follow) =>
        simulation ? (
          follow.nickname
        ) : (
          <PageLink href={leadProfilePath(follow.leadId)}>{follow.nickname}</PageLink>
        ),
    },
    {
      key: 'amount',
      title: t('copy.columns.amount'),
      render: (follow) =>
        follow.amountMode === 'fixed'
          ? `${formats.amount(follow.amount)} USDT`
          : `× ${formats.amount(follow.amount)}`,
    },
    {
      key: 'status',
      title: t('copy.columns.status'),
      render: (follow) =>
        follow.status === 'active'
          ? t('copy.statuses.active')
          : t(`copy.stopReasons.${follow.stopReason ?? 'user'}`),
    },
    {
      key: 'result',
      title: t('copy.columns.result'),
      align: 'end',
      render: (follow) => (
        <Signed value={follow.realizedPnl}>{formats.signed(follow.realizedPnl, 2)}</Signed>
      ),
    },
    {
      key: 'shared',
      title: t('copy.columns.shared'),
      align: 'end',
      render: (follow) => formats.amount(follow.sharedProfit, 2),
    },
    {
      key: 'open',
      title: t('copy.columns.open'),
      align: 'end',
      render: (follow) => formats.amount(String(follow.openPositions), 0),
    },
    {
      key: 'since',
      title: t('copy.columns.since'),
      render: (follow) => formats.dateTime(follow.createdAt),
    },
    {
      key: 'actions',
      title: t('copy.columns.actions'),
      render: (follow) =>
        follow.status === 'active' ? (
          <span className={styles.actions}>
            <button
              type="button"
              className={styles.button}
              disabled={stop.busy}
              data-testid="stop-close"
              onClick={() => void stopFollow(follow, true)}
            >
              {t('copy.orders.stopClose')}
            </button>
            <button
              type="button"
              className={styles.button}
              disabled={stop.busy}
              data-testid="stop-keep"
              onClick={() => void stopFollow(follow, false)}
            >
              {t('copy.orders.stopKeep')}
            </button>
          </span>
        ) : null,
    },
  ];

  const tradeColumns: DataColumn<CopyTrade>[] = [
    { key: 'time', title: t('copy.columns.time'), render: (trade) => formats.dateTime(trade.time) },
    { key: 'lead', title: t('copy.columns.lead'), render: (trade) => trade.nickname },
    {
      key: 'kind',
      title: t('copy.columns.kind'),
      render: (trade) => t(`copy.kinds.${trade.kind}`),
    },
    { key: 'symbol', title: t('copy.columns.symbol'), render: (trade) => pairName(trade.symbol) },
    {
      key: 'side',
      title: t('copy.columns.side'),
      render: (trade) => t(`copy.sides.${trade.side}`),
    },
    {
      key: 'status',
      title: t('copy.columns.status'),
      render: (trade) => t(`copy.statuses.${trade.status}`),
    },
    {
      key: 'size',
      title: t('copy.columns.size'),
      align: 'end',
      render: (trade) => (trade.size === null ? '' : formats.amount(trade.size)),
    },
    {
      key: 'price',
      title: t('copy.columns.price'),
      align: 'end',
      render: (trade) => (trade.price === null ? '' : formats.amount(trade.price)),
    },
    {
      key: 'result',
      title: t('copy.columns.result'),
      align: 'end',
      render: (trade) =>
        trade.realizedPnl === null ? (
          ''
        ) : (
          <Signed value={trade.realizedPnl}>{formats.signed(trade.realizedPnl, 2)}</Signed>
        ),
    },
    {
      key: 'shared',
      title: t('copy.columns.shared'),
      align: 'end',
      render: (trade) => (trade.shared === null ? '' : formats.amount(trade.shared, 8)),
    },
    {
      key: 'reason',
      title: t('copy.columns.reason'),
      render: (trade) => {
        const key = trade.reason === null ? null : copyRefusalKey(trade.reason);
        return key ? t(key) : '';
      },
    },
  ];

  return (
    <CopyFrame
      section="orders"
      title={t('copy.orders.title')}
      lead={t('copy.orders.lead')}
      testId="copy-orders"
    >
      <p className={styles.note} data-testid="copy-account">
        {t(simulation ? 'copy.paper' : 'copy.real')}
      </p>
      <h2>{t('copy.orders.follows')}</h2>
      <ListStatus failed={follows.error !== null} />
      <DataTable
        columns={followColumns}
        rows={signedIn ? (follows.data?.follows ?? null) : []}
        rowKey={(follow) => follow.followId}
        rowData={(follow) => ({ 'data-status': follow.status, 'data-nickname': follow.nickname })}
        loadingText={t('records.loading')}
        emptyText={t('copy.orders.noFollows')}
        caption={t('copy.orders.follows')}
        data-testid="copy-follows"
      />
      <CopyStatus message={stop.message} testId="stop-status" />
      <h2>{t('copy.orders.trades')}</h2>
      <RecordList
        list={trades}
        asked={signedIn}
        columns={tradeColumns}
        rowKey={(trade) => trade.tradeId}
        rowData={(trade) => ({
          'data-kind': trade.kind,
          'data-status': trade.status,
          'data-reason': trade.reason ?? '',
        })}
        caption={t('copy.orders.trades')}
        testId="copy-trades"
      />
      <h2>{t('copy.orders.leads')}</h2>
      <ListStatus failed={leads.error !== null} />
      <LeadTable
        leads={leads.data?.leads ?? null}
        linked={!simulation}
        caption={t('copy.orders.leads')}
        testId="copy-order-leads"
        action={(lead) => (
          <button
            type="button"
            className={styles.button}
            aria-expanded={picked?.leadId === lead.leadId}
            data-testid="copy-pick"
            onClick={() => setPicked(picked?.leadId === lead.leadId ? null : lead)}
          >
            {t(picked?.leadId === lead.leadId ? 'copy.orders.hideForm' : 'copy.orders.copyThis')}
          </button>
        )}
      />
      {picked ? (
        <FollowForm
          key={picked.leadId}
          leadId={picked.leadId}
          nickname={picked.nickname}
          onFollowed={() => void refresh()}
        />
      ) : null}
    </CopyFrame>
  );
}
