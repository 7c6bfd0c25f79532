/**
 * Trading fees and VIP levels (SPEC 2 lists `fee`, `vip/detail` and `vip/vipIntroduce` without
 * their screens: the schedule, the rule and every name here are ours, README "Fees and VIP
 * levels"). The gateway serves the schedule from its database and charges it on every fill; an
 * account's level is recomputed once a day from its last 30 days of volume and its assets.
 *
 * Rates are fractions of the fill's notional as decimal strings (`"0.001"` is 0.1 %), paid in USDT.
 */
import Big from 'big.js';

export { FeePath } from './feature-paths';

/** The products a fee is charged on, each with its own maker and taker rates. */
export const FEE_PRODUCTS = ['spot', 'margin', 'futures'] as const;
export type FeeProduct = (typeof FEE_PRODUCTS)[number];

/**
 * Who a fill's price came from: a taker fills at once against the book (a market order, a limit
 * order at or through the book, a position opened or closed at market), a maker's resting order is
 * filled later by the price reaching it.
 */
export type Liquidity = 'maker' | 'taker';

/** The days of trading an account's volume sums. */
export const FEE_VOLUME_DAYS = 30;

export interface FeeRates {
  maker: string;
  taker: string;
}

/** One VIP level: reached by its 30-day volume or its assets (either), and its rates. */
export interface VipLevel {
  level: number;
  /** USDT traded over the last {@link FEE_VOLUME_DAYS} days, every product together. */
  minVolumeUsdt: string;
  /** USDT value of the account's spot holdings when the level is computed. */
  minAssetsUsdt: string;
  rates: Record<FeeProduct, FeeRates>;
}

/** How far an account is from the next level: what each way still needs, and the nearer share. */
export interface NextLevelProgress {
  level: number;
  minVolumeUsdt: string;
  minAssetsUsdt: string;
  /** USDT of volume still needed ("0" when reached). */
  volumeNeeded: string;
  /** USDT of assets still needed ("0" when reached). */
  assetsNeeded: string;
  /** The larger of volume ÷ its threshold and assets ÷ its threshold, 0 to 1, 4 places down. */
  progress: string;
}

/** An account's level as the gateway computed it on `computedAt`'s day (UTC). */
export interface AccountFeeLevel {
  account: 'real' | 'paper';
  level: number;
  volume30d: string;
  assetsUsdt: string;
  /** When the level was computed (ms); it is computed again on the next UTC day. */
  computedAt: number;
  rates: Record<FeeProduct, FeeRates>;
  /** Null at the highest level. */
  next: NextLevelProgress | null;
}

const reaches = (value: string, threshold: string) => new Big(value).gte(threshold);

/**
 * The level an account's volume and assets reach: the highest whose volume threshold or assets
 * threshold is met (either is enough, as exchanges that count assets do). Level order is the
 * schedule's `level` number; a schedule without a level 0 still answers its lowest level.
 * @example levelFor(schedule, '1200000', '0') // 1 with the default schedule
 */
export function levelFor(schedule: readonly VipLevel[], volume: string, assets: string): VipLevel {
  const sorted = [...schedule].sort((a, b) => a.level - b.level);
  const lowest = sorted[0];
  if (!lowest) throw new Error('a fee schedule needs at least one level');
  let reached = lowest;
  for (const candidate of sorted) {
    if (reaches(volume, candidate.minVolumeUsdt) || reaches(assets, candidate.minAssetsUsdt)) {
      reached = candidate;
    }
  }
  return reached;
}

const needed = (value: string, threshold: string) => {
  const short = new Big(threshold).minus(value);
  return short.gt(0) ? short.toFixed() : '0';
};

/** A share of a threshold, 0 to 1 (a zero threshold is reached). */
const shareOf = (value: string, threshold: string) =>
  new Big(threshold).eq(0) ? new Big(1) : new Big(value).div(threshold);

/** How far `volume` and `assets` are from the level after `current`; null at the top. */
export function nextLevelProgress(
  schedule: readonly VipLevel[],
  current: number,
  volume: string,
  assets: string,
): NextLevelProgress | null {
  const next = [...schedule]
    .sort((a, b) => a.level - b.level)
    .find((candidate) => candidate.level > current);
  if (!next) return null;
  const volumeShare = shareOf(volume, next.minVolumeUsdt);
  const assetsShare = shareOf(assets, next.minAssetsUsdt);
  const larger = volumeShare.gt(assetsShare) ? volumeShare : assetsShare;
  const capped = larger.gt(1) ? new Big(1) : larger;
  return {
    level: next.level,
    minVolumeUsdt: next.minVolumeUsdt,
    minAssetsUsdt: next.minAssetsUsdt,
    volumeNeeded: needed(volume, next.minVolumeUsdt),
    assetsNeeded: needed(assets, next.minAssetsUsdt),
    progress: capped.round(4, Big.roundDown).toFixed(),
  };
}

/** A rate as a percentage for people: `"0.001"` → `"0.1"`, `"0.00025"` → `"0.025"`. */
export const ratePercent = (rate: string): string => new Big(rate).times(100).toFixed();
