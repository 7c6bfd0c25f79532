import { COPY_MARKETS, COPY_PERIODS, COPY_SORTS } from '@exchange-web/protocol/copy-trading';
import { CopyPagePath } from '@exchange-web/protocol/paths';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import type { DiscoveryPageProps } from './copy-page-props';
import { CopyFrame } from './CopyFrame';
import { LeadTable } from './LeadTable';
import styles from './copy.module.css';

/**
 * The lead traders of the real market (SPEC 1 "copy trading"): sorted and filtered by a form that
 * works without script, the list rendered on the server.
 */
export function CopyDiscovery({ query, leads }: DiscoveryPageProps) {
  const { t, buildPath } = useShellState();
  return (
    <CopyFrame
      section="discovery"
      title={t('copy.title')}
      lead={t('copy.description')}
      testId="copy-discovery"
    >
      <form method="get" action={buildPath(CopyPagePath.discovery)} data-testid="copy-filters">
        <fieldset className={styles.filters}>
          <legend className="visually-hidden">{t('copy.filters.label')}</legend>
          <label>
            {t('copy.filters.period')}
            <select name="period" defaultValue={String(query.period)} data-testid="copy-period">
              {COPY_PERIODS.map((days) => (
                <option key={days} value={days}>
                  {t('copy.filters.days', { days })}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('copy.filters.sort')}
            <select name="sort" defaultValue={query.sort} data-testid="copy-sort">
              {COPY_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`copy.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('copy.filters.market')}
            <select name="market" defaultValue={query.market ?? ''} data-testid="copy-market">
              <option value="">{t('copy.filters.allMarkets')}</option>
              {COPY_MARKETS.map((market) => (
                <option key={market} value={market}>
                  {t(`copy.markets.${market}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={styles.button}>
            {t('copy.filters.apply')}
          </button>
        </fieldset>
      </form>
      {leads === null ? (
        <p className={styles.error} role="alert">
          {t('copy.failed')}
        </p>
      ) : (
        <LeadTable
          leads={leads.leads}
          linked
          caption={t('copy.sections.discovery')}
          testId="copy-leads"
        />
      )}
    </CopyFrame>
  );
}
