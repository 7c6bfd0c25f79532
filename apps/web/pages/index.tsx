import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { UsdtRatesTable } from '@exchange-web/react/UsdtRatesTable';
import { htmlLang } from '@exchange-web/client/language';
import type { UsdtRateReply } from '@exchange-web/protocol/schemas';
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { usdtRatesFor } from '../lib/shell-data';
import { shellRequestOf } from '../lib/shell-request';

type HomeProps = { rates: UsdtRateReply | null };

export const getServerSideProps: GetServerSideProps<HomeProps> = async (ctx) => {
  const { language } = shellRequestOf(ctx);
  try {
    return { props: { rates: await usdtRatesFor(ctx.req, language) } };
  } catch (error) {
    console.error('home: rates failed to load:', error);
    return { props: { rates: null } };
  }
};

const REFERENCE_AMOUNTS = [1, 100, 1_000];

/** The home page: USDT rates from the gateway, and USDT amounts in the visitor's currency. */
export default function Home({ rates }: HomeProps) {
  const { t, language, currency, formatFiat } = useShellState();
  const usdt = new Intl.NumberFormat(htmlLang(language));
  return (
    <>
      <Head>
        <title>{t('home.title')}</title>
        <meta name="description" content={t('home.description')} />
      </Head>
      <section className="home-hero">
        <h1>{t('home.headline')}</h1>
        <p>{t('home.lead')}</p>
      </section>
      <section aria-labelledby="in-currency" className="rates">
        <h2 id="in-currency">{t('home.priceIn', { currency: currency.selected.label })}</h2>
        <table data-testid="usdt-in-fiat">
          <tbody>
            {REFERENCE_AMOUNTS.map((amount) => (
              <tr key={amount}>
                <th scope="row">{usdt.format(amount)} USDT</th>
                <td>{formatFiat(amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="rates-title" className="rates">
        <h2 id="rates-title">{t('home.ratesTitle')}</h2>
        {rates ? (
          <UsdtRatesTable
            rates={rates}
            numberLocale={htmlLang(language)}
            labels={{ currency: t('home.ratesCurrency'), perUsdt: t('home.ratesPerUsdt') }}
          />
        ) : (
          <p role="alert" data-testid="rates-error">
            {t('home.ratesUnavailable')}
          </p>
        )}
      </section>
    </>
  );
}
