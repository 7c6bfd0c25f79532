import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import {
  PAPER_INITIAL_USDT,
  TradeCode,
  TradingPath,
  type BalancesReply,
} from '@exchange-web/protocol/trading';
import {
  balancesReplySchema,
  orderReplySchema,
  ordersReplySchema,
} from '@exchange-web/protocol/trading-schemas';
import { FEE_RATE } from '@exchange-web/protocol/trading-rules';
import { describe, expect, it } from 'vitest';
import { Dec } from '../src/market/decimal';
import type { SigningClient } from '../test/signing-client';
import { doors, signedInClient, signingOn } from './support';

// An order checks and changes the balance in one transaction that locks the account's balance
// rows (README "Simulated market and trading"): requests racing on two gateways cannot both spend
// the same funds.
const { a, b, proxy } = doors();
const PAPER = { [HeaderName.paptrading]: HeaderValue.paptrading };

// A limit buy far below the market (the simulated price stays within about 1 % of 65000): it
// rests, holding price × size plus the fee, and never fills while the test runs.
const ORDER = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '30000', size: '0.5' };
const HELD = new Dec(ORDER.price).times(ORDER.size).times(new Dec(1).plus(FEE_RATE));
const INITIAL = new Dec(PAPER_INITIAL_USDT);
/** How many such orders the paper account can pay for: 6 of 15015 USDT in 100000. */
const AFFORDABLE = INITIAL.div(HELD).round(0, Dec.roundDown).toNumber();
/** More than twice that many, spread over A, B and the proxy, all at once. */
const DOORS = [a, b, a, b, proxy, a, b, a, b, proxy, a, b, a, b, proxy, a];

const post = (client: SigningClient, path: string, body: unknown = {}) =>
  client.signedPost(path, body, {}, PAPER);

async function balances(client: SigningClient): Promise<BalancesReply> {
  const reply = await post(client, TradingPath.balances);
  expect(reply.json?.code, reply.text).toBe('00000');
  return balancesReplySchema.parse(reply.json?.data);
}

const usdt = (reply: BalancesReply) => reply.balances.find((balance) => balance.coin === 'USDT');

describe('paper orders racing on both gateways', () => {
  it('spend the balance exactly once: the orders past it get 43001 (HTTP 409) and change nothing', async () => {
    const { client } = await signedInClient(a);
    // The paper account is made on first use; start the race from a made one.
    expect(usdt(await balances(client))).toEqual({
      coin: 'USDT',
      available: PAPER_INITIAL_USDT,
      frozen: '0',
    });
    expect(DOORS.length).toBeGreaterThan(2 * AFFORDABLE);

    const replies = await Promise.all(
      DOORS.map((door) => post(signingOn(client, door), TradingPath.placeOrder, ORDER)),
    );
    const accepted = replies.filter((reply) => reply.json?.code === '00000');
    const refused = replies.filter((reply) => reply.json?.code !== '00000');
    expect(accepted).toHaveLength(AFFORDABLE);
    for (const reply of accepted) {
      expect(orderReplySchema.parse(reply.json?.data).order.status).toBe('open');
    }
    for (const reply of refused) {
      expect(reply.status, reply.text).toBe(409);
      expect(reply.json?.code).toBe(TradeCode.insufficientBalance);
    }

    // Read through each door: the same books everywhere, never below zero.
    for (const door of [a, b, proxy]) {
      const on = signingOn(client, door);
      expect(usdt(await balances(on))).toEqual({
        coin: 'USDT',
        available: INITIAL.minus(HELD.times(AFFORDABLE)).toFixed(),
        frozen: HELD.times(AFFORDABLE).toFixed(),
      });
      const open = await post(on, TradingPath.openOrders);
      expect(ordersReplySchema.parse(open.json?.data).orders).toHaveLength(AFFORDABLE);
    }
  });

  it('cancelled on one gateway while racing on the other release their hold exactly once', async () => {
    const { client } = await signedInClient(b);
    const placed = await post(client, TradingPath.placeOrder, ORDER);
    const { orderId } = orderReplySchema.parse(placed.json?.data).order;

    const replies = await Promise.all(
      [a, b, proxy, a, b].map((door) =>
        post(signingOn(client, door), TradingPath.cancelOrder, { orderId }),
      ),
    );
    const cancelled = replies.filter((reply) => reply.json?.code === '00000');
    expect(cancelled).toHaveLength(1);
    for (const reply of replies.filter((candidate) => !cancelled.includes(candidate))) {
      // A cancel of an order no longer open: HTTP 409, nothing released again.
      expect(reply.status).toBe(409);
      expect(reply.json?.code).toBe(TradeCode.orderNotOpen);
    }
    expect(usdt(await balances(signingOn(client, a)))).toEqual({
      coin: 'USDT',
      available: PAPER_INITIAL_USDT,
      frozen: '0',
    });
  });
});
