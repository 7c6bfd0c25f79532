import { sitePagePath } from '@exchange-web/client/site-page-path';
import styles from './tracking.module.css';

/**
 * A page visitors reported, opened in a new window. The path is whatever a tracker sent, so the
 * link is the URL parser's reading of it as a page of this site; anything else (a script URL's
 * remains, another host) has no `href` and is no link.
 */
export function PageOpened({ page }: { page: string }) {
  return (
    <a
      href={sitePagePath(page) ?? undefined}
      target="_blank"
      rel="noopener"
      className={styles.wrap}
      data-page={page}
    >
      {page}
    </a>
  );
}
