import { Endpoints } from '@exchange-web/protocol/endpoints';
import { LocalStorageKey } from '@exchange-web/protocol/registry';
import type { CoinChainItem } from '@exchange-web/protocol/schemas';
import { browserLocalStorage } from './browser-globals';
import type { HttpClient } from './http-client';
import { memoryStorage, type KeyValueStorage } from './key-value-storage';
import { callEndpoint } from './query/call-endpoint';

export interface CoinChainListOptions {
  http: Pick<HttpClient, 'get' | 'post'>;
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
  const { item } = await callEndpoint(options.http, Endpoints.coinChainList, {});
  const storage = options.storage ?? browserLocalStorage() ?? memoryStorage();
  try {
    storage.setItem(LocalStorageKey.coinChainList, JSON.stringify(item));
  } catch {
    // Storage refused (quota, privacy settings): the caller still gets the list.
  }
  return item;
}
