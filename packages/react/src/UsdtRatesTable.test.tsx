import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UsdtRatesTable } from './UsdtRatesTable';

const rates = {
  supported: [
    { name: 'USD', symbol: '$', value: 'USD' },
    { name: 'VND', symbol: '₫', value: 'VND' },
    { name: 'KRW', symbol: '₩', value: 'KRW' },
  ],
  rates: { usd: 1, vnd: 25400.5 },
};

describe('UsdtRatesTable', () => {
  it('renders one row per supported currency with the rate in the locale format', () => {
    const html = renderToStaticMarkup(
      <UsdtRatesTable
        rates={rates}
        numberLocale="de"
        labels={{ currency: 'Währung', perUsdt: '1 USDT =' }}
      />,
    );
    expect(html).toContain('<th scope="col">Währung</th>');
    expect(html).toContain('<td>1 USD</td>');
    expect(html).toContain('<td>25.400,5 VND</td>');
  });

  it('shows a dash for a currency the reply has no rate for', () => {
    const html = renderToStaticMarkup(
      <UsdtRatesTable rates={rates} labels={{ currency: 'Currency', perUsdt: '1 USDT =' }} />,
    );
    expect(html).toMatch(/data-currency="KRW">.*<td>—<\/td>/);
  });
});
