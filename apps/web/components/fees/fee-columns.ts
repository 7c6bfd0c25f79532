import type { FeeProduct, FeeRates, VipLevel } from '@exchange-web/protocol/fees';
import type { Translate } from '@exchange-web/react/i18n/translator';
import type { DataColumn } from '../DataTable';
import type { TradingFormats } from '../trading/formats';

/** A product's rates at one level: a row of the account's own rates. */
export interface ProductRates extends FeeRates {
  product: FeeProduct;
}

/** The maker and taker columns of any row that has rates. */
export function rateColumns<Row extends FeeRates>(
  t: Translate,
  formats: TradingFormats,
): DataColumn<Row>[] {
  return [
    {
      key: 'maker',
      title: t('fees.columns.maker'),
      align: 'end',
      render: (row) => formats.share(row.maker),
    },
    {
      key: 'taker',
      title: t('fees.columns.taker'),
      align: 'end',
      render: (row) => formats.share(row.taker),
    },
  ];
}

/** The level column: "VIP 2". */
export const levelColumn = (t: Translate): DataColumn<Pick<VipLevel, 'level'>> => ({
  key: 'level',
  title: t('fees.columns.level'),
  render: (row) => t('fees.levelName', { level: row.level }),
});

/** One level's rates as rows, one per product. */
export const productRows = (rates: Record<FeeProduct, FeeRates>): ProductRates[] =>
  (Object.keys(rates) as FeeProduct[]).map((product) => ({ product, ...rates[product] }));
