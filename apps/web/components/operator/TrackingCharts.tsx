import type { Translate } from '@exchange-web/react/i18n/translator';
import type { Theme } from '@exchange-web/protocol/registry';
import { webVitalsThresholds, type WebVitalName } from '@exchange-web/protocol/registry';
import type { TrackingOverviewReply, WebVitalRating } from '@exchange-web/protocol/schemas';
import { useMemo } from 'react';
import { ChartFigure } from './ChartFigure';
import { byPageSeries, byTypeSeries, vitalSeries } from './chart-data';
import type { TrackingFormats } from './formats';
import styles from './tracking.module.css';

const VITAL_NAMES = Object.keys(webVitalsThresholds) as WebVitalName[];

export interface TrackingChartsProps {
  overview: TrackingOverviewReply | null;
  t: Translate;
  theme: Theme;
  formats: TrackingFormats;
  /** The translated name of an event type number. */
  typeLabel(type: number): string;
}

/** The charts of the overview: events per type, events per page, and each web-vitals metric. */
export function TrackingCharts({ overview, t, theme, formats, typeLabel }: TrackingChartsProps) {
  const { rtl, number, bucket, range } = formats;
  const shared = { rtl, formatNumber: number };

  const byType = useMemo(
    () => (overview ? byTypeSeries(overview, bucket, typeLabel, theme) : null),
    [overview, bucket, typeLabel, theme],
  );
  const byPage = useMemo(
    () =>
      overview ? byPageSeries(overview, bucket, t('operator.tracking.otherPages'), theme) : null,
    [overview, bucket, t, theme],
  );
  const vitals = useMemo(
    () =>
      VITAL_NAMES.map((name) => {
        const summary = overview?.webVitals.find((entry) => entry.name === name);
        const { good, poor } = webVitalsThresholds[name];
        const value = (amount: number) => formats.vital(name, amount);
        const ratingLabel = (rating: WebVitalRating) =>
          rating === 'good'
            ? t('operator.tracking.ratingGood', { value: value(good) })
            : rating === 'poor'
              ? t('operator.tracking.ratingPoor', { value: value(poor) })
              : t('operator.tracking.ratingNeedsImprovement', {
                  good: value(good),
                  poor: value(poor),
                });
        const series = summary
          ? vitalSeries(
              summary,
              (upTo) => t('operator.tracking.upTo', { value: value(upTo) }),
              ratingLabel,
              theme,
            )
          : null;
        return { name, summary, series, good: value(good), poor: value(poor), value };
      }),
    [overview, formats, t, theme],
  );

  const span = overview ? range(overview.from, overview.to) : { from: '', to: '' };
  const total = overview ? number(overview.total) : '';

  return (
    <>
      <div className={styles.charts}>
        <ChartFigure
          {...shared}
          testId="chart-by-type"
          title={t('operator.tracking.byTypeTitle')}
          description={t('operator.tracking.byTypeDescription', { ...span, total })}
          categoryHeading={t('operator.tracking.time')}
          tableLabel={t('operator.tracking.showTable')}
          series={byType}
        />
        <ChartFigure
          {...shared}
          testId="chart-by-page"
          title={t('operator.tracking.byPageTitle')}
          description={t('operator.tracking.byPageDescription', { ...span, total })}
          categoryHeading={t('operator.tracking.time')}
          tableLabel={t('operator.tracking.showTable')}
          series={byPage}
        />
      </div>
      <h2 id="web-vitals-title">{t('operator.tracking.webVitalsTitle')}</h2>
      <p className="auth-lead">{t('operator.tracking.webVitalsLead')}</p>
      <div className={styles.vitals} aria-labelledby="web-vitals-title" role="group">
        {vitals.map(({ name, summary, series, good, poor, value }) => {
          const samples = summary ? number(summary.samples) : '';
          const p75 =
            summary?.p75 === null || summary?.p75 === undefined
              ? t('operator.tracking.noValue')
              : value(summary.p75);
          return (
            <ChartFigure
              {...shared}
              key={name}
              size="small"
              testId={`chart-vital-${name}`}
              title={t('operator.tracking.vitalTitle', {
                name,
                metric: t(`operator.tracking.vitals.${name}`),
              })}
              caption={
                summary ? (
                  <>
                    <span data-testid={`vital-samples-${name}`} data-samples={summary.samples}>
                      {t('operator.tracking.samples', { value: samples })}
                    </span>{' '}
                    <span>{t('operator.tracking.p75', { value: p75 })}</span>{' '}
                    <span>{t('operator.tracking.thresholds', { good, poor })}</span>
                  </>
                ) : null
              }
              description={t('operator.tracking.vitalDescription', {
                name,
                samples,
                p75,
                good,
                poor,
              })}
              categoryHeading={t('operator.tracking.valuesUpTo')}
              tableLabel={t('operator.tracking.showTable')}
              series={series}
            />
          );
        })}
      </div>
    </>
  );
}
