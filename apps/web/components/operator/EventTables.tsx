import type { Translate } from '@exchange-web/react/i18n/translator';
import type { TrackedEventSummary, TrackingOverviewReply } from '@exchange-web/protocol/schemas';
import { DataTable } from '../DataTable';
import type { TrackingFormats } from './formats';
import { PageOpened } from './PageOpened';

type TopPage = TrackingOverviewReply['topPages'][number];

export interface EventTablesProps {
  overview: TrackingOverviewReply | null;
  loading: boolean;
  t: Translate;
  formats: TrackingFormats;
  typeLabel(type: number): string;
}

/** The rows once the overview came; null (loading) only while it is still being asked for. */
const rowsOf = <Row,>(rows: readonly Row[] | undefined, loading: boolean) =>
  rows ?? (loading ? null : []);

/** The busiest pages of the window. */
export function TopPagesTable({ overview, loading, t, formats }: EventTablesProps) {
  return (
    <DataTable<TopPage>
      data-testid="top-pages"
      caption={t('operator.tracking.topPages')}
      rows={rowsOf(overview?.topPages, loading)}
      rowKey={(row) => row.page}
      loadingText={t('operator.tracking.loading')}
      emptyText={t('operator.tracking.noEvents')}
      columns={[
        {
          key: 'page',
          title: t('operator.tracking.page'),
          render: (row) => <PageOpened page={row.page} />,
        },
        {
          key: 'count',
          title: t('operator.tracking.events'),
          align: 'end',
          render: (row) => formats.number(row.count),
        },
      ]}
    />
  );
}

/** The latest events, newest first. */
export function LatestEventsTable({ overview, loading, t, formats, typeLabel }: EventTablesProps) {
  return (
    <DataTable<TrackedEventSummary>
      data-testid="latest-events"
      caption={t('operator.tracking.latest')}
      rows={rowsOf(overview?.latest, loading)}
      rowKey={(row) => row.eventId}
      loadingText={t('operator.tracking.loading')}
      emptyText={t('operator.tracking.noEvents')}
      columns={[
        {
          key: 'time',
          title: t('operator.tracking.time'),
          render: (row) => (
            <time dateTime={new Date(row.timestamp).toISOString()}>
              {formats.time(row.timestamp)}
            </time>
          ),
        },
        {
          key: 'type',
          title: t('operator.tracking.type'),
          render: (row) => typeLabel(row.type),
        },
        {
          key: 'trackingId',
          title: t('operator.tracking.trackingId'),
          render: (row) => <code>{row.eventTrackingId}</code>,
        },
        {
          key: 'page',
          title: t('operator.tracking.page'),
          render: (row) => <PageOpened page={row.page} />,
        },
        {
          key: 'uid',
          title: t('operator.tracking.uid'),
          render: (row) => row.uid || t('operator.tracking.noUid'),
        },
        {
          key: 'deviceId',
          title: t('operator.tracking.deviceId'),
          render: (row) => <code>{row.deviceId}</code>,
        },
      ]}
    />
  );
}
