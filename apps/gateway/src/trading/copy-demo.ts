import type { CopyMarket } from '@exchange-web/protocol/copy-trading';
import {
  findMarketSymbol,
  type MarketSymbol,
  type TradingAccount,
} from '@exchange-web/protocol/trading';
import { roundToStep } from '@exchange-web/protocol/trading-rules';
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { isRefusedError } from '../http/errors';
import { Dec, text } from '../market/decimal';
import { CYCLE_AMPLITUDE, NOISE_AMPLITUDE, type SimulatedMarket } from '../market/price-model';
import type { AccountRef, TradingEngine } from './engine';
import { closeOutcome, feeOf, liquidationPriceOf, marginOf, notionalOf, QUOTE_COIN } from './rules';

/**
 * A demo lead trader of the simulated market: a user who cannot sign in, leading in both the real
 * and the paper account, whose orders come from a fixed rule every `intervalSeconds` (README
 * "Copy trading"): `trend` goes with the move over the last `lookbackSeconds`, `revert` against it.
 */
export interface DemoLead {
  userId: string;
  loginName: string;
  nickname: string;
  description: string;
  symbol: string;
  market: CopyMarket;
  intervalSeconds: number;
  lookbackSeconds: number;
  style: 'trend' | 'revert';
  leverage: number;
  /** USDT per trade: a spot buy's value, a futures position's margin. */
  stakeUsdt: string;
  profitShare: string;
}

const HOUR = 3600;

export const DEMO_LEADS: readonly DemoLead[] = [
  {
    userId: '1000000101',
    loginName: 'trend.rider@demo-leads.exchange-web.test',
    nickname: 'Trend Rider',
    description:
      'BTC perpetuals with the twelve-hour trend, three times leveraged, every four hours.',
    symbol: 'BTCUSDT',
    market: 'futures',
    intervalSeconds: 4 * HOUR,
    lookbackSeconds: 12 * HOUR,
    style: 'trend',
    leverage: 3,
    stakeUsdt: '4000',
    profitShare: '0.1',
  },
  {
    userId: '1000000102',
    loginName: 'eth.swing@demo-leads.exchange-web.test',
    nickname: 'ETH Swing',
    description: 'Fades six-hour moves in ETH perpetuals at two times leverage.',
    symbol: 'ETHUSDT',
    market: 'futures',
    intervalSeconds: 6 * HOUR,
    lookbackSeconds: 6 * HOUR,
    style: 'revert',
    leverage: 2,
    stakeUsdt: '5000',
    profitShare: '0.08',
  },
  {
    userId: '1000000103',
    loginName: 'sol.momentum@demo-leads.exchange-web.test',
    nickname: 'SOL Momentum',
    description: 'Short-horizon SOL momentum: follows the last eight hours every two.',
    symbol: 'SOLUSDT',
    market: 'futures',
    intervalSeconds: 2 * HOUR,
    lookbackSeconds: 8 * HOUR,
    style: 'trend',
    leverage: 5,
    stakeUsdt: '2000',
    profitShare: '0.12',
  },
  {
    userId: '1000000104',
    loginName: 'steady.stacker@demo-leads.exchange-web.test',
    nickname: 'Steady Stacker',
    description:
      'Spot BTC only: buys after a day of falling prices, sells after a day of rising ones.',
    symbol: 'BTCUSDT',
    market: 'spot',
    intervalSeconds: 8 * HOUR,
    lookbackSeconds: 24 * HOUR,
    style: 'revert',
    leverage: 1,
    stakeUsdt: '10000',
    profitShare: '0.05',
  },
  {
    userId: '1000000105',
    loginName: 'doge.breakout@demo-leads.exchange-web.test',
    nickname: 'DOGE Breakout',
    description: 'Spot DOGE breakouts over six hours, checked every three.',
    symbol: 'DOGEUSDT',
    market: 'spot',
    intervalSeconds: 3 * HOUR,
    lookbackSeconds: 6 * HOUR,
    style: 'trend',
    leverage: 1,
    stakeUsdt: '3000',
    profitShare: '0.1',
  },
];

/** USDT each demo lead starts with, in each account, ninety days back. */
export const DEMO_LEAD_CAPITAL = '50000';
/** How far back a new demo lead's record is filled in. */
export const DEMO_BACKFILL_DAYS = 90;

// The backfill closes each position at the next step without scanning every second between
// (a second-by-second scan of 90 days would hold a start for minutes). That is exact only while
// no step can reach a liquidation: the model's swing, both ways, stays far inside 1/leverage.
const MAX_SWING = 2 * (CYCLE_AMPLITUDE + NOISE_AMPLITUDE) * 2;
for (const lead of DEMO_LEADS) {
  if (lead.leverage * MAX_SWING >= 0.5) {
    throw new Error(`demo lead ${lead.nickname}: leverage ${lead.leverage} could be liquidated`);
  }
}

const pairOf = (lead: DemoLead): MarketSymbol => {
  const pair = findMarketSymbol(lead.symbol);
  if (!pair) throw new Error(`demo lead ${lead.nickname} trades ${lead.symbol}, not quoted`);
  return pair;
};

/** The demo rule's side at second `s`: with (trend) or against (revert) the move since lookback. */
export function demoDirection(
  market: SimulatedMarket,
  lead: DemoLead,
  s: number,
): 'long' | 'short' {
  const pair = pairOf(lead);
  const rising = market.price(pair, s).gte(market.price(pair, s - lead.lookbackSeconds));
  return rising === (lead.style === 'trend') ? 'long' : 'short';
}

const sizeFor = (pair: MarketSymbol, usdt: Dec, price: Dec) =>
  new Dec(roundToStep(text(usdt.div(price)), pair.sizeStep, Dec.roundDown));

// The demo users' password hash is no scrypt hash: no password signs them in.
const NO_SIGN_IN = 'sign-in-disabled';
// The seeding lock of seed.ts: demo data is seeded one process at a time.
const SEED_LOCK_KEY = 7_245_002;

/**
 * Makes the demo leads that do not exist yet, in the real and paper account, with ninety days of
 * their rule's trades filled in from the simulated market (a pure function of time), so the
 * copy-trading pages have real records on a fresh start. Running it again changes nothing.
 */
export async function seedDemoLeads(db: Database, market: SimulatedMarket, nowMs: number) {
  for (const lead of DEMO_LEADS) {
    for (const account of ['real', 'paper'] as const) {
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
        const existing = await tx.query(
          `SELECT 1 FROM copy_leads WHERE user_id = $1 AND account = $2`,
          [lead.userId, account],
        );
        if (existing.length > 0) return;
        await tx.query(
          `INSERT INTO users (user_id, login_name, user_name, password_hash, nick_name)
           VALUES ($1, $2, $3, $4, $3) ON CONFLICT DO NOTHING`,
          [lead.userId, lead.loginName, lead.nickname, NO_SIGN_IN],
        );
        await backfill(tx, market, lead, { userId: lead.userId, account }, nowMs);
      });
    }
  }
}

interface Slot {
  index: number;
  second: number;
}

async function backfill(
  tx: Queryable,
  market: SimulatedMarket,
  lead: DemoLead,
  ref: AccountRef,
  nowMs: number,
) {
  const pair = pairOf(lead);
  const nowSecond = Math.floor(nowMs / 1000);
  const first = Math.ceil((nowSecond - DEMO_BACKFILL_DAYS * 86_400) / lead.intervalSeconds);
  const last = Math.floor(nowSecond / lead.intervalSeconds) - 1;
  const slots: Slot[] = [];
  for (let index = first; index <= last; index += 1) {
    slots.push({ index, second: index * lead.intervalSeconds });
  }
  const amounts =
    lead.market === 'futures'
      ? await backfillFutures(tx, market, lead, pair, ref, slots)
      : await backfillSpot(tx, market, lead, pair, ref, slots);
  if (ref.account === 'paper') {
    await tx.query(`INSERT INTO paper_accounts (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
      ref.userId,
    ]);
  }
  const table = ref.account === 'paper' ? 'paper_balances' : 'balances';
  for (const [coin, amount] of amounts) {
    await tx.query(
      `INSERT INTO ${table} (user_id, coin_name, available, frozen) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, coin_name) DO UPDATE SET available = $3, frozen = $4`,
      [ref.userId, coin, text(amount.available), text(amount.frozen)],
    );
  }
  await tx.query(
    `INSERT INTO copy_leads (lead_id, user_id, account, nickname, description, markets,
       profit_share, capital, demo, demo_slot, created_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9, $10)`,
    [
      randomUUID(),
      ref.userId,
      ref.account,
      lead.nickname,
      lead.description,
      lead.market,
      lead.profitShare,
      DEMO_LEAD_CAPITAL,
      last,
      first * lead.intervalSeconds * 1000,
    ],
  );
}

type Amounts = Map<string, { available: Dec; frozen: Dec }>;

/** Inserts rows in batches of one statement each. */
async function insertRows(tx: Queryable, head: string, width: number, rows: unknown[][]) {
  for (let start = 0; start < rows.length; start += 200) {
    const batch = rows.slice(start, start + 200);
    const values = batch
      .map(
        (_, row) =>
          `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`,
      )
      .join(', ');
    await tx.query(`${head} VALUES ${values}`, batch.flat());
  }
}

async function backfillFutures(
  tx: Queryable,
  market: SimulatedMarket,
  lead: DemoLead,
  pair: MarketSymbol,
  ref: AccountRef,
  slots: readonly Slot[],
): Promise<Amounts> {
  let usdt = new Dec(DEMO_LEAD_CAPITAL);
  let frozen = new Dec(0);
  const rows: unknown[][] = [];
  for (const [i, slot] of slots.entries()) {
    const side = demoDirection(market, lead, slot.second);
    const entry =
      side === 'long' ? market.bestAsk(pair, slot.second) : market.bestBid(pair, slot.second);
    const size = sizeFor(pair, new Dec(lead.stakeUsdt).times(lead.leverage), entry);
    const margin = marginOf(entry, size, lead.leverage);
    usdt = usdt.minus(margin).minus(feeOf(notionalOf(entry, size)));
    const liquidation = liquidationPriceOf(side, entry, lead.leverage, new Dec(pair.priceTick));
    const open = i === slots.length - 1;
    const closeSecond = slot.second + lead.intervalSeconds;
    let closePrice: Dec | null = null;
    let realized: Dec | null = null;
    if (open) {
      frozen = margin;
    } else {
      closePrice = market.price(pair, closeSecond);
      const outcome = closeOutcome(side, entry, closePrice, size, margin);
      usdt = usdt.plus(outcome.payout);
      realized = outcome.realizedPnl;
    }
    rows.push([
      randomUUID(),
      ref.account,
      ref.userId,
      pair.symbol,
      side,
      text(size),
      lead.leverage,
      text(entry),
      text(margin),
      text(liquidation),
      open ? 'open' : 'closed',
      closePrice === null ? null : text(closePrice),
      realized === null ? null : text(realized),
      open ? slot.second : closeSecond,
      slot.second * 1000,
      open ? null : closeSecond * 1000,
    ]);
  }
  await insertRows(
    tx,
    `INSERT INTO futures_positions (position_id, account, user_id, symbol, side, size, leverage,
       entry_price, margin, liquidation_price, status, close_price, realized_pnl, checked_second,
       opened_ms, closed_ms)`,
    16,
    rows,
  );
  return new Map([[QUOTE_COIN, { available: usdt, frozen }]]);
}

async function backfillSpot(
  tx: Queryable,
  market: SimulatedMarket,
  lead: DemoLead,
  pair: MarketSymbol,
  ref: AccountRef,
  slots: readonly Slot[],
): Promise<Amounts> {
  let usdt = new Dec(DEMO_LEAD_CAPITAL);
  let held = new Dec(0);
  const orders: unknown[][] = [];
  const fills: unknown[][] = [];
  for (const slot of slots) {
    const direction = demoDirection(market, lead, slot.second);
    const buy = direction === 'long' && held.eq(0);
    const sell = direction === 'short' && held.gt(0);
    if (!buy && !sell) continue;
    const price = buy ? market.bestAsk(pair, slot.second) : market.bestBid(pair, slot.second);
    const size = buy ? sizeFor(pair, new Dec(lead.stakeUsdt), price) : held;
    const notional = notionalOf(price, size);
    const fee = feeOf(notional);
    if (buy) {
      usdt = usdt.minus(notional).minus(fee);
      held = size;
    } else {
      usdt = usdt.plus(notional).minus(fee);
      held = new Dec(0);
    }
    const orderId = randomUUID();
    const side = buy ? 'buy' : 'sell';
    const ms = slot.second * 1000;
    orders.push([
      orderId,
      ref.account,
      ref.userId,
      pair.symbol,
      side,
      'market',
      null,
      text(size),
      text(size),
      text(price),
      buy ? pair.quote : pair.base,
      '0',
      'filled',
      slot.second,
      ms,
      ms,
    ]);
    fills.push([
      randomUUID(),
      orderId,
      ref.account,
      ref.userId,
      pair.symbol,
      side,
      text(price),
      text(size),
      text(fee),
      ms,
    ]);
  }
  await insertRows(
    tx,
    `INSERT INTO trade_orders (order_id, account, user_id, symbol, side, type, price, size,
       filled_size, average_price, held_coin, held_amount, status, checked_second, created_ms,
       updated_ms)`,
    16,
    orders,
  );
  await insertRows(
    tx,
    `INSERT INTO trade_fills (fill_id, order_id, account, user_id, symbol, side, price, size, fee,
       created_ms)`,
    10,
    fills,
  );
  return new Map([
    [QUOTE_COIN, { available: usdt, frozen: new Dec(0) }],
    [pair.base, { available: held, frozen: new Dec(0) }],
  ]);
}

/**
 * Takes each demo lead's step when its interval turns: closes the position it holds and opens the
 * rule's next (futures), or buys or sells (spot), through the trading engine like any trader, so
 * followers copy it. One gateway takes a step: the one whose `demo_slot` update claims it.
 */
export async function runDemoLeads(db: Database, trading: TradingEngine): Promise<void> {
  const leads = await db.query<{
    lead_id: string;
    user_id: string;
    account: TradingAccount;
    demo_slot: number;
  }>(
    `SELECT lead_id, user_id, account, demo_slot::float8 AS demo_slot FROM copy_leads
     WHERE demo ORDER BY lead_id`,
  );
  const second = trading.market.nowSecond();
  for (const row of leads) {
    const lead = DEMO_LEADS.find((entry) => entry.userId === row.user_id);
    if (!lead) continue;
    const slot = Math.floor(second / lead.intervalSeconds);
    if (slot <= row.demo_slot) continue;
    const claimed = await db.query(
      `UPDATE copy_leads SET demo_slot = $2 WHERE lead_id = $1 AND demo_slot < $2
       RETURNING lead_id`,
      [row.lead_id, slot],
    );
    if (claimed.length === 0) continue;
    try {
      await demoStep(trading, lead, { userId: row.user_id, account: row.account }, second);
    } catch (error) {
      // A refused step (the lead ran short of funds) waits for the next interval.
      if (!isRefusedError(error)) throw error;
    }
  }
}

async function demoStep(trading: TradingEngine, lead: DemoLead, ref: AccountRef, second: number) {
  const pair = pairOf(lead);
  const side = demoDirection(trading.market, lead, second);
  if (lead.market === 'futures') {
    const open = (await trading.positions(ref, { symbol: pair.symbol, limit: 20 })).filter(
      (position) => position.status === 'open',
    );
    for (const position of open) await trading.closePosition(ref, position.positionId);
    const entry =
      side === 'long' ? trading.market.bestAsk(pair, second) : trading.market.bestBid(pair, second);
    const size = sizeFor(pair, new Dec(lead.stakeUsdt).times(lead.leverage), entry);
    await trading.openPosition(ref, {
      symbol: pair.symbol,
      side,
      size: text(size),
      leverage: lead.leverage,
    });
    return;
  }
  const balances = await trading.balances(ref);
  const held = new Dec(
    balances.balances.find((entry) => entry.coin === pair.base)?.available ?? '0',
  );
  const sellable = new Dec(roundToStep(text(held), pair.sizeStep, Dec.roundDown));
  if (side === 'long' && sellable.lt(pair.minSize)) {
    const size = sizeFor(pair, new Dec(lead.stakeUsdt), trading.market.bestAsk(pair, second));
    await trading.placeOrder(ref, {
      symbol: pair.symbol,
      side: 'buy',
      type: 'market',
      size: text(size),
    });
  } else if (side === 'short' && sellable.gte(pair.minSize)) {
    await trading.placeOrder(ref, {
      symbol: pair.symbol,
      side: 'sell',
      type: 'market',
      size: text(sellable),
    });
  }
}
