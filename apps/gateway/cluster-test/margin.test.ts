import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import { TradeCode, TradingPath } from '@exchange-web/protocol/trading';
import {
  marginAccountReplySchema,
  marginRecordsReplySchema,
} from '@exchange-web/protocol/trading-schemas';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { SigningClient } from '../test/signing-client';
import { doors, signedInClient, signingOn } from './support';

// A borrow checks the collateral and books the loan in one transaction holding the margin
// account's row (README "Margin"): borrows racing on two gateways cannot lend past it.
const { a, b, proxy } = doors();
const { databaseUrl } = inject('cluster');
const PAPER = { [HeaderName.paptrading]: HeaderValue.paptrading };

// 1 000 USDT of collateral lets the cross account owe 9 000: three borrows of 3 000 fit, no more.
const COLLATERAL = '1000';
const LOAN = '3000';
const AFFORDABLE = 3;
const DOORS = [a, b, proxy, a, b, proxy, a, b];

const post = (client: SigningClient, path: string, body: unknown = {}) =>
  client.signedPost(path, body, {}, PAPER);

async function marginAccount(client: SigningClient) {
  const reply = await post(client, TradingPath.marginAccount);
  expect(reply.json?.code, reply.text).toBe('00000');
  return marginAccountReplySchema.parse(reply.json?.data).margin;
}

describe('paper margin borrows racing on both gateways', () => {
  it('lend exactly what the collateral allows: the borrows past it get 43013 and change nothing', async () => {
    const { client } = await signedInClient(a);
    const moved = await post(client, TradingPath.marginTransfer, {
      direction: 'in',
      coin: 'USDT',
      amount: COLLATERAL,
    });
    expect(moved.json?.code, moved.text).toBe('00000');

    const replies = await Promise.all(
      DOORS.map((door) =>
        post(signingOn(client, door), TradingPath.marginBorrow, { coin: 'USDT', amount: LOAN }),
      ),
    );
    const accepted = replies.filter((reply) => reply.json?.code === '00000');
    const refused = replies.filter((reply) => reply.json?.code !== '00000');
    expect(accepted).toHaveLength(AFFORDABLE);
    for (const reply of refused) {
      expect(reply.status, reply.text).toBe(400);
      expect(reply.json?.code).toBe(TradeCode.overBorrow);
    }

    // Read through each door: the same account everywhere, one record per loan made.
    for (const door of [a, b, proxy]) {
      const on = signingOn(client, door);
      const account = await marginAccount(on);
      expect(account.holdings.find((holding) => holding.coin === 'USDT')).toMatchObject({
        available: '10000',
        borrowed: '9000',
        maxBorrowable: '0',
      });
      const records = await post(on, TradingPath.marginRecords, { kind: 'borrow' });
      expect(marginRecordsReplySchema.parse(records.json?.data).records).toHaveLength(AFFORDABLE);
    }
  });
});

// A liquidation runs inside the transaction that holds the margin account's row (README
// "Margin"): reads through both gateways and both settle timers racing on an account due for it
// liquidate it once.
describe('a paper margin account due for liquidation, read on both gateways at once', () => {
  it('is liquidated exactly once: one record, the debt repaid once, the rest kept', async () => {
    const { client, userId } = await signedInClient(b);
    const moved = await post(client, TradingPath.marginTransfer, {
      direction: 'in',
      coin: 'USDT',
      amount: COLLATERAL,
    });
    expect(moved.json?.code, moved.text).toBe('00000');
    const borrowed = await post(client, TradingPath.marginBorrow, { coin: 'USDT', amount: '9000' });
    expect(borrowed.json?.code, borrowed.text).toBe('00000');

    // A loss the market would cause, made at once: the debt grows to 9 500 USDT against the
    // 10 000 held, a risk ratio of about 1.05, under the liquidation ratio (1.1).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const changed = await db.query(
        `UPDATE margin_holdings SET borrowed = 9500
         WHERE user_id = $1 AND account = 'paper' AND scope = '' AND coin_name = 'USDT'`,
        [userId],
      );
      expect(changed.rowCount).toBe(1);
    } finally {
      await db.end();
    }

    const replies = await Promise.all(
      DOORS.map((door) => post(signingOn(client, door), TradingPath.marginAccount)),
    );
    for (const reply of replies) {
      expect(reply.json?.code, reply.text).toBe('00000');
      const account = marginAccountReplySchema.parse(reply.json?.data).margin;
      // Every read sees the account after the one liquidation, never before it nor twice.
      expect(account).toMatchObject({ debt: '0', riskRatio: null, level: 'safe' });
      expect(account.holdings.find((holding) => holding.coin === 'USDT')).toMatchObject({
        available: '500',
        borrowed: '0',
        interest: '0',
      });
    }
    for (const door of [a, b, proxy]) {
      const records = await post(signingOn(client, door), TradingPath.marginRecords, {
        kind: 'liquidation',
      });
      const liquidations = marginRecordsReplySchema.parse(records.json?.data).records;
      expect(liquidations).toHaveLength(1);
      expect(liquidations[0]).toMatchObject({ coin: 'USDT', amount: '9500' });
    }
  });
});
