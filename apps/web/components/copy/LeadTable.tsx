import type { LeadSummary } from '@exchange-web/protocol/copy-trading-schemas';
import { leadProfilePath } from '@exchange-web/protocol/paths';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import { tradingFormats } from '../trading/formats';
import { compare } from '../trading/trade-math';
import styles from './copy.module.css';

/** A signed figure coloured by its sign, for assistive technology the sign says it. */
export function Signed({ value, children }: { value: string; children: ReactNode }) {
  const sign = compare(value, '0');
  return (
    <span className={sign > 0 ? styles.up : sign < 0 ? styles.down : undefined}>{children}</span>
  );
}

export interface LeadTableProps {
  leads: readonly LeadSummary[] | null;
  /** Each lead's action (the follow button of the order page), or none. */
  action?(lead: LeadSummary): ReactNode;
  /** Whether names link to the public profiles (not while simulation is on: SPEC 2). */
  linked: boolean;
  caption: string;
  testId: string;
}

/** Lead traders and their results over one period: server-rendered, no sorting of its own. */
export function LeadTable({ leads, action, linked, caption, testId }: LeadTableProps) {
  const { t, language } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const columns: DataColumn<LeadSummary>[] = [
    {
      key: 'lead',
      title: t('copy.columns.lead'),
      render: (lead) => (
        <>
          {linked ? (
            <PageLink href={leadProfilePath(lead.leadId)}>{lead.nickname}</PageLink>
          ) : (
            lead.nickname
          )}
          {lead.demo ? <small className={styles.note}> · {t('copy.demo')}</small> : null}
        </>
      ),
    },
    {
      key: 'markets',
      title: t('copy.columns.markets'),
      render: (lead) => lead.markets.map((market) => t(`copy.markets.${market}`)).join(', '),
    },
    {
      key: 'roi',
      title: t('copy.columns.roi'),
      align: 'end',
      render: (lead) => <Signed value={lead.stats.roi}>{formats.percent(lead.stats.roi)}</Signed>,
    },
    {
      key: 'pnl',
      title: t('copy.columns.pnl'),
      align: 'end',
      render: (lead) => <Signed value={lead.stats.pnl}>{formats.signed(lead.stats.pnl, 2)}</Signed>,
    },
    {
      key: 'drawdown',
      title: t('copy.columns.drawdown'),
      align: 'end',
      render: (lead) => formats.share(lead.stats.maxDrawdown),
    },
    {
      key: 'winRate',
      title: t('copy.columns.winRate'),
      align: 'end',
      render: (lead) => formats.share(lead.stats.winRate),
    },
    {
      key: 'followers',
      title: t('copy.columns.followers'),
      align: 'end',
      render: (lead) => formats.amount(String(lead.followers), 0),
    },
    {
      key: 'aum',
      title: t('copy.columns.aum'),
      align: 'end',
      render: (lead) => formats.amount(lead.aum, 2),
    },
    {
      key: 'share',
      title: t('copy.columns.share'),
      align: 'end',
      render: (lead) => formats.share(lead.profitShare),
    },
    ...(action
      ? [
          {
            key: 'action',
            title: t('copy.columns.actions'),
            render: action,
          } satisfies DataColumn<LeadSummary>,
        ]
      : []),
  ];
  return (
    <DataTable
      columns={columns}
      rows={leads}
      rowKey={(lead) => lead.leadId}
      rowData={(lead) => ({ 'data-lead-id': lead.leadId, 'data-nickname': lead.nickname })}
      loadingText={t('records.loading')}
      emptyText={t('copy.empty')}
      caption={caption}
      data-testid={testId}
    />
  );
}
