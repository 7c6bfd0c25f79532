import type { ReactNode } from 'react';
import type { PageLinks } from '../lib/page-links';
import { SeoHead } from './inscription/SeoHead';
import styles from './InfoPage.module.css';

export interface InfoPageProps {
  title: string;
  /** The lead under the heading, and the page's meta description. */
  description: string;
  /** The page's canonical and hreflang links (lib/request-page-links.ts, on the server). */
  links: PageLinks;
  testId: string;
  children: ReactNode;
}

/**
 * The frame of the site's information pages: title, description, canonical and hreflang links in
 * the head, like the inscription pages; heading and lead in the page.
 */
export function InfoPage({ title, description, links, testId, children }: InfoPageProps) {
  return (
    <section className={styles.page} aria-labelledby="info-page-title" data-testid={testId}>
      <SeoHead seo={{ texts: null, links, noindex: false }} fallback={{ title, description }} />
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
