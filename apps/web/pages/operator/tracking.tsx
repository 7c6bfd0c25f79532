import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import Head from 'next/head';
import { useCallback, useMemo, useState } from 'react';
import { useAccountActions } from '../../components/account/useAccountActions';
import { Button, Notice } from '../../components/form/controls';
import { eventTypeName } from '../../components/operator/chart-data';
import { LatestEventsTable, TopPagesTable } from '../../components/operator/EventTables';
import { trackingFormats } from '../../components/operator/formats';
import { TrackingCharts } from '../../components/operator/TrackingCharts';
import { TrackingToolbar } from '../../components/operator/TrackingToolbar';
import {
  useTrackingOverview,
  type OverviewWindow,
} from '../../components/operator/useTrackingOverview';
import styles from '../../components/operator/tracking.module.css';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps('/operator/tracking');

const DEFAULT_WINDOW: OverviewWindow = 24;
const HOUR_MS = 3_600_000;

/**
 * What the behaviour tracking received (operators only): events per type and per page over the
 * chosen window, each web-vitals metric's distribution against its thresholds, the busiest pages,
 * the latest events, and the switch that turns event uploading on or off. Plain controls, no
 * component library, so the page stays within a phone's first-load budget.
 */
export default function TrackingOverviewPage() {
  const { t, language, theme } = useShellState();
  const endpoints = useEndpointActions();
  const [hours, setHours] = useState<OverviewWindow>(DEFAULT_WINDOW);
  const { overview, loading, forbidden, error, reload } = useTrackingOverview(hours);
  const actions = useAccountActions();

  const formats = useMemo(
    () => trackingFormats(language, hours, overview?.bucketMs ?? HOUR_MS),
    [language, hours, overview?.bucketMs],
  );
  const typeLabel = useCallback(
    (type: number) => {
      const name = eventTypeName(type);
      return name
        ? t(`operator.tracking.types.${name}`)
        : t('operator.tracking.unknownType', { type: String(type) });
    },
    [t],
  );

  const switchUpload = (on: boolean) =>
    actions.act(
      async () => {
        await endpoints.call(Endpoints.trackingUploadSwitch, { on });
        await endpoints.invalidate(Endpoints.trackingOverview);
      },
      t(on ? 'operator.tracking.uploadTurnedOn' : 'operator.tracking.uploadTurnedOff'),
    );

  const span = overview ? formats.range(overview.from, overview.to) : null;

  return (
    <>
      <Head>
        <title>{t('operator.tracking.title')}</title>
      </Head>
      <section className={styles.page} aria-labelledby="tracking-title" aria-busy={loading}>
        <h1 id="tracking-title">{t('operator.tracking.title')}</h1>
        <p className="auth-lead">{t('operator.tracking.lead')}</p>
        {forbidden ? (
          // The error tone makes it an alert: it takes the page's place once the gateway refuses.
          <Notice tone="error" data-testid="operators-only">
            <strong className={styles.noticeTitle}>{t('operator.tracking.operatorsOnly')}</strong>
            {t('operator.tracking.operatorsOnlyLead')}
          </Notice>
        ) : (
          <>
            <TrackingToolbar
              t={t}
              hours={hours}
              onHoursChange={setHours}
              loading={loading}
              onRefresh={() => void reload()}
              uploading={overview ? overview.uploadSwitch : null}
              switching={actions.busy}
              onUploadChange={(on) => void switchUpload(on)}
            />
            <div className={styles.status}>
              {error ? (
                <Notice
                  tone="error"
                  data-testid="tracking-error"
                  action={
                    <Button size="small" onClick={() => void reload()} loading={loading}>
                      {t('operator.tracking.retry')}
                    </Button>
                  }
                >
                  {t(error)}
                </Notice>
              ) : actions.error ? (
                <Notice tone="error">{actions.error}</Notice>
              ) : actions.notice ? (
                <Notice tone="success">{actions.notice}</Notice>
              ) : (
                <p className="auth-lead" role="status">
                  {/* A new line of text per state: rewriting one in place can count as a layout
                      shift on a right-to-left page, where the text is anchored on its right. */}
                  <span key={loading ? 'loading' : overview ? 'updated' : 'idle'}>
                    {loading
                      ? t('operator.tracking.loading')
                      : overview
                        ? t('operator.tracking.updated', { time: formats.time(overview.to) })
                        : ''}
                  </span>
                </p>
              )}
            </div>
            <dl className="stat-cards">
              <div>
                <dt>{t('operator.tracking.total')}</dt>
                <dd data-testid="tracking-total" data-total={overview?.total}>
                  {overview ? formats.number(overview.total) : ''}
                </dd>
              </div>
              <div>
                <dt>{t('operator.tracking.window')}</dt>
                <dd className={styles.small}>{span ? t('operator.tracking.range', span) : ''}</dd>
              </div>
            </dl>
            <TrackingCharts
              overview={overview}
              t={t}
              theme={theme}
              formats={formats}
              typeLabel={typeLabel}
            />
            <h2>{t('operator.tracking.topPages')}</h2>
            <TopPagesTable
              overview={overview}
              loading={loading}
              t={t}
              formats={formats}
              typeLabel={typeLabel}
            />
            <h2>{t('operator.tracking.latest')}</h2>
            <LatestEventsTable
              overview={overview}
              loading={loading}
              t={t}
              formats={formats}
              typeLabel={typeLabel}
            />
          </>
        )}
      </section>
    </>
  );
}
