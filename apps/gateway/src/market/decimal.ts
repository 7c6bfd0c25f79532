import Decimal from 'decimal.js';

/**
 * The decimal type of every price, size and balance: 60 significant digits hold any product of
 * two `numeric(38, 18)` amounts exactly, and exponent notation never appears in what we print.
 * NOTE: never do money arithmetic on JavaScript numbers (README "Simulated market and trading").
 */
export const Dec = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 60,
});
export type Dec = InstanceType<typeof Dec>;

/** A decimal as a plain string without exponent or trailing zeros: `"65000.1"`, `"0"`. */
export const text = (value: Dec): string => {
  const fixed = value.toFixed();
  return fixed === '-0' ? '0' : fixed;
};

/** `value` rounded to a multiple of `step`, half up unless another mode is given. */
export const roundToStep = (
  value: Dec,
  step: Dec,
  rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP,
): Dec => value.dividedBy(step).toDecimalPlaces(0, rounding).times(step);

/** Whether `value` is a whole multiple of `step`. */
export const isMultipleOf = (value: Dec, step: Dec): boolean => value.modulo(step).isZero();
