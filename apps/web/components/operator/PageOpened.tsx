import { SafeLink } from '@exchange-web/react/security/SafeLink';
import styles from './tracking.module.css';

/**
 * A page visitors reported, opened in a new window. The path is whatever a tracker sent, so it
 * goes through SafeLink: one that is no path of a page (a script URL's remains) is no link.
 */
export function PageOpened({ page }: { page: string }) {
  return (
    <SafeLink href={page} target="_blank" className={styles.wrap} data-page={page}>
      {page}
    </SafeLink>
  );
}
