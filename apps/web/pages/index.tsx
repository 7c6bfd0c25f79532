import { UsdtRatesTable } from '@exchange-web/react/UsdtRatesTable';
import type { UsdtRateReply } from '@exchange-web/protocol/schemas';
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { loadUsdtRates } from '../lib/rates';

type HomeProps = { rates: UsdtRateReply; error: null } | { rates: null; error: string };

export const getServerSideProps: GetServerSideProps<HomeProps> = async () => {
  try {
    return { props: { rates: await loadUsdtRates('en'), error: null } };
  } catch (error) {
    return {
      props: { rates: null, error: error instanceof Error ? error.message : String(error) },
    };
  }
};

/** The home page: what one USDT is worth in each fiat currency the exchange quotes. */
export default function Home(props: HomeProps) {
  return (
    <>
      <Head>
        <title>exchange-web: spot, futures, margin and copy trading</title>
      </Head>
      <section className="home-hero">
        <h1>Trade crypto with confidence</h1>
        <p>Spot, futures, margin and copy trading, with simulated trading to practise first.</p>
      </section>
      <section aria-labelledby="rates-title" className="rates">
        <h2 id="rates-title">USDT exchange rates</h2>
        {props.rates ? (
          <UsdtRatesTable
            rates={props.rates}
            labels={{ currency: 'Currency', perUsdt: '1 USDT =' }}
          />
        ) : (
          <p role="alert" data-testid="rates-error">
            Rates are unavailable right now ({props.error}).
          </p>
        )}
      </section>
    </>
  );
}
