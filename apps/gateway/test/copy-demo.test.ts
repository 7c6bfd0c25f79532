import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_CONFIG } from '../src/config';
import type { Database } from '../src/db/database';
import { Dec } from '../src/market/decimal';
import { SimulatedMarket } from '../src/market/price-model';
import { CopyEngine } from '../src/trading/copy';
import {
  DEMO_BACKFILL_DAYS,
  DEMO_LEAD_CAPITAL,
  DEMO_LEADS,
  demoDirection,
  runDemoLeads,
  seedDemoLeads,
} from '../src/trading/copy-demo';
import { TradingEngine } from '../src/trading/engine';
import { feeOf, notionalOf } from '../src/trading/rules';
import { openTestDatabase } from './test-database';

// A fixed clock a little past a four-hour boundary, so the steps below are known.
const START = Date.UTC(2026, 10, 2, 8, 0, 30);
const CYCLE_MS = DEFAULT_MARKET_CONFIG.marketCycleMs;

let db: Database;
let clock = START;
const market = new SimulatedMarket(CYCLE_MS, () => clock);

beforeAll(async () => {
  db = await openTestDatabase();
  await seedDemoLeads(db, market, clock);
});
afterAll(async () => {
  await db.close();
});

const engines = () => {
  const engine = new TradingEngine(db, market, () => clock);
  return {
    trading: engine,
    copy: new CopyEngine(
      db,
      engine,
      { ...DEFAULT_MARKET_CONFIG.copy, statsCacheMs: 0 },
      () => clock,
    ),
  };
};

describe('demo leads', () => {
  it('lead in both accounts with ninety days of their rule filled in, once', async () => {
    const rows = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM copy_leads WHERE demo`,
    );
    expect(rows[0]?.count).toBe(DEMO_LEADS.length * 2);
    await seedDemoLeads(db, market, clock + 3_600_000);
    const again = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM copy_leads WHERE demo`,
    );
    expect(again[0]?.count).toBe(DEMO_LEADS.length * 2);
  });

  it("keeps a futures lead's balance equal to its capital and everything its positions made", async () => {
    const lead = DEMO_LEADS.find((entry) => entry.market === 'futures')!;
    const positions = await db.query<{
      status: string;
      size: string;
      entry_price: string;
      margin: string;
      realized_pnl: string | null;
      side: string;
      opened_ms: number;
    }>(
      `SELECT status, size::text AS size, entry_price::text AS entry_price, margin::text AS margin,
         realized_pnl::text AS realized_pnl, side, opened_ms::float8 AS opened_ms
       FROM futures_positions WHERE user_id = $1 AND account = 'paper' ORDER BY opened_ms`,
      [lead.userId],
    );
    const steps = Math.floor((DEMO_BACKFILL_DAYS * 86_400) / lead.intervalSeconds);
    expect(positions.length).toBeGreaterThanOrEqual(steps - 1);
    expect(positions.filter((position) => position.status === 'open')).toHaveLength(1);
    // Each step took the side the rule gives at its second.
    for (const position of positions.slice(0, 20)) {
      expect(position.side).toBe(demoDirection(market, lead, position.opened_ms / 1000));
    }
    let expected = new Dec(DEMO_LEAD_CAPITAL);
    for (const position of positions) {
      expected = expected.minus(
        feeOf(notionalOf(new Dec(position.entry_price), new Dec(position.size))),
      );
      if (position.realized_pnl !== null) expected = expected.plus(position.realized_pnl);
    }
    const [balance] = await db.query<{ available: string; frozen: string }>(
      `SELECT available::text AS available, frozen::text AS frozen FROM paper_balances
       WHERE user_id = $1 AND coin_name = 'USDT'`,
      [lead.userId],
    );
    expect(new Dec(balance!.available).plus(balance!.frozen).toFixed()).toBe(expected.toFixed());
  });

  it('answer their results from those trades, sorted as asked', async () => {
    const { copy } = engines();
    const list = await copy.leads({
      account: 'real',
      period: 90,
      sort: 'roi',
      offset: 0,
      limit: 50,
    });
    expect(list.total).toBe(DEMO_LEADS.length);
    const rois = list.leads.map((lead) => Number(lead.stats.roi));
    expect(rois).toEqual([...rois].sort((a, b) => b - a));
    for (const lead of list.leads) {
      expect(lead.demo).toBe(true);
      expect(lead.stats.trades).toBeGreaterThan(10);
    }
    const spot = await copy.leads({
      account: 'paper',
      period: 30,
      sort: 'drawdown',
      market: 'spot',
      offset: 0,
      limit: 50,
    });
    expect(spot.leads.map((lead) => lead.markets)).toEqual([['spot'], ['spot']]);
    const drawdowns = spot.leads.map((lead) => Number(lead.stats.maxDrawdown));
    expect(drawdowns).toEqual([...drawdowns].sort((a, b) => a - b));
    const profile = await copy.lead(list.leads[0]!.leadId);
    expect(profile.stats.map((stats) => stats.period)).toEqual([7, 30, 90]);
    expect(profile.history.length).toBeGreaterThan(0);
  });

  it('take the next step once, whichever gateway claims it, through the engine', async () => {
    const lead = DEMO_LEADS.find((entry) => entry.userId === '1000000101')!;
    const before = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM futures_positions WHERE user_id = $1 AND account = 'real'`,
      [lead.userId],
    );
    clock =
      (Math.floor(START / 1000 / lead.intervalSeconds) + 1) * lead.intervalSeconds * 1000 + 5000;
    await Promise.all([runDemoLeads(db, engines().trading), runDemoLeads(db, engines().trading)]);
    const after = await db.query<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM futures_positions
       WHERE user_id = $1 AND account = 'real' GROUP BY status ORDER BY status`,
      [lead.userId],
    );
    expect(after).toEqual([
      { status: 'closed', count: before[0]!.count },
      { status: 'open', count: 1 },
    ]);
    // The close and the open went into the copy outbox.
    const signals = await db.query<{ kind: string }>(
      `SELECT s.kind FROM copy_signals s JOIN copy_leads l ON l.lead_id = s.lead_id
       WHERE l.user_id = $1 AND l.account = 'real' ORDER BY s.kind`,
      [lead.userId],
    );
    expect(signals.map((signal) => signal.kind)).toEqual(['close', 'open']);
  });
});
