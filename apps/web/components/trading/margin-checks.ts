import { TradeCode } from '@exchange-web/protocol/trading';
import { checkBorrow, checkRepay, checkTransferOut } from '@exchange-web/protocol/trading-rules';
import type { MarginAccount } from '@exchange-web/protocol/trading-schemas';
import Big from 'big.js';

/** What the margin account form does. */
export type MarginFormAction = 'transferIn' | 'transferOut' | 'borrow' | 'repay';

/**
 * The refusal the gateway would answer for a transfer, borrow or repay, judged before sending on
 * the account as last read (its coins, holdings, prices and rates) by the shared rules, or null;
 * the gateway judges again on the account as it stands. A transfer in is judged only when the
 * spot balance of the coin is known (`spotAvailable` null: the gateway decides).
 */
export function marginActionCheck(
  account: MarginAccount,
  action: MarginFormAction,
  coin: string,
  amount: string,
  spotAvailable: string | null,
): TradeCode | null {
  const holding = account.holdings.find((entry) => entry.coin === coin);
  if (!holding) return TradeCode.coinNotInMarginAccount;
  switch (action) {
    case 'transferIn':
      return spotAvailable !== null && new Big(amount).gt(spotAvailable)
        ? TradeCode.insufficientBalance
        : null;
    case 'transferOut':
      return (
        checkTransferOut(account.holdings, coin, amount, account.marginCallRatio)?.code ?? null
      );
    case 'borrow':
      return holding.hourlyRate === null
        ? TradeCode.overBorrow
        : (checkBorrow(account.holdings, coin, amount)?.code ?? null);
    case 'repay':
      return checkRepay(account.holdings, coin, amount)?.code ?? null;
  }
}
