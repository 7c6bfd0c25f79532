import { findMarketSymbol, TradeCode, type MarketSymbol } from '@exchange-web/protocol/trading';
import { BadInputError } from '../http/errors';

/** The pair named `symbol`, or a refusal: HTTP 400 with 43004. */
export function requireMarketSymbol(symbol: string): MarketSymbol {
  const pair = findMarketSymbol(symbol);
  if (!pair) throw new BadInputError(`symbol: there is no pair ${symbol}`, TradeCode.unknownSymbol);
  return pair;
}
