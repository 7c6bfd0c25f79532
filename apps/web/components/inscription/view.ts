import type { Translate } from '@exchange-web/react/i18n/translator';
import { trendOf, type Fiat, type InscriptionFormats } from './formats';
import styles from './inscription.module.css';

/** What every inscription view renders with: the messages, the number formats and the currency. */
export interface InscriptionView {
  t: Translate;
  formats: InscriptionFormats;
  fiat: Fiat;
}

/** The class that colours a 24 h change up or down; none when it is flat. */
export const trendClass = (ratio: string): string | undefined => {
  const trend = trendOf(ratio);
  return trend === 'flat' ? undefined : styles[trend];
};
