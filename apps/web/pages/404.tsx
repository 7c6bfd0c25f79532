import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import Head from 'next/head';

export default function NotFound() {
  const { t, buildPath } = useShellState();
  return (
    <section className="not-found">
      <Head>
        <title>{t('errors.notFoundTitle')}</title>
      </Head>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFound')}</p>
      <a href={buildPath('/')}>{t('errors.backHome')}</a>
    </section>
  );
}
