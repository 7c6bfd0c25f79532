import {
  findMarketSymbol,
  PAPER_INITIAL_USDT,
  TradeCode,
  type BalancesReply,
  type Fill,
  type FillsQuery,
  type MarketSymbol,
  type OpenPositionRequest,
  type Order,
  type OrderListQuery,
  type PlaceOrderRequest,
  type Position,
  type TradingAccount,
} from '@exchange-web/protocol/trading';
import { FEE_RATE } from '@exchange-web/protocol/trading-rules';
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { accountRates } from '../fees/rates';
import { RefusedError } from '../http/errors';
import { Dec, divide, maxOf, text } from '../market/decimal';
import type { SimulatedMarket } from '../market/price-model';
import { requireMarketSymbol } from '../market/symbols';
import { bookFundEntry } from '../reserves/fund-ledger';
import { signalLead } from './copy-signals';
import {
  checkOrder,
  checkPosition,
  closeOutcome,
  feeOf,
  isCrossed,
  isLiquidated,
  isMarketable,
  liquidationPriceOf,
  marginOf,
  notionalOf,
  orderHold,
  pnlOf,
  QUOTE_COIN,
  type Refusal,
} from './rules';

/**
 * The longest span the settle step scans second by second: an order or position not looked at
 * for longer (every gateway stopped) is judged on the last hour only.
 */
export const MAX_SETTLE_SCAN_SECONDS = 3600;
/** Most open orders and positions one pass of the settle timer looks at. */
const SETTLE_BATCH = 1000;

/** Who a trading call acts on: the acting user's real or paper account. */
export interface AccountRef {
  userId: string;
  account: TradingAccount;
}

/** Which of a user's lists to read, newest first. */
export interface ListQuery {
  symbol?: string | undefined;
  limit: number;
}

interface FillRow {
  fill_id: string;
  order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  size: string;
  fee: string;
  liquidity: 'maker' | 'taker';
  created_ms: number;
}

const FILL_COLUMNS = `fill_id, order_id, symbol, side, price::text AS price, size::text AS size,
  fee::text AS fee, liquidity, created_ms::float8 AS created_ms`;

const toFill = (row: FillRow): Fill => ({
  fillId: row.fill_id,
  orderId: row.order_id,
  symbol: row.symbol,
  side: row.side,
  price: text(dec(row.price)),
  size: text(dec(row.size)),
  fee: text(dec(row.fee)),
  liquidity: row.liquidity,
  time: row.created_ms,
});

/** The time window and page of a list query, as its last four SQL parameters. */
export const windowParams = (query: Pick<OrderListQuery, 'from' | 'to' | 'limit' | 'offset'>) => [
  query.from ?? null,
  query.to ?? null,
  query.limit,
  query.offset,
];

const orderNotFound = (orderId: string) =>
  new RefusedError({
    status: 404,
    code: TradeCode.orderNotFound,
    message: `orderId: this account has no order ${orderId}`,
  });

interface OrderRow {
  order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: string | null;
  size: string;
  filled_size: string;
  average_price: string | null;
  held_amount: string;
  /** The rate the order was booked at; null on orders from before fee levels (0.1 %). */
  fee_rate: string | null;
  status: 'open' | 'filled' | 'cancelled';
  checked_second: number;
  created_ms: number;
  updated_ms: number;
  user_id: string;
  account: TradingAccount;
}

interface PositionRow {
  position_id: string;
  symbol: string;
  side: 'long' | 'short';
  size: string;
  leverage: number;
  entry_price: string;
  margin: string;
  /** Null on positions from before fee levels, which paid 0.1 % of the entry notional. */
  open_fee: string | null;
  liquidation_price: string;
  status: 'open' | 'closed' | 'liquidated';
  close_price: string | null;
  realized_pnl: string | null;
  checked_second: number;
  opened_ms: number;
  closed_ms: number | null;
  user_id: string;
  account: TradingAccount;
}

const ORDER_COLUMNS = `order_id, symbol, side, type, price::text AS price, size::text AS size,
  filled_size::text AS filled_size, average_price::text AS average_price,
  held_amount::text AS held_amount, fee_rate::text AS fee_rate, status,
  checked_second::float8 AS checked_second,
  created_ms::float8 AS created_ms, updated_ms::float8 AS updated_ms, user_id, account`;

const POSITION_COLUMNS = `position_id, symbol, side, size::text AS size, leverage,
  entry_price::text AS entry_price, margin::text AS margin, open_fee::text AS open_fee,
  liquidation_price::text AS liquidation_price, status, close_price::text AS close_price,
  realized_pnl::text AS realized_pnl, checked_second::float8 AS checked_second,
  opened_ms::float8 AS opened_ms, closed_ms::float8 AS closed_ms, user_id, account`;

/** The balances table of an account (a constant, never user input). */
const balanceTable = (account: TradingAccount) =>
  account === 'paper' ? 'paper_balances' : 'balances';

const dec = (value: string) => new Dec(value);

/** A pair the database holds; a row of a pair since removed is still read, at its own symbol. */
const pairOf = (symbol: string): MarketSymbol => {
  const pair = findMarketSymbol(symbol);
  if (!pair) throw new Error(`a stored trade names ${symbol}, which the market does not quote`);
  return pair;
};

/** What a position paid to open: its stored fee, or 0.1 % for one from before fee levels. */
export const openFeeOf = (row: { open_fee: string | null; entry_price: string; size: string }) =>
  row.open_fee === null
    ? feeOf(notionalOf(dec(row.entry_price), dec(row.size)))
    : dec(row.open_fee);

const toOrder = (row: OrderRow): Order => ({
  orderId: row.order_id,
  symbol: row.symbol,
  side: row.side,
  type: row.type,
  price: row.price === null ? null : text(dec(row.price)),
  size: text(dec(row.size)),
  filledSize: text(dec(row.filled_size)),
  averagePrice: row.average_price === null ? null : text(dec(row.average_price)),
  status: row.status,
  createdAt: row.created_ms,
  updatedAt: row.updated_ms,
});

/** The balances of one account in one transaction: locked, read, and changed. */
export class LockedBalances {
  // One transaction's view of rows it holds FOR UPDATE: no other process can change them meanwhile.
  readonly #amounts = new Map<string, { available: Dec; frozen: Dec }>();

  private constructor(
    readonly tx: Queryable,
    readonly ref: AccountRef,
  ) {}

  /**
   * Locks the account's rows of `coins` (SELECT ... FOR UPDATE, in coin order so two
   * transactions never wait on each other); a coin without a row counts as zero.
   */
  static async lock(tx: Queryable, ref: AccountRef, coins: readonly string[]) {
    const locked = new LockedBalances(tx, ref);
    const sorted = [...new Set(coins)].sort();
    const placeholders = sorted.map((_, i) => `$${i + 2}`).join(', ');
    const rows = await tx.query<{ coin_name: string; available: string; frozen: string }>(
      `SELECT coin_name, available::text AS available, frozen::text AS frozen
       FROM ${balanceTable(ref.account)} WHERE user_id = $1 AND coin_name IN (${placeholders})
       ORDER BY coin_name FOR UPDATE`,
      [ref.userId, ...sorted],
    );
    for (const coin of sorted) {
      const row = rows.find((candidate) => candidate.coin_name === coin);
      locked.#amounts.set(coin, {
        available: dec(row?.available ?? '0'),
        frozen: dec(row?.frozen ?? '0'),
      });
    }
    return locked;
  }

  available(coin: string): Dec {
    return this.#amounts.get(coin)?.available ?? new Dec(0);
  }

  frozen(coin: string): Dec {
    return this.#amounts.get(coin)?.frozen ?? new Dec(0);
  }

  /** Adds signed amounts to a coin's available and frozen (the coin must be locked). */
  async change(coin: string, available: Dec, frozen: Dec) {
    const current = this.#amounts.get(coin);
    if (!current) throw new Error(`${coin} was not locked before it was changed`);
    current.available = current.available.plus(available);
    current.frozen = current.frozen.plus(frozen);
    const table = balanceTable(this.ref.account);
    // An upsert: a coin the account never held gets its row (its amounts are then non-negative).
    await this.tx.query(
      `INSERT INTO ${table} (user_id, coin_name, available, frozen) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, coin_name) DO UPDATE SET
         available = ${table}.available + $5, frozen = ${table}.frozen + $6, updated_at = now()`,
      [
        this.ref.userId,
        coin,
        text(maxOf(new Dec(0), available)),
        text(maxOf(new Dec(0), frozen)),
        text(available),
        text(frozen),
      ],
    );
  }
}

/** Makes the user's paper account, with its starting USDT, unless it exists. */
export async function ensurePaperAccount(tx: Queryable, ref: AccountRef): Promise<void> {
  if (ref.account !== 'paper') return;
  const created = await tx.query(
    `INSERT INTO paper_accounts (user_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING user_id`,
    [ref.userId],
  );
  if (created.length > 0) {
    await tx.query(
      `INSERT INTO paper_balances (user_id, coin_name, available, frozen) VALUES ($1, $2, $3, 0)
       ON CONFLICT (user_id, coin_name) DO UPDATE SET available = excluded.available, frozen = 0`,
      [ref.userId, QUOTE_COIN, PAPER_INITIAL_USDT],
    );
  }
}

/** Throws a refusal the rules decided: HTTP 409 when the account is short of funds, else 400. */
export function refuse(refusal: Refusal | null | undefined): void {
  if (refusal) {
    const status = refusal.code === TradeCode.insufficientBalance ? 409 : 400;
    throw new RefusedError({ status, code: refusal.code, message: refusal.message });
  }
}

/**
 * Spot orders and USDT-margined futures positions of the real and paper accounts, over the
 * simulated market. Balances change only in the transaction that changes the order, fill or
 * position they belong to; an order or position changes state only through
 * `UPDATE ... WHERE status = 'open' RETURNING`, so two gateway processes never settle it twice.
 */
export class TradingEngine {
  constructor(
    readonly db: Database,
    readonly market: SimulatedMarket,
    readonly now: () => number = () => Date.now(),
  ) {}

  // ------------------------------------------------------------------------------------------
  // Spot

  /** Places an order: a market order, or a marketable limit one, fills at once; else it rests. */
  async placeOrder(ref: AccountRef, request: PlaceOrderRequest): Promise<Order> {
    const pair = requireMarketSymbol(request.symbol);
    const quote = this.#quote(pair);
    // The order alone first, refused without a transaction; its balance once the rows are locked.
    refuse(checkOrder(pair, request, request.side === 'buy' ? quote.ask : quote.bid));
    return this.db.transaction(async (tx) => {
      const placed = await this.#placeIn(tx, ref, request, quote, true);
      if ('refusal' in placed) {
        refuse(placed.refusal);
        throw new Error('a refusal was not thrown');
      }
      return placed.order;
    });
  }

  /**
   * A copy's market order inside the copy's transaction: refused before anything is written, or
   * filled at once. It does not signal: copies are not copied on.
   */
  async placeCopyOrder(
    tx: Queryable,
    ref: AccountRef,
    request: { symbol: string; side: 'buy' | 'sell'; size: Dec },
  ): Promise<{ refusal: Refusal } | { order: Order; fill: Fill }> {
    const pair = requireMarketSymbol(request.symbol);
    const placed = await this.#placeIn(
      tx,
      ref,
      { symbol: pair.symbol, side: request.side, type: 'market', size: text(request.size) },
      this.#quote(pair),
      false,
    );
    if ('refusal' in placed) return placed;
    const [fill] = await tx.query<FillRow>(
      `SELECT ${FILL_COLUMNS} FROM trade_fills WHERE order_id = $1`,
      [placed.order.orderId],
    );
    if (!fill) throw new Error('a market order was placed without its fill');
    return { order: placed.order, fill: toFill(fill) };
  }

  #quote(pair: MarketSymbol) {
    const second = this.market.nowSecond();
    return {
      second,
      bid: this.market.bestBid(pair, second),
      ask: this.market.bestAsk(pair, second),
    };
  }

  async #placeIn(
    tx: Queryable,
    ref: AccountRef,
    request: PlaceOrderRequest,
    quote: { second: number; bid: Dec; ask: Dec },
    signal: boolean,
  ): Promise<{ refusal: Refusal } | { order: Order }> {
    const pair = requireMarketSymbol(request.symbol);
    const { second, bid, ask } = quote;
    const marketPrice = request.side === 'buy' ? ask : bid;
    const size = dec(request.size);
    const limit = request.price === undefined ? undefined : dec(request.price);
    const fillPrice =
      limit === undefined
        ? marketPrice
        : isMarketable(request.side, limit, bid, ask)
          ? limit
          : undefined;
    const orderId = randomUUID();
    const nowMs = this.now();
    await ensurePaperAccount(tx, ref);
    const balances = await LockedBalances.lock(tx, ref, [pair.base, pair.quote]);
    // Filled at once it takes the book's liquidity; resting, it pays the maker rate it holds.
    const rates = await accountRates(tx, ref, 'spot');
    const feeRate = fillPrice !== undefined ? rates.taker : rates.maker;
    const available = (coin: string) => balances.available(coin);
    const refusal = checkOrder(pair, request, marketPrice, available, feeRate);
    if (refusal) return { refusal };
    if (fillPrice !== undefined) {
      await this.#insertOrder(tx, ref, orderId, request, {
        status: 'filled',
        average: fillPrice,
        held: new Dec(0),
        feeRate,
        second,
        nowMs,
      });
      await this.#fill(tx, balances, pair, orderId, request.side, fillPrice, size, {
        from: 'available',
        feeRate,
        signal,
      });
    } else {
      const hold = orderHold(pair, request.side, limit ?? new Dec(0), size, feeRate);
      await balances.change(hold.coin, hold.amount.neg(), hold.amount);
      await this.#insertOrder(tx, ref, orderId, request, {
        status: 'open',
        average: null,
        held: hold.amount,
        feeRate,
        second,
        nowMs,
      });
    }
    return { order: toOrder(await this.#orderRow(tx, orderId)) };
  }

  /** Cancels an open order of this account and releases what it held. */
  async cancelOrder(ref: AccountRef, orderId: string): Promise<Order> {
    // An order the price crossed before the cancel is filled, not cancelled.
    await this.settle(ref);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM trade_orders
         WHERE order_id = $1 AND user_id = $2 AND account = $3 FOR UPDATE`,
        [orderId, ref.userId, ref.account],
      );
      if (!row) throw orderNotFound(orderId);
      if (row.status !== 'open') {
        throw new RefusedError({
          status: 409,
          code: TradeCode.orderNotOpen,
          message: `orderId: the order is ${row.status} already`,
        });
      }
      const pair = pairOf(row.symbol);
      const balances = await LockedBalances.lock(tx, ref, [pair.base, pair.quote]);
      await this.#releaseOrder(tx, row, balances);
      return toOrder(await this.#orderRow(tx, orderId));
    });
  }

  /**
   * Cancels every open order of the account (or of one pair) in one transaction, so a crossing
   * price fills either before it or not at all; answers the orders cancelled, newest first.
   */
  async cancelAllOrders(ref: AccountRef, symbol: string | undefined): Promise<Order[]> {
    await this.settle(ref);
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM trade_orders
         WHERE user_id = $1 AND account = $2 AND status = 'open'
           AND ($3::text IS NULL OR symbol = $3)
         ORDER BY created_ms DESC, order_id FOR UPDATE`,
        [ref.userId, ref.account, symbol ?? null],
      );
      if (rows.length === 0) return [];
      const coins = [
        ...new Set(rows.flatMap((row) => [pairOf(row.symbol).base, pairOf(row.symbol).quote])),
      ];
      const balances = await LockedBalances.lock(tx, ref, coins);
      const cancelled: Order[] = [];
      for (const row of rows) {
        await this.#releaseOrder(tx, row, balances);
        cancelled.push(toOrder(await this.#orderRow(tx, row.order_id)));
      }
      return cancelled;
    });
  }

  /** Cancels one open order locked in `tx` and gives back what it held. */
  async #releaseOrder(tx: Queryable, row: OrderRow, balances: LockedBalances) {
    const pair = pairOf(row.symbol);
    const cancelled = await tx.query(
      `UPDATE trade_orders SET status = 'cancelled', held_amount = 0, updated_ms = $2
       WHERE order_id = $1 AND status = 'open' RETURNING order_id`,
      [row.order_id, this.now()],
    );
    if (cancelled.length > 0) {
      const held = dec(row.held_amount);
      await balances.change(row.side === 'buy' ? pair.quote : pair.base, held, held.neg());
    }
  }

  /** Open orders (`open`) or the others (`history`), newest first, filtered and paged. */
  async orders(
    ref: AccountRef,
    query: OrderListQuery,
    which: 'open' | 'history',
  ): Promise<Order[]> {
    await this.settle(ref);
    const rows = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM trade_orders
       WHERE user_id = $1 AND account = $2 AND ($3::text IS NULL OR symbol = $3)
         AND ${which === 'open' ? `status = 'open'` : `status <> 'open'`}
         AND ($4::text IS NULL OR side = $4) AND ($5::text IS NULL OR type = $5)
         AND ($6::bigint IS NULL OR created_ms >= $6) AND ($7::bigint IS NULL OR created_ms <= $7)
       ORDER BY created_ms DESC, order_id LIMIT $8 OFFSET $9`,
      [
        ref.userId,
        ref.account,
        query.symbol ?? null,
        query.side ?? null,
        query.type ?? null,
        ...windowParams(query),
      ],
    );
    return rows.map(toOrder);
  }

  /** Fills, newest first, filtered and paged. */
  async fills(ref: AccountRef, query: FillsQuery): Promise<Fill[]> {
    await this.settle(ref);
    const rows = await this.db.query<FillRow>(
      `SELECT ${FILL_COLUMNS} FROM trade_fills
       WHERE user_id = $1 AND account = $2 AND ($3::text IS NULL OR symbol = $3)
         AND ($4::text IS NULL OR side = $4) AND ($5::text IS NULL OR order_id = $5)
         AND ($6::bigint IS NULL OR created_ms >= $6) AND ($7::bigint IS NULL OR created_ms <= $7)
       ORDER BY created_ms DESC, fill_id LIMIT $8 OFFSET $9`,
      [
        ref.userId,
        ref.account,
        query.symbol ?? null,
        query.side ?? null,
        query.orderId ?? null,
        ...windowParams(query),
      ],
    );
    return rows.map(toFill);
  }

  /** One order of the account and its fills, oldest first. */
  async orderDetail(ref: AccountRef, orderId: string): Promise<{ order: Order; fills: Fill[] }> {
    await this.settle(ref);
    const [row] = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM trade_orders
       WHERE order_id = $1 AND user_id = $2 AND account = $3`,
      [orderId, ref.userId, ref.account],
    );
    if (!row) throw orderNotFound(orderId);
    const fills = await this.db.query<FillRow>(
      `SELECT ${FILL_COLUMNS} FROM trade_fills
       WHERE order_id = $1 AND user_id = $2 AND account = $3 ORDER BY created_ms, fill_id`,
      [orderId, ref.userId, ref.account],
    );
    return { order: toOrder(row), fills: fills.map(toFill) };
  }

  /** The account's balances, by coin name. */
  async balances(ref: AccountRef): Promise<BalancesReply> {
    await this.settle(ref);
    if (ref.account === 'paper') await this.db.transaction((tx) => ensurePaperAccount(tx, ref));
    const rows = await this.db.query<{ coin_name: string; available: string; frozen: string }>(
      `SELECT coin_name, available::text AS available, frozen::text AS frozen
       FROM ${balanceTable(ref.account)} WHERE user_id = $1 ORDER BY coin_name`,
      [ref.userId],
    );
    return {
      account: ref.account,
      balances: rows.map((row) => ({
        coin: row.coin_name,
        available: text(dec(row.available)),
        frozen: text(dec(row.frozen)),
      })),
    };
  }

  /** The paper account back to its start: orders, fills and positions gone, the starting USDT. */
  async resetPaper(userId: string): Promise<BalancesReply> {
    const ref: AccountRef = { userId, account: 'paper' };
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT user_id FROM paper_accounts WHERE user_id = $1 FOR UPDATE`, [userId]);
      await tx.query(`DELETE FROM trade_fills WHERE user_id = $1 AND account = 'paper'`, [userId]);
      await tx.query(`DELETE FROM trade_orders WHERE user_id = $1 AND account = 'paper'`, [userId]);
      await tx.query(`DELETE FROM futures_positions WHERE user_id = $1 AND account = 'paper'`, [
        userId,
      ]);
      await tx.query(`DELETE FROM margin_accounts WHERE user_id = $1 AND account = 'paper'`, [
        userId,
      ]);
      // Copies into the paper account end with it: what they held is gone.
      await tx.query(
        `UPDATE copy_follows SET status = 'stopped', stop_reason = 'user', stopped_ms = $2
         WHERE user_id = $1 AND account = 'paper' AND status = 'active'`,
        [userId, this.now()],
      );
      await tx.query(
        `DELETE FROM copy_holdings WHERE follow_id IN
           (SELECT follow_id FROM copy_follows WHERE user_id = $1 AND account = 'paper')`,
        [userId],
      );
      await tx.query(`DELETE FROM paper_balances WHERE user_id = $1`, [userId]);
      await tx.query(`DELETE FROM paper_accounts WHERE user_id = $1`, [userId]);
      await ensurePaperAccount(tx, ref);
    });
    return this.balances(ref);
  }

  async #insertOrder(
    tx: Queryable,
    ref: AccountRef,
    orderId: string,
    request: PlaceOrderRequest,
    state: {
      status: 'open' | 'filled';
      average: Dec | null;
      held: Dec;
      feeRate: Dec;
      second: number;
      nowMs: number;
    },
  ) {
    const pair = pairOf(request.symbol);
    await tx.query(
      `INSERT INTO trade_orders (order_id, account, user_id, symbol, side, type, price, size,
         filled_size, average_price, held_coin, held_amount, status, checked_second, created_ms,
         updated_ms, fee_rate)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16)`,
      [
        orderId,
        ref.account,
        ref.userId,
        request.symbol,
        request.side,
        request.type,
        request.price ?? null,
        request.size,
        state.status === 'filled' ? request.size : '0',
        state.average === null ? null : text(state.average),
        request.side === 'buy' ? pair.quote : pair.base,
        text(state.held),
        state.status,
        state.second,
        state.nowMs,
        text(state.feeRate),
      ],
    );
  }

  /**
   * Books the fill of a whole order at `price`: the fill row and both coins, the fee at `feeRate`.
   * `from` says where the paying coin comes from: `available` for an order filled when placed (a
   * taker), `frozen` for a resting one (a maker, whose hold, for a buy, is exactly notional + fee
   * at its limit and the rate it was placed with).
   */
  async #fill(
    tx: Queryable,
    balances: LockedBalances,
    pair: MarketSymbol,
    orderId: string,
    side: 'buy' | 'sell',
    price: Dec,
    size: Dec,
    { from, feeRate, signal }: { from: 'available' | 'frozen'; feeRate: Dec; signal: boolean },
  ) {
    const notional = notionalOf(price, size);
    const fee = feeOf(notional, feeRate);
    // What part of its coins a sell sells, before it does: a follower sells the same part.
    const owned = balances.available(pair.base).plus(balances.frozen(pair.base));
    const fraction = side === 'sell' && owned.gt(0) ? divide(size, owned, 18) : undefined;
    const pay = (coin: string, amount: Dec) =>
      from === 'available'
        ? balances.change(coin, amount.neg(), new Dec(0))
        : balances.change(coin, new Dec(0), amount.neg());
    if (side === 'buy') {
      await pay(pair.quote, notional.plus(fee));
      await balances.change(pair.base, size, new Dec(0));
    } else {
      await pay(pair.base, size);
      await balances.change(pair.quote, notional.minus(fee), new Dec(0));
    }
    await tx.query(
      `INSERT INTO trade_fills (fill_id, order_id, account, user_id, symbol, side, price, size,
         fee, created_ms, liquidity) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        randomUUID(),
        orderId,
        balances.ref.account,
        balances.ref.userId,
        pair.symbol,
        side,
        text(price),
        text(size),
        text(fee),
        this.now(),
        from === 'available' ? 'taker' : 'maker',
      ],
    );
    if (signal) {
      await signalLead(
        tx,
        balances.ref,
        {
          kind: 'spot',
          symbol: pair.symbol,
          side,
          size,
          price,
          leverage: null,
          leadRef: orderId,
          fraction,
        },
        this.now(),
      );
    }
  }

  async #orderRow(tx: Queryable, orderId: string): Promise<OrderRow> {
    const [row] = await tx.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM trade_orders WHERE order_id = $1`,
      [orderId],
    );
    if (!row) throw new Error(`order ${orderId} vanished inside its transaction`);
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // Futures

  /** Opens an isolated position at market: long at the ask, short at the bid. */
  async openPosition(ref: AccountRef, request: OpenPositionRequest): Promise<Position> {
    const pair = requireMarketSymbol(request.symbol);
    const second = this.market.nowSecond();
    refuse(checkPosition(pair, request, this.#entryPrice(pair, request.side, second)));
    return this.db.transaction(async (tx) => {
      const opened = await this.#openIn(tx, ref, request, second, true);
      if ('refusal' in opened) {
        refuse(opened.refusal);
        throw new Error('a refusal was not thrown');
      }
      return opened.position;
    });
  }

  /** A copy's position inside the copy's transaction: refused before anything is written, or open. */
  openCopyPosition(
    tx: Queryable,
    ref: AccountRef,
    request: OpenPositionRequest,
  ): Promise<{ refusal: Refusal } | { position: Position }> {
    return this.#openIn(tx, ref, request, this.market.nowSecond(), false);
  }

  #entryPrice(pair: MarketSymbol, side: 'long' | 'short', second: number) {
    return side === 'long' ? this.market.bestAsk(pair, second) : this.market.bestBid(pair, second);
  }

  async #openIn(
    tx: Queryable,
    ref: AccountRef,
    request: OpenPositionRequest,
    second: number,
    signal: boolean,
  ): Promise<{ refusal: Refusal } | { position: Position }> {
    const pair = requireMarketSymbol(request.symbol);
    const entry = this.#entryPrice(pair, request.side, second);
    const size = dec(request.size);
    const margin = marginOf(entry, size, request.leverage);
    const liquidation = liquidationPriceOf(
      request.side,
      entry,
      request.leverage,
      dec(pair.priceTick),
    );
    const positionId = randomUUID();
    await ensurePaperAccount(tx, ref);
    const balances = await LockedBalances.lock(tx, ref, [QUOTE_COIN]);
    // A position opens at market: the account's futures taker rate.
    const feeRate = (await accountRates(tx, ref, 'futures')).taker;
    const available = (coin: string) => balances.available(coin);
    const refusal = checkPosition(pair, request, entry, available, feeRate);
    if (refusal) return { refusal };
    const fee = feeOf(notionalOf(entry, size), feeRate);
    await balances.change(QUOTE_COIN, margin.plus(fee).neg(), margin);
    const nowMs = this.now();
    await tx.query(
      `INSERT INTO futures_positions (position_id, account, user_id, symbol, side, size,
         leverage, entry_price, margin, liquidation_price, status, checked_second, opened_ms,
         open_fee)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', $11, $12, $13)`,
      [
        positionId,
        ref.account,
        ref.userId,
        pair.symbol,
        request.side,
        text(size),
        request.leverage,
        text(entry),
        text(margin),
        text(liquidation),
        second,
        nowMs,
        text(fee),
      ],
    );
    if (signal) {
      await signalLead(
        tx,
        ref,
        {
          kind: 'open',
          symbol: pair.symbol,
          side: request.side,
          size,
          price: entry,
          leverage: request.leverage,
          leadRef: positionId,
        },
        nowMs,
      );
    }
    return { position: this.#toPosition(await this.#positionRow(tx, positionId), second) };
  }

  /** Closes an open position at the mark: margin + PnL − fee back to available USDT. */
  async closePosition(ref: AccountRef, positionId: string): Promise<Position> {
    // A position the price liquidated before the close is liquidated, not closed.
    await this.settle(ref);
    const second = this.market.nowSecond();
    return this.db.transaction(async (tx) => {
      const closed = await this.#closeIn(tx, ref, positionId, second, true);
      if (!closed) {
        throw new RefusedError({
          status: 404,
          code: TradeCode.positionNotFound,
          message: `positionId: this account has no open position ${positionId}`,
        });
      }
      return closed;
    });
  }

  /**
   * Closes a copied position inside the copy's transaction; null when it is not open (closed or
   * liquidated already). Settle the account first, so a liquidation is not missed.
   */
  closeCopyPosition(tx: Queryable, ref: AccountRef, positionId: string): Promise<Position | null> {
    return this.#closeIn(tx, ref, positionId, this.market.nowSecond(), false);
  }

  async #closeIn(
    tx: Queryable,
    ref: AccountRef,
    positionId: string,
    second: number,
    signal: boolean,
  ): Promise<Position | null> {
    const [row] = await tx.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM futures_positions
       WHERE position_id = $1 AND user_id = $2 AND account = $3 AND status = 'open' FOR UPDATE`,
      [positionId, ref.userId, ref.account],
    );
    if (!row) return null;
    const pair = pairOf(row.symbol);
    const mark = this.market.price(pair, second);
    const margin = dec(row.margin);
    const balances = await LockedBalances.lock(tx, ref, [QUOTE_COIN]);
    const feeRate = (await accountRates(tx, ref, 'futures')).taker;
    const entry = dec(row.entry_price);
    const outcome = closeOutcome(row.side, entry, mark, dec(row.size), margin, feeRate);
    const nowMs = this.now();
    const closed = await tx.query(
      `UPDATE futures_positions SET status = 'closed', close_price = $2, realized_pnl = $3,
         closed_ms = $4, checked_second = $5
       WHERE position_id = $1 AND status = 'open' RETURNING position_id`,
      [positionId, text(mark), text(outcome.realizedPnl), nowMs, second],
    );
    if (closed.length > 0) {
      await balances.change(QUOTE_COIN, outcome.payout, margin.neg());
      if (signal) await this.#signalClose(tx, ref, row, mark, nowMs);
    }
    return this.#toPosition(await this.#positionRow(tx, positionId), second);
  }

  #signalClose(tx: Queryable, ref: AccountRef, row: PositionRow, price: Dec, nowMs: number) {
    return signalLead(
      tx,
      ref,
      {
        kind: 'close',
        symbol: row.symbol,
        side: row.side,
        size: dec(row.size),
        price,
        leverage: row.leverage,
        leadRef: row.position_id,
      },
      nowMs,
    );
  }

  /** Positions, open and ended, newest first; open ones valued at the current mark. */
  async positions(ref: AccountRef, query: ListQuery): Promise<Position[]> {
    await this.settle(ref);
    const second = this.market.nowSecond();
    const rows = await this.db.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM futures_positions
       WHERE user_id = $1 AND account = $2 AND ($3::text IS NULL OR symbol = $3)
       ORDER BY opened_ms DESC, position_id LIMIT $4`,
      [ref.userId, ref.account, query.symbol ?? null, query.limit],
    );
    return rows.map((row) => this.#toPosition(row, second));
  }

  #toPosition(row: PositionRow, second: number): Position {
    const open = row.status === 'open';
    const mark =
      open || row.close_price === null
        ? this.market.price(pairOf(row.symbol), second)
        : dec(row.close_price);
    return {
      positionId: row.position_id,
      symbol: row.symbol,
      side: row.side,
      size: text(dec(row.size)),
      leverage: row.leverage,
      entryPrice: text(dec(row.entry_price)),
      markPrice: text(mark),
      margin: text(dec(row.margin)),
      openFee: text(openFeeOf(row)),
      unrealizedPnl: open ? text(pnlOf(row.side, dec(row.entry_price), mark, dec(row.size))) : '0',
      liquidationPrice: text(dec(row.liquidation_price)),
      status: row.status,
      realizedPnl: row.realized_pnl === null ? null : text(dec(row.realized_pnl)),
      openedAt: row.opened_ms,
      closedAt: row.closed_ms,
    };
  }

  async #positionRow(tx: Queryable, positionId: string): Promise<PositionRow> {
    const [row] = await tx.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM futures_positions WHERE position_id = $1`,
      [positionId],
    );
    if (!row) throw new Error(`position ${positionId} vanished inside its transaction`);
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // Settle

  #scanRange(pair: MarketSymbol, checkedSecond: number, second: number) {
    const from = Math.max(checkedSecond + 1, second - MAX_SETTLE_SCAN_SECONDS + 1);
    return this.market.range(pair, from, second);
  }

  /**
   * Fills the resting orders the price crossed and liquidates the positions it reached since each
   * was last judged: of one account, or (no argument: the settle timer) of every account.
   * Idempotent and safe to run in several processes at once.
   */
  async settle(ref?: AccountRef): Promise<void> {
    const second = this.market.nowSecond();
    const scope = ref ? `AND user_id = $2 AND account = $3` : '';
    const params = ref ? [SETTLE_BATCH, ref.userId, ref.account] : [SETTLE_BATCH];
    const orders = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM trade_orders WHERE status = 'open' ${scope}
       ORDER BY order_id LIMIT $1`,
      params,
    );
    const unchangedOrders: string[] = [];
    for (const order of orders) {
      const range = this.#scanRange(pairOf(order.symbol), order.checked_second, second);
      if (!range) continue;
      if (isCrossed(order.side, dec(order.price ?? '0'), range)) {
        await this.#settleOrder(order.order_id, second);
      } else {
        unchangedOrders.push(order.order_id);
      }
    }
    await this.#markChecked('trade_orders', 'order_id', unchangedOrders, second);

    const positions = await this.db.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM futures_positions WHERE status = 'open' ${scope}
       ORDER BY position_id LIMIT $1`,
      params,
    );
    const unchangedPositions: string[] = [];
    for (const position of positions) {
      const range = this.#scanRange(pairOf(position.symbol), position.checked_second, second);
      if (!range) continue;
      if (isLiquidated(position.side, dec(position.liquidation_price), range)) {
        await this.#liquidate(position.position_id, second);
      } else {
        unchangedPositions.push(position.position_id);
      }
    }
    await this.#markChecked('futures_positions', 'position_id', unchangedPositions, second);
  }

  async #markChecked(table: string, idColumn: string, ids: readonly string[], second: number) {
    if (ids.length === 0) return;
    const placeholders = ids.map((_, i) => `$${i + 2}`).join(', ');
    await this.db.query(
      `UPDATE ${table} SET checked_second = $1
       WHERE ${idColumn} IN (${placeholders}) AND status = 'open' AND checked_second < $1`,
      [second, ...ids],
    );
  }

  async #settleOrder(orderId: string, second: number) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM trade_orders WHERE order_id = $1 AND status = 'open'
         FOR UPDATE`,
        [orderId],
      );
      if (!row || row.price === null) return;
      const pair = pairOf(row.symbol);
      // Judged again under the lock: another process may have judged some seconds meanwhile.
      const range = this.#scanRange(pair, row.checked_second, second);
      const limit = dec(row.price);
      if (!range || !isCrossed(row.side, limit, range)) return;
      const ref: AccountRef = { userId: row.user_id, account: row.account };
      const balances = await LockedBalances.lock(tx, ref, [pair.base, pair.quote]);
      const filled = await tx.query(
        `UPDATE trade_orders SET status = 'filled', filled_size = size, average_price = price,
           held_amount = 0, checked_second = $2, updated_ms = $3
         WHERE order_id = $1 AND status = 'open' RETURNING order_id`,
        [orderId, second, this.now()],
      );
      if (filled.length === 0) return;
      await this.#fill(tx, balances, pair, orderId, row.side, limit, dec(row.size), {
        from: 'frozen',
        feeRate: dec(row.fee_rate ?? FEE_RATE),
        signal: true,
      });
    });
  }

  async #liquidate(positionId: string, second: number) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<PositionRow>(
        `SELECT ${POSITION_COLUMNS} FROM futures_positions
         WHERE position_id = $1 AND status = 'open' FOR UPDATE`,
        [positionId],
      );
      if (!row) return;
      const pair = pairOf(row.symbol);
      const liquidation = dec(row.liquidation_price);
      const range = this.#scanRange(pair, row.checked_second, second);
      if (!range || !isLiquidated(row.side, liquidation, range)) return;
      const margin = dec(row.margin);
      const ref: AccountRef = { userId: row.user_id, account: row.account };
      const balances = await LockedBalances.lock(tx, ref, [QUOTE_COIN]);
      const done = await tx.query(
        `UPDATE futures_positions SET status = 'liquidated', close_price = $2, realized_pnl = $3,
           closed_ms = $4, checked_second = $5
         WHERE position_id = $1 AND status = 'open' RETURNING position_id`,
        [positionId, text(liquidation), text(margin.neg()), this.now(), second],
      );
      // Isolated margin: the whole margin is lost, nothing else.
      if (done.length > 0) {
        await balances.change(QUOTE_COIN, new Dec(0), margin.neg());
        // What the margin still held at the liquidation price goes to the protection fund.
        const feeRate = (await accountRates(tx, ref, 'futures')).taker;
        const surplus = closeOutcome(
          row.side,
          dec(row.entry_price),
          liquidation,
          dec(row.size),
          margin,
          feeRate,
        ).payout;
        await bookFundEntry(
          tx,
          ref,
          { kind: 'liquidation', asset: QUOTE_COIN, amount: surplus, source: positionId },
          this.now(),
        );
        // A lead's liquidation closes their followers' copies too (those not liquidated already).
        await this.#signalClose(tx, ref, row, liquidation, this.now());
      }
    });
  }
}

/**
 * Runs the settle step of every account every `intervalMs`, one pass at a time, until stopped.
 * Returns the stop function.
 */
export function startSettleTimer(
  engine: { settle(): Promise<void> },
  intervalMs: number,
  logError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      await engine.settle();
    } catch (error) {
      // A database closed under a pass (the gateway stopping) ends the loop quietly.
      if (error instanceof Error && /closed/i.test(error.message)) stopped = true;
      else logError(error);
    }
    if (!stopped) schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
