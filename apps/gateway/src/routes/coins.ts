import { ApiPath } from '@exchange-web/protocol/paths';
import type { CoinChainItem, CoinChainListReply } from '@exchange-web/protocol/schemas';
import type { Queryable } from '../db/database';
import { ok } from '../http/envelope-response';
import type { Routes } from '../http/routes';

interface CoinChainRow {
  coin_name: string;
  full_name: string;
  chain_name: string | null;
  contract_address: string | null;
  rechargeable: boolean | null;
  withdrawable: boolean | null;
  confirmations: number | null;
  withdraw_fee: string | null;
}

/** Coins in their order, each with its chains in order; a coin with no chain has an empty list. */
function groupByCoin(rows: readonly CoinChainRow[]): CoinChainItem[] {
  const items = new Map<string, CoinChainItem>();
  for (const row of rows) {
    let item = items.get(row.coin_name);
    if (!item) {
      item = { coinName: row.coin_name, fullName: row.full_name, chains: [] };
      items.set(row.coin_name, item);
    }
    if (row.chain_name === null) continue;
    item.chains.push({
      chainName: row.chain_name,
      // A native coin has no contract: the field is left out rather than sent empty.
      ...(row.contract_address === null ? {} : { contractAddress: row.contract_address }),
      rechargeable: row.rechargeable === true,
      withdrawable: row.withdrawable === true,
      confirmations: row.confirmations ?? 0,
      withdrawFee: row.withdraw_fee ?? '0',
    });
  }
  return [...items.values()];
}

/** GET v1/spot/public/getCoinChainList (SPEC 7): public, from the coins and coin_chains tables. */
export function registerCoinRoutes(routes: Routes, db: Queryable) {
  routes.get(ApiPath.coinChainList, async (c) => {
    const rows = await db.query<CoinChainRow>(
      `SELECT coin.coin_name, coin.full_name, chain.chain_name, chain.contract_address,
         chain.rechargeable, chain.withdrawable, chain.confirmations,
         trim_scale(chain.withdraw_fee)::text AS withdraw_fee
       FROM coins coin LEFT JOIN coin_chains chain ON chain.coin_name = coin.coin_name
       ORDER BY coin.sort_order, coin.coin_name, chain.sort_order, chain.chain_name`,
    );
    const reply: CoinChainListReply = { item: groupByCoin(rows) };
    return ok(c, reply);
  });
}
