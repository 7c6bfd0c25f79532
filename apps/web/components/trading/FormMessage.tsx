import type { TradeMessage } from './useTradeAction';
import styles from './trading.module.css';

/** The outcome line under a trading form; its height is kept while empty. */
export function FormMessage({ message, testId }: { message: TradeMessage | null; testId: string }) {
  return (
    <div className={styles.message} aria-live="polite">
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? styles.error : styles.success}
          data-testid={testId}
          data-kind={message.kind}
          data-code={message.code ?? ''}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
