import { ReservesPath } from '@exchange-web/protocol/reserves';
import { protectionFundReplySchema } from '@exchange-web/protocol/reserves-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalances } from '../src/assets/balances';
import { DEFAULT_MARKET_CONFIG } from '../src/config';
import type { Database } from '../src/db/database';
import { Dec } from '../src/market/decimal';
import { SimulatedMarket } from '../src/market/price-model';
import { ProtectionFund } from '../src/reserves/fund';
import type { RunningGateway } from '../src/server';
import { TradingEngine, type AccountRef } from '../src/trading/engine';
import { MarginEngine } from '../src/trading/margin';
import { closeOutcome } from '../src/trading/rules';
import { call, startTestGateway } from './support';

const CYCLE_MS = 60_000;
let gateway: RunningGateway;
let db: Database;
let clock = Date.UTC(2026, 10, 4, 9, 0, 0);
const market = new SimulatedMarket(CYCLE_MS, () => clock);

beforeAll(async () => {
  gateway = await startTestGateway({ tradingSettleIntervalMs: 0 });
  db = gateway.db;
});
afterAll(async () => {
  await gateway.stop();
});

async function newUser(usdt: string): Promise<string> {
  const userId = `fund-${Math.random().toString(36).slice(2)}`;
  await db.query(
    `INSERT INTO users (user_id, login_name, user_name, password_hash) VALUES ($1, $1, $1, 'x')`,
    [userId],
  );
  await setBalances(db, userId, [{ coin: 'USDT', available: usdt, frozen: '0' }]);
  return userId;
}

const entriesFrom = async (source: string) =>
  (
    await db.query<{ kind: string; amount: string }>(
      `SELECT kind, amount::text AS amount FROM protection_fund_entries WHERE source LIKE $1`,
      [`${source}%`],
    )
  ).map((entry) => ({ kind: entry.kind, amount: new Dec(entry.amount).toFixed() }));

describe('the protection fund', () => {
  it('opens with the exchange’s contribution and publishes its balance, history and wallets', async () => {
    const reply = await call(gateway, 'GET', ReservesPath.protectionFund);
    const { fund } = protectionFundReplySchema.parse(reply.json?.data);
    expect(fund.balances.find((entry) => entry.asset === 'USDT')?.amount).toBe(
      DEFAULT_MARKET_CONFIG.reserves.fundOpeningUsdt,
    );
    expect(fund.history.at(-1)?.balance).toBe(DEFAULT_MARKET_CONFIG.reserves.fundOpeningUsdt);
    expect(fund.entries.map((entry) => entry.kind)).toContain('contribution');
    expect(fund.wallets.length).toBeGreaterThan(0);
    // Opening again (another gateway starting) books nothing more.
    await new ProtectionFund(db, DEFAULT_MARKET_CONFIG.reserves).open();
    const again = protectionFundReplySchema.parse(
      (await call(gateway, 'GET', ReservesPath.protectionFund)).json?.data,
    );
    expect(again.fund.balances).toEqual(fund.balances);
    const bad = await call(gateway, 'GET', `${ReservesPath.protectionFund}?x=1`);
    expect(bad.status).toBe(400);
  });

  it('takes in what a liquidated real position’s margin held at its liquidation price', async () => {
    const engine = new TradingEngine(db, market, () => clock);
    const real: AccountRef = { userId: await newUser('1000'), account: 'real' };
    const paper: AccountRef = { userId: real.userId, account: 'paper' };
    const positions = await Promise.all(
      [real, paper].map((ref) =>
        engine.openPosition(ref, { symbol: 'BTCUSDT', side: 'long', size: '0.01', leverage: 125 }),
      ),
    );
    // At 125× the liquidation price is a few tenths of a percent away: a cycle reaches it.
    for (let step = 0; step < 60; step += 1) {
      clock += 2000;
      await engine.settle();
    }
    for (const position of positions) {
      const [row] = await db.query<{ status: string }>(
        `SELECT status FROM futures_positions WHERE position_id = $1`,
        [position.positionId],
      );
      expect(row?.status).toBe('liquidated');
    }
    const [realPosition] = positions;
    const expected = closeOutcome(
      'long',
      new Dec(realPosition!.entryPrice),
      new Dec(realPosition!.liquidationPrice),
      new Dec(realPosition!.size),
      new Dec(realPosition!.margin),
    ).payout;
    expect(await entriesFrom(realPosition!.positionId)).toEqual([
      { kind: 'liquidation', amount: expected.toFixed() },
    ]);
    // The paper account's liquidation moves no real money.
    expect(await entriesFrom(positions[1]!.positionId)).toEqual([]);
  });

  it('pays a margin liquidation’s shortfall', async () => {
    const margin = new MarginEngine(db, market, DEFAULT_MARKET_CONFIG.margin, () => clock);
    const ref: AccountRef = { userId: await newUser('1000'), account: 'real' };
    await margin.transfer(ref, { direction: 'in', coin: 'USDT', amount: '1000' });
    await margin.borrow(ref, { coin: 'USDT', amount: '5000' });
    // A loss past the collateral: the debt grows beyond everything held.
    await db.query(
      `UPDATE margin_holdings SET borrowed = 7000
       WHERE user_id = $1 AND account = 'real' AND scope = '' AND coin_name = 'USDT'`,
      [ref.userId],
    );
    await margin.account(ref, undefined);
    expect(await entriesFrom(`${ref.userId}/cross`)).toEqual([
      { kind: 'writeOff', amount: '-1000' },
    ]);
  });
});
