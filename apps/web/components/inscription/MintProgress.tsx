import type { Translate } from '@exchange-web/react/i18n/translator';
import { progressPercent, type InscriptionFormats } from './formats';
import styles from './inscription.module.css';

/** How much of a token's supply is minted: a progress bar people and screen readers can read. */
export function MintProgress({
  ticker,
  ratio,
  t,
  formats,
}: {
  ticker: string;
  ratio: string;
  t: Translate;
  formats: InscriptionFormats;
}) {
  const percent = progressPercent(ratio);
  const text = formats.share(ratio);
  return (
    <span className={`${styles.progress} ${percent >= 100 ? styles.progressDone : ''}`}>
      <span
        className={styles.progressTrack}
        role="progressbar"
        aria-label={t('inscription.progress.label', { ticker })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('inscription.progress.minted', { percent: text })}
      >
        <span className={styles.progressFill} style={{ inlineSize: `${percent}%` }} />
      </span>
      <span className={styles.progressText} aria-hidden="true">
        {text}
      </span>
    </span>
  );
}
