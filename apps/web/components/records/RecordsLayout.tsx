import { RecordPagePath } from '@exchange-web/protocol/paths';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import Head from 'next/head';
import type { ReactNode } from 'react';
import { SectionNav } from '../SectionNav';
import styles from './records.module.css';

/** The order and record pages, as the nav lists them. */
export type RecordsSection = 'orders' | 'spotTrades' | 'marginRecords';

const SECTION_PATHS: Record<RecordsSection, string> = {
  orders: RecordPagePath.orders,
  spotTrades: RecordPagePath.spotTrades,
  marginRecords: RecordPagePath.marginRecords,
};

export interface RecordsLayoutProps {
  /** The section the page belongs to, marked current in the nav. */
  section: RecordsSection;
  /** The page's heading and title. */
  title: string;
  testId: string;
  children: ReactNode;
}

/** The frame of the order and record pages: title, heading and the nav between them. */
export function RecordsLayout({ section, title, testId, children }: RecordsLayoutProps) {
  const { t } = useShellState();
  return (
    <>
      <Head>
        <title>{title}</title>
      </Head>
      <section className={styles.page} aria-labelledby="records-title" data-testid={testId}>
        <h1 id="records-title">{title}</h1>
        <SectionNav
          label={t('records.nav')}
          items={(Object.keys(SECTION_PATHS) as RecordsSection[]).map((key) => ({
            key,
            href: SECTION_PATHS[key],
            label: t(`records.sections.${key}`),
          }))}
          current={section}
        />
        {children}
      </section>
    </>
  );
}

export interface PagerProps {
  page: number;
  hasMore: boolean;
  onPage(page: number): void;
}

/** Previous and next page of a record list, and which page is shown. */
export function Pager({ page, hasMore, onPage }: PagerProps) {
  const { t } = useShellState();
  if (page === 0 && !hasMore) return null;
  return (
    <nav className={styles.pager} aria-label={t('records.pager.label')} data-testid="pager">
      <button
        type="button"
        className={styles.button}
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        {t('records.pager.previous')}
      </button>
      <span aria-live="polite" data-testid="pager-page">
        {t('records.pager.page', { page: page + 1 })}
      </span>
      <button
        type="button"
        className={styles.button}
        disabled={!hasMore}
        onClick={() => onPage(page + 1)}
      >
        {t('records.pager.next')}
      </button>
    </nav>
  );
}
