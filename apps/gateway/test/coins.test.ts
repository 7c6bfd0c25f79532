import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { coinChainListReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { call, startTestGateway } from './support';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

const coinChainList = async () => {
  const response = await call(gateway, 'GET', ApiPath.coinChainList);
  expect(response.status).toBe(200);
  expect(response.json?.code).toBe('00000');
  return coinChainListReplySchema.parse(response.json?.data).item;
};

describe('GET /v1/spot/public/getCoinChainList', () => {
  it('answers the seeded coins in order, each with its chains, without a session', async () => {
    const items = await coinChainList();
    expect(items.map((item) => item.coinName)).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'USDC',
      'SOL',
      'TRX',
      'BNB',
      'XRP',
      'DOGE',
      'TON',
    ]);
    const usdt = items.find((item) => item.coinName === 'USDT');
    expect(usdt?.chains.map((chain) => chain.chainName)).toEqual(
      expect.arrayContaining(['TRC20', 'ERC20', 'BEP20', 'SOL']),
    );
    expect(usdt?.chains.find((chain) => chain.chainName === 'ERC20')).toEqual({
      chainName: 'ERC20',
      contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      rechargeable: true,
      withdrawable: true,
      confirmations: 64,
      withdrawFee: '3.2',
    });
    const eth = items.find((item) => item.coinName === 'ETH');
    expect(eth?.chains.map((chain) => chain.chainName)).toEqual(
      expect.arrayContaining(['ERC20', 'ArbitrumOne', 'Optimism']),
    );
    // A native coin has no contract.
    expect(eth?.chains.find((chain) => chain.chainName === 'ERC20')).not.toHaveProperty(
      'contractAddress',
    );
    for (const item of items) expect(item.chains.length, item.coinName).toBeGreaterThan(0);
  });

  it('reflects the database: flags and new chains', async () => {
    await gateway.db.query(
      `UPDATE coin_chains SET withdrawable = false WHERE coin_name = 'XRP' AND chain_name = 'XRP'`,
    );
    await gateway.db.query(
      `INSERT INTO coin_chains (coin_name, chain_name, contract_address, rechargeable,
         withdrawable, confirmations, withdraw_fee, sort_order)
       VALUES ('TRX', 'BEP20', '0xCE7de646e7208a4Ef112cb6ed5038FA6cC6b12e3', false, true, 15, 0.5, 1)`,
    );
    const items = await coinChainList();
    expect(items.find((item) => item.coinName === 'XRP')?.chains[0]).toMatchObject({
      chainName: 'XRP',
      rechargeable: true,
      withdrawable: false,
    });
    expect(items.find((item) => item.coinName === 'TRX')?.chains[1]).toMatchObject({
      chainName: 'BEP20',
      rechargeable: false,
      withdrawFee: '0.5',
    });
  });

  it('answers a POST with 405', async () => {
    const response = await call(gateway, 'POST', ApiPath.coinChainList, '{}');
    expect(response.status).toBe(405);
    expect(response.json?.code).toBe(GatewayCode.methodNotAllowed);
  });
});
