import type { Balance, Position, Ticker } from '@exchange-web/protocol/trading';
import Big from 'big.js';

/** A balance with its total and its value in USDT and in the visitor's currency. */
export interface ValuedBalance extends Balance {
  total: string;
  /** null when the coin has no USDT price yet (its ticker has not loaded). */
  usdt: string | null;
  fiat: string | null;
}

export interface ValuedBalances {
  rows: ValuedBalance[];
  /** The sum of the rows that have a price. */
  totalUsdt: string;
  totalFiat: string;
  /** Whether some coin could not be valued yet. */
  partial: boolean;
}

/** The USDT price of each base coin, from the last prices of the `{coin}USDT` tickers. */
export function usdtPrices(tickers: readonly Ticker[], bases: Record<string, string>) {
  const prices: Record<string, string> = { USDT: '1' };
  for (const ticker of tickers) {
    const base = bases[ticker.symbol];
    if (base) prices[base] = ticker.last;
  }
  return prices;
}

/**
 * Values balances: non-USDT coins at their ticker's last price, then USDT into the chosen
 * currency at its USDT rate (the shell's rate table, SPEC 3), all in exact decimals.
 */
export function valueBalances(
  balances: readonly Balance[],
  prices: Readonly<Record<string, string>>,
  fiatPerUsdt: number,
): ValuedBalances {
  const rate = new Big(fiatPerUsdt);
  let totalUsdt = new Big(0);
  let partial = false;
  const rows = balances.map((balance) => {
    const total = new Big(balance.available).plus(balance.frozen);
    const price = prices[balance.coin];
    if (price === undefined) {
      partial = true;
      return { ...balance, total: total.toString(), usdt: null, fiat: null };
    }
    const usdt = total.times(price);
    totalUsdt = totalUsdt.plus(usdt);
    return {
      ...balance,
      total: total.toString(),
      usdt: usdt.toString(),
      fiat: usdt.times(rate).toString(),
    };
  });
  return {
    rows,
    totalUsdt: totalUsdt.toString(),
    totalFiat: totalUsdt.times(rate).toString(),
    partial,
  };
}

/** The futures account's equity in USDT: margin held plus unrealised PnL of open positions. */
export function futuresEquity(positions: readonly Position[]): { margin: string; pnl: string } {
  let margin = new Big(0);
  let pnl = new Big(0);
  for (const position of positions) {
    if (position.status !== 'open') continue;
    margin = margin.plus(position.margin);
    pnl = pnl.plus(position.unrealizedPnl);
  }
  return { margin: margin.toString(), pnl: pnl.toString() };
}
