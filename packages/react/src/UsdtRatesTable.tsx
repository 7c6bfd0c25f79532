import type { UsdtRateReply } from '@exchange-web/protocol/schemas';

export interface UsdtRatesTableProps {
  rates: UsdtRateReply;
  /** BCP 47 locale for number formatting. @default 'en' */
  numberLocale?: string;
  /** Column headings, translated by the caller. */
  labels: { currency: string; perUsdt: string };
}

/** What one USDT is worth in each supported fiat currency, as the rate call answered it. */
export function UsdtRatesTable({ rates, numberLocale = 'en', labels }: UsdtRatesTableProps) {
  const format = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 4 });
  return (
    <table data-testid="usdt-rates">
      <thead>
        <tr>
          <th scope="col">{labels.currency}</th>
          <th scope="col">{labels.perUsdt}</th>
        </tr>
      </thead>
      <tbody>
        {rates.supported.map((currency) => {
          const rate = rates.rates[currency.value.toLowerCase()];
          return (
            <tr key={currency.value} data-currency={currency.value}>
              <th scope="row">
                {currency.name}
                <span className="symbol">{currency.symbol}</span>
              </th>
              <td>{rate === undefined ? '—' : `${format.format(rate)} ${currency.name}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
