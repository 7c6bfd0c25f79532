import { Img } from '@exchange-web/react/images/Img';
import type { CoinIcons } from './useCoinIcons';
import styles from './trading.module.css';

/**
 * A coin's icon from the coin icons call, on the chosen image domain with its fallback (Img).
 * Decorative (empty alt): the coin's name is always written beside it. Until the call answers, a
 * blank disc of the icon's size holds its place, so the name beside it never moves (CLS 0).
 */
export function CoinIcon({ coin, icons }: { coin: string; icons: CoinIcons }) {
  const src = icons.get(coin);
  if (src === undefined)
    return <span className={`${styles.coinIcon} ${styles.coinIconPending}`} aria-hidden="true" />;
  return (
    <Img
      src={src}
      alt=""
      width={16}
      height={16}
      className={styles.coinIcon}
      data-coin-icon={coin}
      // The URL as the request client returned it (before Img's rewrite), for the e2e checks.
      data-icon-url={src}
      decoding="async"
    />
  );
}
