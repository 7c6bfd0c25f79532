import { FeePagePath } from '@exchange-web/protocol/paths';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useSimulation } from '@exchange-web/react/simulation/SimulationProvider';
import { useMemo } from 'react';
import { DataTable } from '../DataTable';
import { InfoPage, InfoPageError } from '../InfoPage';
import { tradingFormats } from '../trading/formats';
import { productRows, rateColumns, type ProductRates } from './fee-columns';
import type { FeePageProps } from './fee-page-props';
import { FeeLoginPrompt } from './FeeLoginPrompt';
import { FeePageLinks } from './FeePageLinks';
import styles from './fees.module.css';
import { useFeeLevel } from './useFeeLevel';

/**
 * The visitor's own VIP level (SPEC 2 `vip/detail`): level, 30-day volume, assets, the rates they
 * pay and how far the next level is, for the account in use (paper while simulation is on). The
 * level is the gateway's, computed once a UTC day.
 */
export function VipDetailView({ links }: FeePageProps) {
  const { t, language } = useShellState();
  const simulation = useSimulation().on;
  const formats = useMemo(() => tradingFormats(language), [language]);
  const own = useFeeLevel();
  const level = own.data?.level;
  const title = t('fees.vip.detailTitle');
  const description = t('fees.vip.detailDescription');
  const columns = [
    {
      key: 'product',
      title: t('fees.columns.product'),
      render: (row: ProductRates) => t(`fees.products.${row.product}`),
    },
    ...rateColumns<ProductRates>(t, formats),
  ];

  const body = () => {
    if (own.session === 'anonymous') return <FeeLoginPrompt path={FeePagePath.vipDetail} />;
    if (own.error && !level) return <InfoPageError>{t('fees.vip.failed')}</InfoPageError>;
    if (!level) return <p aria-busy="true">{t('fees.vip.loading')}</p>;
    const next = level.next;
    return (
      <div data-testid="vip-level" data-level={level.level} data-account={level.account}>
        <dl className="stat-cards">
          <div>
            <dt>{t('fees.vip.level')}</dt>
            <dd data-testid="vip-level-name">{t('fees.levelName', { level: level.level })}</dd>
          </div>
          <div>
            <dt>{t('fees.vip.volume')}</dt>
            <dd data-testid="vip-volume">{`${formats.amount(level.volume30d, 2)} USDT`}</dd>
          </div>
          <div>
            <dt>{t('fees.vip.assets')}</dt>
            <dd data-testid="vip-assets">{`${formats.amount(level.assetsUsdt, 2)} USDT`}</dd>
          </div>
          <div>
            <dt>{t('fees.vip.account')}</dt>
            <dd>{t(level.account === 'paper' ? 'fees.vip.paper' : 'fees.vip.real')}</dd>
          </div>
        </dl>
        <p className={styles.note}>
          {t('fees.vip.computedAt', { date: formats.date(level.computedAt) })}
        </p>
        {simulation ? <p className={styles.note}>{t('fees.vip.simulationNote')}</p> : null}
        <h2 id="vip-next">
          {next ? t('fees.vip.nextTitle', { level: next.level }) : t('fees.vip.top')}
        </h2>
        {next ? (
          <div data-testid="vip-next" data-progress={next.progress}>
            <progress
              className={styles.progress}
              max={1}
              value={Number(next.progress)}
              aria-label={t('fees.vip.progressLabel', { level: next.level })}
            >
              {formats.share(next.progress)}
            </progress>
            <p className={styles.needed}>
              {t('fees.vip.volumeNeeded', { amount: formats.amount(next.volumeNeeded, 2) })}
            </p>
            <p className={styles.needed}>
              {t('fees.vip.assetsNeeded', { amount: formats.amount(next.assetsNeeded, 2) })}
            </p>
          </div>
        ) : null}
        <h2>{t('fees.yourRates')}</h2>
        <DataTable
          columns={columns}
          rows={productRows(level.rates)}
          rowKey={(row) => row.product}
          rowData={(row) => ({ 'data-product': row.product })}
          loadingText={t('fees.vip.loading')}
          emptyText={t('fees.vip.failed')}
          caption={t('fees.yourRates')}
          data-testid="vip-rates"
        />
      </div>
    );
  };

  return (
    <InfoPage title={title} description={description} links={links} testId="vip-detail-page">
      {/* Above the level, which loads after the first paint: the links stay where they were painted
          (issue 18, CLS 0). */}
      <FeePageLinks
        links={[
          { path: FeePagePath.vipIntroduce, label: t('fees.vipLink') },
          { path: FeePagePath.schedule, label: t('fees.scheduleLink') },
        ]}
      />
      {body()}
    </InfoPage>
  );
}
