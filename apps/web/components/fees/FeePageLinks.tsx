import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import styles from './fees.module.css';

/** The fee and VIP pages' links to each other, under the visitor's prefix. */
export function FeePageLinks({ links }: { links: readonly { path: string; label: string }[] }) {
  const { buildPath } = useShellState();
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.path}>
          <a href={buildPath(link.path)}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}
