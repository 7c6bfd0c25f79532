import { TradeCode } from '@exchange-web/protocol/trading';
import {
  checkBorrow,
  checkRepay,
  checkTransferOut,
  type MarginHolding,
  type Refusal,
} from '@exchange-web/protocol/trading-rules';
import { text, type Dec } from '../market/decimal';

/** What a transfer, borrow or repay is judged against, as the engine holds it locked. */
export interface MarginActionState {
  /** The coins the account holds (cross: every market coin; isolated: the pair's two). */
  coins: readonly string[];
  /** Its holdings with their prices now, for the shared rules. */
  holdings: readonly MarginHolding[];
  /** The spot balance of the coin, for a transfer in. */
  spotAvailable: Dec;
  /** The coins that can be borrowed, by their hourly rate. */
  hourlyRates: Readonly<Record<string, string>>;
  marginCall: string;
}

export type MarginAction = 'transferIn' | 'transferOut' | 'borrow' | 'repay';

/**
 * The refusal of a margin action, or null (README "Margin", rules): 43016 a coin the account does
 * not hold; a transfer in past the spot balance 43001; a transfer out past what is held 43001 or
 * to the margin call 43015; a borrow of a coin without a rate, or past what the collateral allows,
 * 43013; a repay past what is owed 43014, or past what is held 43001.
 */
export function marginActionRefusal(
  state: MarginActionState,
  action: MarginAction,
  coin: string,
  amount: Dec,
): Refusal | null {
  if (!state.coins.includes(coin)) {
    return {
      code: TradeCode.coinNotInMarginAccount,
      message: `coin: this margin account holds ${state.coins.join(', ')} only`,
    };
  }
  const value = text(amount);
  switch (action) {
    case 'transferIn':
      return amount.gt(state.spotAvailable)
        ? {
            code: TradeCode.insufficientBalance,
            message: `insufficient ${coin}: ${value} needed, ${text(state.spotAvailable)} available`,
          }
        : null;
    case 'transferOut':
      return checkTransferOut(state.holdings, coin, value, state.marginCall);
    case 'borrow':
      return state.hourlyRates[coin] === undefined
        ? { code: TradeCode.overBorrow, message: `coin: ${coin} cannot be borrowed` }
        : checkBorrow(state.holdings, coin, value);
    case 'repay':
      return checkRepay(state.holdings, coin, value);
  }
}
