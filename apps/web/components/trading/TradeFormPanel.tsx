import type { ReactNode } from 'react';
import styles from './trading.module.css';

export interface TradeFormPanelProps {
  /** The heading's id, which names the panel. */
  titleId: string;
  title: string;
  children?: ReactNode;
}

/**
 * The panel of a trading page's form, titled: the trader's order or position form, or a visitor's
 * prompt to log in, in the same place.
 */
export function TradeFormPanel({ titleId, title, children }: TradeFormPanelProps) {
  return (
    <section className={`${styles.panel} ${styles.form}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
