import { ApiPath } from '@exchange-web/protocol/paths';
import { LocalStorageKey } from '@exchange-web/protocol/registry';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCoinChainList } from './coin-chain-list';
import { isMalformedReplyError } from './errors';
import { memoryStorage } from './key-value-storage';
import { ok, startLocalServer, type LocalServer } from './testing/local-server';
import { quietClient } from './testing/quiet-client';

let server: LocalServer;

beforeEach(async () => {
  server = await startLocalServer();
});
afterEach(async () => {
  await server.close();
});

const item = [
  {
    coinName: 'USDT',
    chains: [{ chainName: 'TRC20', rechargeable: true, withdrawable: true, extra: 'kept' }],
  },
];

const http = () => quietClient(server);

describe('coin chain list', () => {
  it('gets the list, stores item as JSON under coin_chain_list and returns it', async () => {
    server.on(ApiPath.coinChainList, () => ok({ item }));
    const storage = memoryStorage();
    await expect(loadCoinChainList({ http: http(), storage })).resolves.toEqual(item);
    expect(server.seen[0]).toMatchObject({ method: 'GET', path: ApiPath.coinChainList });
    expect(JSON.parse(storage.getItem(LocalStorageKey.coinChainList) ?? 'null')).toEqual(item);
  });

  it('rejects a malformed reply and stores nothing', async () => {
    server.on(ApiPath.coinChainList, () => ok({ item: [{ coinName: 'USDT' }] }));
    const storage = memoryStorage();
    const error = await loadCoinChainList({ http: http(), storage }).catch(
      (caught: unknown) => caught,
    );
    expect(isMalformedReplyError(error)).toBe(true);
    expect(storage.getItem(LocalStorageKey.coinChainList)).toBeNull();
  });

  it('still returns the list when storage refuses', async () => {
    server.on(ApiPath.coinChainList, () => ok({ item }));
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('quota');
      },
    };
    await expect(loadCoinChainList({ http: http(), storage })).resolves.toEqual(item);
  });
});
