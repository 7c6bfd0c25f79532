import type { FeeRates, VipLevel } from '@exchange-web/protocol/fees';
import { FeePagePath } from '@exchange-web/protocol/paths';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo } from 'react';
import { DataTable } from '../DataTable';
import { InfoPage, InfoPageError } from '../InfoPage';
import { tradingFormats } from '../trading/formats';
import { levelColumn, rateColumns } from './fee-columns';
import type { FeePageProps } from './fee-page-props';
import { FeeLoginPrompt } from './FeeLoginPrompt';
import { FeePageLinks } from './FeePageLinks';
import styles from './fees.module.css';
import { useFeeLevel } from './useFeeLevel';

/** A level with one product's rates: a row of that product's table. */
type LevelRates = VipLevel & FeeRates;

/**
 * The fee schedule (SPEC 2 `fee`): maker and taker rates of spot, margin and futures at every VIP
 * level, as the gateway charges them, with the visitor's own level marked once it is known.
 */
export function FeeScheduleView({ schedule, links }: FeePageProps) {
  const { t, language, buildPath } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const own = useFeeLevel();
  const ownLevel = own.data?.level.level;
  const title = t('fees.title');
  const description = t('fees.description');
  const columns = [levelColumn(t), ...rateColumns<LevelRates>(t, formats)];

  return (
    <InfoPage title={title} description={description} links={links} testId="fee-page">
      {schedule === null ? (
        <InfoPageError>{t('fees.failed')}</InfoPageError>
      ) : (
        <>
          {own.session === 'anonymous' ? (
            <FeeLoginPrompt path={FeePagePath.schedule} />
          ) : ownLevel === undefined ? (
            // The line's place is kept while a signed-in visitor's level loads: the tables below
            // stay where they were painted (issue 18, CLS 0).
            <p className={styles.own} aria-hidden="true">
              {'\u00a0'}
            </p>
          ) : (
            <p className={styles.own} data-testid="fee-own-level">
              <a href={buildPath(FeePagePath.vipDetail)}>
                {t('fees.yourLevel', { level: ownLevel })}
              </a>
            </p>
          )}
          {schedule.products.map((product) => (
            <section key={product} aria-labelledby={`fees-${product}`} className={styles.tables}>
              <h2 id={`fees-${product}`}>{t(`fees.products.${product}`)}</h2>
              <DataTable
                columns={columns}
                rows={schedule.levels.map((level) => ({ ...level, ...level.rates[product] }))}
                rowKey={(level) => String(level.level)}
                rowData={(level) => ({
                  'data-level': String(level.level),
                  ...(level.level === ownLevel ? { 'data-own': 'true' } : {}),
                })}
                loadingText={t('fees.vip.loading')}
                emptyText={t('fees.failed')}
                caption={t('fees.tableCaption', { product: t(`fees.products.${product}`) })}
                data-testid={`fee-table-${product}`}
              />
            </section>
          ))}
          <h2>{t('fees.howTitle')}</h2>
          <p>{t('fees.how')}</p>
          <FeePageLinks
            links={[
              { path: FeePagePath.vipIntroduce, label: t('fees.vipLink') },
              { path: FeePagePath.vipDetail, label: t('fees.detailLink') },
            ]}
          />
        </>
      )}
    </InfoPage>
  );
}
