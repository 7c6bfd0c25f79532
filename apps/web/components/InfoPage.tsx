import Head from 'next/head';
import type { ReactNode } from 'react';
import styles from './InfoPage.module.css';

export interface InfoPageProps {
  title: string;
  /** The lead under the heading, and the page's meta description. */
  description: string;
  testId: string;
  children: ReactNode;
}

/** The frame of the site's information pages: title, description, heading and lead. */
export function InfoPage({ title, description, testId, children }: InfoPageProps) {
  return (
    <section className={styles.page} aria-labelledby="info-page-title" data-testid={testId}>
      <Head>
        <title>{title}</title>
        <meta name="description" content={description} key="description" />
      </Head>
      <h1 id="info-page-title">{title}</h1>
      <p className={styles.lead}>{description}</p>
      {children}
    </section>
  );
}

/** A line saying that the page's data could not be loaded. */
export function InfoPageError({ children }: { children: ReactNode }) {
  return (
    <p className={styles.error} role="alert">
      {children}
    </p>
  );
}
