import { divide as divideText } from '@exchange-web/protocol/trading-rules';
import Big from 'big.js';

/**
 * The decimal type of every price, size and balance: big.js, the library of the shared trading
 * rules (`@exchange-web/protocol/trading-rules`) and of the site. Sums, differences and products
 * are exact at any length; a quotient goes through {@link divide}, rounded once where it is made.
 * NOTE: never do money arithmetic on JavaScript numbers (README "Simulated market and trading").
 */
export const Dec = Big;
export type Dec = Big;

/** A decimal as a plain string without exponent or trailing zeros: `"65000.1"`, `"0"`. */
export const text = (value: Dec): string => value.toFixed();

/** The larger of two decimals. */
export const maxOf = (a: Dec, b: Dec): Dec => (a.gte(b) ? a : b);

/** `dividend ÷ divisor` rounded once to `places` places, half up unless another mode is given. */
export const divide = (
  dividend: Dec,
  divisor: Dec | number,
  places: number,
  rounding: Big.RoundingMode = Big.roundHalfUp,
): Dec =>
  new Dec(
    divideText(
      text(dividend),
      typeof divisor === 'number' ? divisor : text(divisor),
      places,
      rounding,
    ),
  );
