import type { Translate } from '@exchange-web/react/i18n/translator';
import { PageLink } from '../PageLink';
import type { MouseEvent, ReactNode } from 'react';
import type { InscriptionFormats } from './formats';
import { lastPageOf, pageSlots } from './list-links';
import styles from './inscription.module.css';

export interface PaginationProps {
  /** What is paged, for the navigation's name ("Pages of Holders"). */
  name: string;
  pageNo: number;
  pageSize: number;
  total: number;
  /** The link to a page: it works without JavaScript. */
  hrefFor(page: number): string;
  /**
   * When set, a plain click loads the page in place (the token tables fetch later pages through
   * the API); without it the links navigate (the list is a page per URL).
   */
  onPage?: ((page: number) => void) | undefined;
  /** The list's page sizes, each a link. */
  pageSizes?: { sizes: readonly number[]; hrefFor(size: number): string } | undefined;
  t: Translate;
  formats: InscriptionFormats;
  testId: string;
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Page links of a table: previous, the first, the last and the pages around the current one,
 * next, and what rows are shown. The current page is marked `aria-current`.
 */
export function Pagination({
  name,
  pageNo,
  pageSize,
  total,
  hrefFor,
  onPage,
  pageSizes,
  t,
  formats,
  testId,
}: PaginationProps) {
  const last = lastPageOf(total, pageSize);
  const from = Math.min(total, (pageNo - 1) * pageSize + 1);
  const to = Math.min(total, pageNo * pageSize);
  const pageLink = (page: number, children: ReactNode, extra: Record<string, string> = {}) => {
    const onClick = onPage
      ? (event: MouseEvent) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          onPage(page);
        }
      : undefined;
    return onPage ? (
      <a href={hrefFor(page)} onClick={onClick} data-page={page} {...extra}>
        {children}
      </a>
    ) : (
      <PageLink href={hrefFor(page)} data-page={page} {...extra}>
        {children}
      </PageLink>
    );
  };
  const previous = Math.min(pageNo - 1, last);
  return (
    <nav
      className={styles.pagination}
      aria-label={t('inscription.pagination.label', { name })}
      data-testid={testId}
      data-page={pageNo}
      data-last={last}
    >
      <p className={styles.muted} data-testid={`${testId}-range`}>
        {total > 0 && from <= total
          ? t('inscription.pagination.range', {
              from: formats.count(from),
              to: formats.count(to),
              total: formats.count(total),
            })
          : '\u00a0'}
      </p>
      <ul className={styles.pages}>
        <li>
          {previous >= 1 ? (
            pageLink(previous, t('inscription.pagination.previous'), { rel: 'prev' })
          ) : (
            <span>{t('inscription.pagination.previous')}</span>
          )}
        </li>
        {pageSlots(pageNo, last).map((slot, index) =>
          slot === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              <span className={styles.gap}>…</span>
            </li>
          ) : (
            <li key={slot}>
              {pageLink(slot, formats.count(slot), {
                'aria-label': t('inscription.pagination.page', { page: formats.count(slot) }),
                ...(slot === pageNo ? { 'aria-current': 'page' } : {}),
              })}
            </li>
          ),
        )}
        <li>
          {pageNo < last ? (
            pageLink(pageNo + 1, t('inscription.pagination.next'), { rel: 'next' })
          ) : (
            <span>{t('inscription.pagination.next')}</span>
          )}
        </li>
      </ul>
      {pageSizes ? (
        <p className={styles.pageSizes}>
          <span id={`${testId}-sizes`}>{t('inscription.pagination.pageSize')}</span>
          {pageSizes.sizes.map((size) => (
            <PageLink
              key={size}
              href={pageSizes.hrefFor(size)}
              aria-current={size === pageSize ? 'true' : undefined}
              aria-label={t('inscription.pagination.pageSizeValue', { value: formats.count(size) })}
            >
              {formats.count(size)}
            </PageLink>
          ))}
        </p>
      ) : null}
    </nav>
  );
}
