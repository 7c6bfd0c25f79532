import { Dec, text } from './decimal';

/**
 * A decimal as a whole number of units of 10^-places (`"0.025"` is 25 units of 10^-3). The market
 * model counts prices in ticks and sizes in steps as plain integers (exact below 2^53), and only
 * turns them into text or decimals for its answers.
 */
export interface ScaledDecimal {
  readonly units: number;
  readonly places: number;
}

/** The scaled form of a positive decimal string; throws if its units pass 2^53. */
export function scaledOf(value: string): ScaledDecimal {
  const decimal = new Dec(value);
  const places = text(decimal).split('.')[1]?.length ?? 0;
  const units = decimal.times(new Dec(10).pow(places)).toNumber();
  if (!Number.isSafeInteger(units) || units <= 0) {
    throw new Error(`${value} is not a positive decimal of at most 2^53 units`);
  }
  return { units, places };
}

/** `units` × 10^-`places` as text, like the decimals' `text`: no exponent, no trailing zeros. */
export function scaledText(units: number, places: number): string {
  const digits = String(Math.abs(units)).padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  const sign = units < 0 ? '-' : '';
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/**
 * ⌊numerator / denominator⌋ of two non-negative integers below 2^53, exactly: the float quotient
 * can round across a whole number, so it is checked by multiplying back.
 */
export function floorDivide(numerator: number, denominator: number): number {
  let quotient = Math.floor(numerator / denominator);
  if (quotient * denominator > numerator) quotient -= 1;
  else if ((quotient + 1) * denominator <= numerator) quotient += 1;
  return quotient;
}
