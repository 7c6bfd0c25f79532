import { PageLink } from './PageLink';
import styles from './SectionNav.module.css';

export interface SectionNavItem {
  key: string;
  href: string;
  label: string;
}

/** The links between the pages of one section (the asset accounts, the records), the current one marked. */
export function SectionNav({
  label,
  items,
  current,
}: {
  label: string;
  items: readonly SectionNavItem[];
  current: string;
}) {
  return (
    <nav aria-label={label}>
      <div className={styles.nav}>
        {items.map((item) => (
          <PageLink
            key={item.key}
            href={item.href}
            aria-current={item.key === current ? 'page' : undefined}
          >
            {item.label}
          </PageLink>
        ))}
      </div>
    </nav>
  );
}
