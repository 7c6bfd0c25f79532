import type { Translate } from '@exchange-web/react/i18n/translator';
import type { TrackedEventSummary, TrackingOverviewReply } from '@exchange-web/protocol/schemas';
import { Table } from 'antd';
import type { TrackingFormats } from './formats';
import styles from './tracking.module.css';

type TopPage = TrackingOverviewReply['topPages'][number];

export interface EventTablesProps {
  overview: TrackingOverviewReply | null;
  loading: boolean;
  t: Translate;
  formats: TrackingFormats;
  typeLabel(type: number): string;
}

/** The busiest pages of the window. */
export function TopPagesTable({ overview, loading, t, formats }: EventTablesProps) {
  return (
    <Table<TopPage>
      rowKey="page"
      size="small"
      pagination={false}
      loading={loading && overview === null}
      data-testid="top-pages"
      dataSource={overview?.topPages ?? []}
      locale={{ emptyText: t('operator.tracking.noEvents') }}
      columns={[
        {
          key: 'page',
          title: t('operator.tracking.page'),
          render: (_value, row) => <span className={styles.wrap}>{row.page}</span>,
        },
        {
          key: 'count',
          title: t('operator.tracking.events'),
          align: 'end',
          render: (_value, row) => formats.number(row.count),
        },
      ]}
    />
  );
}

/** The latest events, newest first. */
export function LatestEventsTable({ overview, loading, t, formats, typeLabel }: EventTablesProps) {
  return (
    <Table<TrackedEventSummary>
      rowKey="eventId"
      size="small"
      pagination={false}
      loading={loading && overview === null}
      scroll={{ x: 'max-content' }}
      data-testid="latest-events"
      dataSource={overview?.latest ?? []}
      locale={{ emptyText: t('operator.tracking.noEvents') }}
      columns={[
        {
          key: 'time',
          title: t('operator.tracking.time'),
          render: (_value, row) => (
            <time dateTime={new Date(row.timestamp).toISOString()}>
              {formats.time(row.timestamp)}
            </time>
          ),
        },
        {
          key: 'type',
          title: t('operator.tracking.type'),
          render: (_value, row) => typeLabel(row.type),
        },
        {
          key: 'trackingId',
          title: t('operator.tracking.trackingId'),
          render: (_value, row) => <code>{row.eventTrackingId}</code>,
        },
        {
          key: 'page',
          title: t('operator.tracking.page'),
          render: (_value, row) => <span className={styles.wrap}>{row.page}</span>,
        },
        {
          key: 'uid',
          title: t('operator.tracking.uid'),
          render: (_value, row) => row.uid || t('operator.tracking.noUid'),
        },
        {
          key: 'deviceId',
          title: t('operator.tracking.deviceId'),
          render: (_value, row) => <code>{row.deviceId}</code>,
        },
      ]}
    />
  );
}
