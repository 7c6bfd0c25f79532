import { AntdScope } from '@exchange-web/react/antd/AntdScope';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { Alert, Button, Radio, Switch } from 'antd';
import Head from 'next/head';
import { useCallback, useMemo, useState } from 'react';
import { useAccountActions } from '../../components/account/useAccountActions';
import { eventTypeName } from '../../components/operator/chart-data';
import { LatestEventsTable, TopPagesTable } from '../../components/operator/EventTables';
import { trackingFormats } from '../../components/operator/formats';
import { TrackingCharts } from '../../components/operator/TrackingCharts';
import {
  OVERVIEW_WINDOWS,
  useTrackingOverview,
  type OverviewWindow,
} from '../../components/operator/useTrackingOverview';
import styles from '../../components/operator/tracking.module.css';
import { signedInPageProps, type AntdPageProps } from '../../lib/antd-page';

export const getServerSideProps = signedInPageProps('/operator/tracking');

const DEFAULT_WINDOW: OverviewWindow = 24;
const HOUR_MS = 3_600_000;

/**
 * What the behaviour tracking received (operators only): events per type and per page over the
 * chosen window, each web-vitals metric's distribution against its thresholds, the busiest pages,
 * the latest events, and the switch that turns event uploading on or off.
 */
export default function TrackingOverviewPage({ antdLocale }: AntdPageProps) {
  const { t, language, theme } = useShell();
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

  const windowLabels: Record<OverviewWindow, string> = {
    1: t('operator.tracking.lastHour'),
    24: t('operator.tracking.lastDay'),
    168: t('operator.tracking.lastWeek'),
  };
  const span = overview ? formats.range(overview.from, overview.to) : null;

  return (
    <AntdScope locale={antdLocale} language={language} theme={theme}>
      <Head>
        <title>{t('operator.tracking.title')}</title>
      </Head>
      <section className={styles.page} aria-labelledby="tracking-title" aria-busy={loading}>
        <h1 id="tracking-title">{t('operator.tracking.title')}</h1>
        <p className="auth-lead">{t('operator.tracking.lead')}</p>
        {forbidden ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="operators-only"
            title={t('operator.tracking.operatorsOnly')}
            description={t('operator.tracking.operatorsOnlyLead')}
          />
        ) : (
          <>
            <div className={styles.toolbar}>
              <span className={styles.toolbarGroup}>
                <span id="tracking-window-label">{t('operator.tracking.window')}</span>
                <Radio.Group
                  aria-labelledby="tracking-window-label"
                  optionType="button"
                  buttonStyle="solid"
                  value={hours}
                  onChange={(event) => setHours(event.target.value as OverviewWindow)}
                  options={OVERVIEW_WINDOWS.map((value) => ({
                    value,
                    label: windowLabels[value],
                  }))}
                />
              </span>
              <Button
                onClick={() => void reload()}
                loading={loading}
                data-testid="tracking-refresh"
              >
                {t('operator.tracking.refresh')}
              </Button>
              <span className={styles.toolbarGroup}>
                <span id="tracking-upload-label">{t('operator.tracking.uploadSwitch')}</span>
                <Switch
                  aria-labelledby="tracking-upload-label"
                  data-testid="tracking-upload-switch"
                  checked={overview?.uploadSwitch ?? false}
                  disabled={overview === null}
                  loading={actions.busy}
                  checkedChildren={t('operator.tracking.on')}
                  unCheckedChildren={t('operator.tracking.off')}
                  onChange={(on) => void switchUpload(on)}
                />
              </span>
            </div>
            <div className={styles.status}>
              {error ? (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  data-testid="tracking-error"
                  title={t(error)}
                  action={
                    <Button size="small" onClick={() => void reload()} loading={loading}>
                      {t('operator.tracking.retry')}
                    </Button>
                  }
                />
              ) : actions.error ? (
                <Alert type="error" showIcon role="alert" title={actions.error} />
              ) : actions.notice ? (
                <Alert type="success" showIcon role="status" title={actions.notice} />
              ) : (
                <p className="auth-lead" role="status">
                  {loading
                    ? t('operator.tracking.loading')
                    : overview
                      ? t('operator.tracking.updated', { time: formats.time(overview.to) })
                      : ''}
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
    </AntdScope>
  );
}
