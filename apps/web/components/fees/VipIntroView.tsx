import type { VipLevel } from '@exchange-web/protocol/fees';
import { FeePagePath } from '@exchange-web/protocol/paths';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { InfoPage, InfoPageError } from '../InfoPage';
import { tradingFormats } from '../trading/formats';
import { levelColumn } from './fee-columns';
import type { FeePageProps } from './fee-page-props';
import { FeePageLinks } from './FeePageLinks';

/**
 * The VIP programme (SPEC 2 `vip/vipIntroduce`): how a level is reached, how often it is
 * recomputed, and each level's thresholds and headline rates, from the gateway's schedule.
 */
export function VipIntroView({ schedule, links }: FeePageProps) {
  const { t, language } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const title = t('fees.vip.introTitle');
  const description = t('fees.vip.introDescription');
  // A threshold reads as a figure, left to right, in Arabic too (≥ would mirror to ≤ in RTL).
  const atLeast = (amount: string) => (
    <span dir="ltr">{t('fees.atLeast', { amount: formats.amount(amount, 0) })}</span>
  );
  const columns: DataColumn<VipLevel>[] = [
    levelColumn(t),
    {
      key: 'volume',
      title: t('fees.columns.volume'),
      align: 'end',
      render: (level) => atLeast(level.minVolumeUsdt),
    },
    {
      key: 'assets',
      title: t('fees.columns.assets'),
      align: 'end',
      render: (level) => atLeast(level.minAssetsUsdt),
    },
    {
      key: 'spot',
      title: t('fees.columns.spotTaker'),
      align: 'end',
      render: (level) => formats.share(level.rates.spot.taker),
    },
    {
      key: 'futures',
      title: t('fees.columns.futuresTaker'),
      align: 'end',
      render: (level) => formats.share(level.rates.futures.taker),
    },
  ];

  return (
    <InfoPage title={title} description={description} links={links} testId="vip-intro-page">
      <h2>{t('fees.vip.ruleTitle')}</h2>
      <p>{t('fees.vip.rule')}</p>
      <h2>{t('fees.vip.levelsTitle')}</h2>
      {schedule === null ? (
        <InfoPageError>{t('fees.failed')}</InfoPageError>
      ) : (
        <DataTable
          columns={columns}
          rows={schedule.levels}
          rowKey={(level) => String(level.level)}
          rowData={(level) => ({ 'data-level': String(level.level) })}
          loadingText={t('fees.vip.loading')}
          emptyText={t('fees.failed')}
          caption={t('fees.vip.levelsTitle')}
          data-testid="vip-levels"
        />
      )}
      <FeePageLinks
        links={[
          { path: FeePagePath.vipDetail, label: t('fees.detailLink') },
          { path: FeePagePath.schedule, label: t('fees.scheduleLink') },
        ]}
      />
    </InfoPage>
  );
}
