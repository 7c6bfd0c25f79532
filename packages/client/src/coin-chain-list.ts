import { ApiPath } from '@exchange-web/protocol/paths';
import { LocalStorageKey } from '@exchange-web/protocol/registry';
import { coinChainListReplySchema, type CoinChainItem } from '@exchange-web/protocol/schemas';
import { browserLocalStorage } from './browser-globals';
import { MalformedReplyError } from './errors';
import type { HttpClient } from './http-client';
import { memoryStorage, type KeyValueStorage } from './key-value-storage';

export interface CoinChainListOptions {
  http: Pick<HttpClient, 'get'>;
  /** Where the list is kept. @default localStorage, else in memory */
  storage?: KeyValueStorage;
}

/**
 * Loads the coin-chain list (SPEC 7: GET v1/spot/public/getCoinChainList), stores its `item` as
 * JSON under LocalStorageKey.coinChainList and returns it. A malformed reply rejects with a
 * MalformedReplyError and stores nothing.
 * @example
 * const coins = await loadCoinChainList({ http });
 */
export async function loadCoinChainList(options: CoinChainListOptions): Promise<CoinChainItem[]> {
  const data = await options.http.get<unknown>(ApiPath.coinChainList);
  const parsed = coinChainListReplySchema.safeParse(data);
  if (!parsed.success) throw new MalformedReplyError(data, { cause: parsed.error });
  const storage = options.storage ?? browserLocalStorage() ?? memoryStorage();
  try {
    storage.setItem(LocalStorageKey.coinChainList, JSON.stringify(parsed.data.item));
  } catch {
    // Storage refused (quota, privacy settings): the caller still gets the list.
  }
  return parsed.data.item;
}
