import { MARKET_SYMBOLS, TradeCode, type MarketSymbol } from '@exchange-web/protocol/trading';
import {
  hourlyInterestOf,
  marginLevelOf,
  marginValuation,
  maxBorrowable,
  repaymentOf,
  QUOTE_COIN,
  type MarginHolding as RuleHolding,
} from '@exchange-web/protocol/trading-rules';
import type {
  MarginAccount,
  MarginLoanRequest,
  MarginOrder,
  MarginOrderRequest,
  MarginOrdersQuery,
  MarginRecord,
  MarginRecordsQuery,
  MarginTransferRequest,
  MARGIN_RECORD_KINDS,
} from '@exchange-web/protocol/trading-schemas';
import { randomUUID } from 'node:crypto';
import type { MarginConfig } from '../config';
import type { Database, Queryable } from '../db/database';
import { RefusedError } from '../http/errors';
import { bookFundEntry } from '../reserves/fund-ledger';
import { Dec, maxOf, text } from '../market/decimal';
import type { SimulatedMarket } from '../market/price-model';
import { requireMarketSymbol } from '../market/symbols';
import {
  ensurePaperAccount,
  LockedBalances,
  MAX_SETTLE_SCAN_SECONDS,
  refuse,
  windowParams,
  type AccountRef,
} from './engine';
import { marginActionRefusal, type MarginActionState } from './margin-rules';
import { FEE_RATE } from '@exchange-web/protocol/trading-rules';
import { accountRates } from '../fees/rates';
import { checkOrder, feeOf, isCrossed, isMarketable, orderHold } from './rules';

const HOUR_MS = 3_600_000;
/** Most accounts with debt one pass of the settle timer looks at. */
const SETTLE_BATCH = 500;

type RecordKind = (typeof MARGIN_RECORD_KINDS)[number];

/** Which margin account: '' the cross one, a pair's symbol an isolated one. */
type Scope = string;

const CROSS: Scope = '';

/** The coins an account of `scope` holds: every market coin (cross), or its pair's two. */
export const coinsOf = (scope: Scope): string[] =>
  scope === CROSS
    ? [QUOTE_COIN, ...MARKET_SYMBOLS.map((pair) => pair.base)]
    : [requireMarketSymbol(scope).base, QUOTE_COIN];

/** The USDT pair of `coin`, by which it is priced and liquidated. */
const pairOfCoin = (coin: string): MarketSymbol => {
  const pair = MARKET_SYMBOLS.find((entry) => entry.base === coin && entry.quote === QUOTE_COIN);
  if (!pair) throw new Error(`${coin} has no USDT pair to price it by`);
  return pair;
};

interface MarginOrderRow {
  order_id: string;
  user_id: string;
  account: 'real' | 'paper';
  scope: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  status: 'open' | 'filled' | 'cancelled';
  held: string;
  checked_second: number;
  size: string;
  price: string;
  fee: string;
  /** The rate the order was booked at; null on orders from before fee levels (0.1 %). */
  fee_rate: string | null;
  side_effect: MarginOrder['sideEffect'];
  loan_coin: string | null;
  borrowed: string;
  repaid: string;
  created_ms: number;
}

const MARGIN_ORDER_COLUMNS = `order_id, user_id, account, scope, symbol, side, type, status,
  held::text AS held, checked_second::float8 AS checked_second, size::text AS size,
  price::text AS price, fee::text AS fee, fee_rate::text AS fee_rate, side_effect, loan_coin, borrowed::text AS borrowed,
  repaid::text AS repaid, created_ms::float8 AS created_ms`;

const toMarginOrder = (row: MarginOrderRow): MarginOrder => ({
  orderId: row.order_id,
  symbol: row.symbol,
  mode: row.scope === CROSS ? 'cross' : 'isolated',
  type: row.type,
  status: row.status,
  side: row.side,
  size: text(new Dec(row.size)),
  price: text(new Dec(row.price)),
  fee: text(new Dec(row.fee)),
  sideEffect: row.side_effect,
  borrowed: text(new Dec(row.borrowed)),
  repaid: text(new Dec(row.repaid)),
  loanCoin: row.loan_coin,
  time: row.created_ms,
});

const marginOrderNotFound = (orderId: string) =>
  new RefusedError({
    status: 404,
    code: TradeCode.orderNotFound,
    message: `orderId: this account has no margin order ${orderId}`,
  });

interface HoldingRow {
  coin_name: string;
  available: string;
  frozen: string;
  borrowed: string;
  interest: string;
}

/** One margin account inside a transaction: its row locked, its holdings read and changed. */
class LockedMargin {
  readonly #holdings = new Map<
    string,
    { available: Dec; frozen: Dec; borrowed: Dec; interest: Dec }
  >();
  readonly #changed = new Set<string>();

  constructor(
    readonly tx: Queryable,
    readonly ref: AccountRef,
    readonly scope: Scope,
    rows: readonly HoldingRow[],
  ) {
    for (const coin of coinsOf(scope)) {
      const row = rows.find((candidate) => candidate.coin_name === coin);
      this.#holdings.set(coin, {
        available: new Dec(row?.available ?? '0'),
        frozen: new Dec(row?.frozen ?? '0'),
        borrowed: new Dec(row?.borrowed ?? '0'),
        interest: new Dec(row?.interest ?? '0'),
      });
    }
  }

  coins(): string[] {
    return [...this.#holdings.keys()];
  }

  holding(coin: string) {
    const holding = this.#holdings.get(coin);
    if (!holding) throw new Error(`${coin} is not a coin of margin account "${this.scope}"`);
    return holding;
  }

  /** The holdings as the shared rules read them, each at `priceOf` its coin. */
  forRules(priceOf: (coin: string) => Dec): RuleHolding[] {
    return this.coins().map((coin) => {
      const holding = this.holding(coin);
      return {
        coin,
        available: text(holding.available),
        frozen: text(holding.frozen),
        borrowed: text(holding.borrowed),
        interest: text(holding.interest),
        price: text(priceOf(coin)),
      };
    });
  }

  /**
   * Adds signed amounts to a coin's holding, in memory: a liquidation passes through a negative
   * USDT holding between its sales and buy-backs. {@link save} writes what changed.
   */
  change(coin: string, delta: { available?: Dec; frozen?: Dec; borrowed?: Dec; interest?: Dec }) {
    const holding = this.holding(coin);
    holding.available = holding.available.plus(delta.available ?? 0);
    holding.frozen = holding.frozen.plus(delta.frozen ?? 0);
    holding.borrowed = holding.borrowed.plus(delta.borrowed ?? 0);
    holding.interest = holding.interest.plus(delta.interest ?? 0);
    this.#changed.add(coin);
  }

  /** Writes the holdings changed since the last save. */
  async save() {
    for (const coin of [...this.#changed].sort()) {
      const holding = this.holding(coin);
      await this.tx.query(
        `INSERT INTO margin_holdings (user_id, account, scope, coin_name, available, frozen,
           borrowed, interest) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (user_id, account, scope, coin_name) DO UPDATE SET
           available = excluded.available, frozen = excluded.frozen,
           borrowed = excluded.borrowed, interest = excluded.interest`,
        [
          this.ref.userId,
          this.ref.account,
          this.scope,
          coin,
          text(holding.available),
          text(holding.frozen),
          text(holding.borrowed),
          text(holding.interest),
        ],
      );
    }
    this.#changed.clear();
  }

  async record(kind: RecordKind, coin: string, amount: Dec, nowMs: number, detail?: string) {
    await this.tx.query(
      `INSERT INTO margin_records (record_id, user_id, account, scope, kind, coin_name, amount,
         detail, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        randomUUID(),
        this.ref.userId,
        this.ref.account,
        this.scope,
        kind,
        coin,
        text(amount),
        detail ?? null,
        nowMs,
      ],
    );
  }
}

/**
 * Margin accounts of the real and paper accounts over the simulated market: transfers from and
 * to spot, borrowing and repaying, hourly interest and liquidation (README "Margin"). Every change
 * runs in one transaction that holds the account's row FOR UPDATE, after charging the hours of
 * interest not charged yet and liquidating an account at or under the liquidation ratio, so two
 * gateway processes never charge an hour twice or book against a stale account.
 */
export class MarginEngine {
  constructor(
    readonly db: Database,
    readonly market: SimulatedMarket,
    readonly config: MarginConfig,
    readonly now: () => number = () => Date.now(),
  ) {}

  /** USDT per unit of `coin` now: the mark of its pair (1 for USDT). */
  #priceOf(second: number) {
    return (coin: string): Dec =>
      coin === QUOTE_COIN ? new Dec(1) : this.market.price(pairOfCoin(coin), second);
  }

  /** The scope of a request: its symbol's isolated account, or the cross one. */
  #scopeOf(symbol: string | undefined): Scope {
    return symbol === undefined ? CROSS : requireMarketSymbol(symbol).symbol;
  }

  #requireCoin(scope: Scope, coin: string) {
    const coins = coinsOf(scope);
    if (!coins.includes(coin)) {
      throw new RefusedError({
        status: 400,
        code: TradeCode.coinNotInMarginAccount,
        message: `coin: this margin account holds ${coins.join(', ')} only`,
      });
    }
  }

  /** A coin without an hourly rate cannot be borrowed: 43013. */
  #requireBorrowable(coin: string) {
    if (this.config.hourlyRates[coin] === undefined) {
      refuse({ code: TradeCode.overBorrow, message: `coin: ${coin} cannot be borrowed` });
    }
  }

  /**
   * Locks (making it when new) the account of `scope`, charges its unpaid hours of interest and
   * liquidates it when at or under the liquidation ratio.
   */
  async #lock(tx: Queryable, ref: AccountRef, scope: Scope): Promise<LockedMargin> {
    const nowMs = this.now();
    const hour = Math.floor(nowMs / HOUR_MS);
    await tx.query(
      `INSERT INTO margin_accounts (user_id, account, scope, interest_hour, created_ms)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [ref.userId, ref.account, scope, hour, nowMs],
    );
    const [row] = await tx.query<{ interest_hour: number }>(
      `SELECT interest_hour::float8 AS interest_hour FROM margin_accounts
       WHERE user_id = $1 AND account = $2 AND scope = $3 FOR UPDATE`,
      [ref.userId, ref.account, scope],
    );
    if (!row) throw new Error('a margin account vanished inside its transaction');
    const holdings = await tx.query<HoldingRow>(
      `SELECT coin_name, available::text AS available, frozen::text AS frozen,
         borrowed::text AS borrowed, interest::text AS interest
       FROM margin_holdings WHERE user_id = $1 AND account = $2 AND scope = $3`,
      [ref.userId, ref.account, scope],
    );
    const locked = new LockedMargin(tx, ref, scope, holdings);
    const hours = hour - row.interest_hour;
    if (hours > 0) {
      // The principal has not changed since the last charge: every change charges first.
      for (const coin of locked.coins()) {
        const { borrowed } = locked.holding(coin);
        const rate = this.config.hourlyRates[coin];
        if (borrowed.eq(0) || rate === undefined) continue;
        const interest = new Dec(hourlyInterestOf(text(borrowed), rate, hours));
        if (interest.eq(0)) continue;
        locked.change(coin, { interest });
        await locked.record('interest', coin, interest, nowMs, `${hours}h at ${rate}`);
      }
      await tx.query(
        `UPDATE margin_accounts SET interest_hour = $4
         WHERE user_id = $1 AND account = $2 AND scope = $3`,
        [ref.userId, ref.account, scope, hour],
      );
    }
    await this.#liquidateIfDue(locked, nowMs);
    await locked.save();
    return locked;
  }

  /**
   * Liquidates an account at or under the liquidation ratio: sells every coin held for USDT at
   * the bid, buys back each coin owed at the ask, repays every debt, fees of each trade included.
   * What is left stays in the account; a shortfall (a price that jumped past the collateral) is
   * written off and named in the record.
   */
  async #liquidateIfDue(locked: LockedMargin, nowMs: number) {
    const second = this.market.nowSecond();
    const valuation = marginValuation(locked.forRules(this.#priceOf(second)));
    if (marginLevelOf(valuation.riskRatio, this.config) !== 'liquidation') return;
    const steps: string[] = [`risk ratio ${valuation.riskRatio}`];
    // Resting orders first: what they hold is sold and repaid with the rest.
    const cancelled = await locked.tx.query<{
      order_id: string;
      symbol: string;
      side: string;
      held: string;
    }>(
      `SELECT order_id, symbol, side, held::text AS held FROM margin_orders
       WHERE user_id = $1 AND account = $2 AND scope = $3 AND status = 'open'
       ORDER BY order_id FOR UPDATE`,
      [locked.ref.userId, locked.ref.account, locked.scope],
    );
    if (cancelled.length > 0) {
      await locked.tx.query(
        `UPDATE margin_orders SET status = 'cancelled', held = 0, updated_ms = $4
         WHERE user_id = $1 AND account = $2 AND scope = $3 AND status = 'open'`,
        [locked.ref.userId, locked.ref.account, locked.scope, nowMs],
      );
    }
    for (const order of cancelled) {
      const pair = requireMarketSymbol(order.symbol);
      const held = new Dec(order.held);
      locked.change(order.side === 'buy' ? pair.quote : pair.base, {
        available: held,
        frozen: held.neg(),
      });
    }
    if (cancelled.length > 0) steps.push(`cancelled ${cancelled.length} open orders`);
    // Every liquidation trade takes the book: the account's margin taker rate.
    const feeRate = (await accountRates(locked.tx, locked.ref, 'margin')).taker;
    for (const coin of locked.coins()) {
      const { available } = locked.holding(coin);
      if (coin === QUOTE_COIN || available.eq(0)) continue;
      const bid = this.market.bestBid(pairOfCoin(coin), second);
      const notional = available.times(bid);
      const proceeds = notional.minus(feeOf(notional, feeRate));
      locked.change(coin, { available: available.neg() });
      locked.change(QUOTE_COIN, { available: proceeds });
      steps.push(`sold ${text(available)} ${coin} at ${text(bid)}`);
    }
    for (const coin of locked.coins()) {
      const { borrowed, interest } = locked.holding(coin);
      const owed = borrowed.plus(interest);
      if (coin === QUOTE_COIN || owed.eq(0)) continue;
      const ask = this.market.bestAsk(pairOfCoin(coin), second);
      const notional = owed.times(ask);
      locked.change(QUOTE_COIN, { available: notional.plus(feeOf(notional, feeRate)).neg() });
      locked.change(coin, { borrowed: borrowed.neg(), interest: interest.neg() });
      steps.push(`bought back ${text(owed)} ${coin} at ${text(ask)}`);
    }
    const usdt = locked.holding(QUOTE_COIN);
    const owed = usdt.borrowed.plus(usdt.interest);
    const shortfall = maxOf(new Dec(0), owed.minus(usdt.available));
    // A negative USDT holding (the buy-backs cost more than the sales) is part of the shortfall.
    locked.change(QUOTE_COIN, {
      available: usdt.available.lt(owed) ? usdt.available.neg() : owed.neg(),
      borrowed: usdt.borrowed.neg(),
      interest: usdt.interest.neg(),
    });
    steps.push(`repaid ${text(owed)} USDT`);
    if (shortfall.gt(0)) {
      steps.push(`wrote off ${text(shortfall)} USDT`);
      // The protection fund covers it (README "Protection fund").
      await bookFundEntry(
        locked.tx,
        locked.ref,
        {
          kind: 'writeOff',
          asset: QUOTE_COIN,
          amount: shortfall.neg(),
          source: `${locked.ref.userId}/${locked.scope || 'cross'}`,
        },
        nowMs,
      );
    }
    await locked.record(
      'liquidation',
      QUOTE_COIN,
      new Dec(valuation.debt),
      nowMs,
      steps.join('; '),
    );
  }

  /** Moves `amount` of a coin between the spot account and a margin account. */
  async transfer(ref: AccountRef, request: MarginTransferRequest): Promise<MarginAccount> {
    const scope = this.#scopeOf(request.symbol);
    this.#requireCoin(scope, request.coin);
    const amount = new Dec(request.amount);
    const action = request.direction === 'in' ? 'transferIn' : 'transferOut';
    return this.db.transaction(async (tx) => {
      await ensurePaperAccount(tx, ref);
      const margin = await this.#lock(tx, ref, scope);
      const spot = await LockedBalances.lock(tx, ref, [request.coin]);
      refuse(
        marginActionRefusal(
          this.#actionState(margin, spot.available(request.coin)),
          action,
          request.coin,
          amount,
        ),
      );
      const sign = action === 'transferIn' ? amount : amount.neg();
      await spot.change(request.coin, sign.neg(), new Dec(0));
      margin.change(request.coin, { available: sign });
      await margin.save();
      await margin.record(action, request.coin, amount, this.now());
      return this.#toAccount(margin);
    });
  }

  /** Borrows `amount` of a coin into a margin account, within what its collateral allows. */
  async borrow(ref: AccountRef, request: MarginLoanRequest): Promise<MarginAccount> {
    const scope = this.#scopeOf(request.symbol);
    this.#requireCoin(scope, request.coin);
    this.#requireBorrowable(request.coin);
    const amount = new Dec(request.amount);
    return this.db.transaction(async (tx) => {
      const margin = await this.#lock(tx, ref, scope);
      refuse(marginActionRefusal(this.#actionState(margin), 'borrow', request.coin, amount));
      margin.change(request.coin, { available: amount, borrowed: amount });
      await margin.save();
      await margin.record('borrow', request.coin, amount, this.now());
      return this.#toAccount(margin);
    });
  }

  /** Repays `amount` of a coin: its unpaid interest first, then the principal. */
  async repay(ref: AccountRef, request: MarginLoanRequest): Promise<MarginAccount> {
    const scope = this.#scopeOf(request.symbol);
    this.#requireCoin(scope, request.coin);
    const amount = new Dec(request.amount);
    return this.db.transaction(async (tx) => {
      const margin = await this.#lock(tx, ref, scope);
      refuse(marginActionRefusal(this.#actionState(margin), 'repay', request.coin, amount));
      const holding = margin.holding(request.coin);
      const paid = repaymentOf(
        { borrowed: text(holding.borrowed), interest: text(holding.interest) },
        text(amount),
      );
      margin.change(request.coin, {
        available: amount.neg(),
        interest: new Dec(paid.interest).neg(),
        borrowed: new Dec(paid.principal).neg(),
      });
      await margin.save();
      await margin.record(
        'repay',
        request.coin,
        amount,
        this.now(),
        `interest ${paid.interest}, principal ${paid.principal}`,
      );
      return this.#toAccount(margin);
    });
  }

  /** What the shared rules judge a transfer, borrow or repay by: the account locked, priced now. */
  #actionState(margin: LockedMargin, spotAvailable = new Dec(0)): MarginActionState {
    return {
      coins: coinsOf(margin.scope),
      holdings: margin.forRules(this.#priceOf(this.market.nowSecond())),
      spotAvailable,
      hourlyRates: this.config.hourlyRates,
      marginCall: this.config.marginCall,
    };
  }

  /**
   * Places an order in a margin account. A market order fills at once at the ask (buy) or the bid
   * (sell); a limit order at or through the book fills at once at its limit, any other rests
   * `open`, holding what it would pay (a buy's notional and fee, a sell's size) in `frozen`, and
   * fills at its limit when the price reaches it (settle). `autoBorrow` first borrows what the
   * account lacks of the coin the order pays with (within the collateral, else 43013);
   * `autoRepay` repays the debt of the coin it receives, as far as it goes, when it fills.
   * Without them an account short of funds is refused (43001).
   */
  async placeOrder(
    ref: AccountRef,
    request: MarginOrderRequest,
  ): Promise<{ order: MarginOrder; margin: MarginAccount }> {
    const pair = requireMarketSymbol(request.symbol);
    const scope = request.mode === 'isolated' ? pair.symbol : CROSS;
    const second = this.market.nowSecond();
    const bid = this.market.bestBid(pair, second);
    const ask = this.market.bestAsk(pair, second);
    const marketPrice = request.side === 'buy' ? ask : bid;
    const order = {
      symbol: pair.symbol,
      side: request.side,
      type: request.type,
      price: request.price,
      size: request.size,
    } as const;
    refuse(checkOrder(pair, order, marketPrice));
    const limit = request.price === undefined ? undefined : new Dec(request.price);
    const fillsNow = limit === undefined || isMarketable(request.side, limit, bid, ask);
    const price = limit ?? marketPrice;
    const size = new Dec(request.size);
    const [pays, gets] = request.side === 'buy' ? [pair.quote, pair.base] : [pair.base, pair.quote];
    const orderId = randomUUID();
    return this.db.transaction(async (tx) => {
      const margin = await this.#lock(tx, ref, scope);
      // Filled at once it takes the book; resting, it holds and pays the maker rate.
      const rates = await accountRates(tx, ref, 'margin');
      const feeRate = fillsNow ? rates.taker : rates.maker;
      const hold = orderHold(pair, request.side, price, size, feeRate);
      const nowMs = this.now();
      let borrowed = new Dec(0);
      const lacking = hold.amount.minus(margin.holding(pays).available);
      if (lacking.gt(0) && request.sideEffect === 'autoBorrow') {
        // The same judge as a borrow by hand: a coin without a rate, or past the collateral.
        refuse(marginActionRefusal(this.#actionState(margin), 'borrow', pays, lacking));
        margin.change(pays, { available: lacking, borrowed: lacking });
        await margin.record('borrow', pays, lacking, nowMs, `for order ${orderId}`);
        borrowed = lacking;
      }
      const available = () => margin.holding(pays).available;
      refuse(checkOrder(pair, order, marketPrice, available, feeRate));
      margin.change(pays, { available: hold.amount.neg(), frozen: hold.amount });
      const filled = fillsNow
        ? await this.#fill(
            margin,
            {
              orderId,
              pair,
              side: request.side,
              price,
              size,
              held: hold.amount,
              feeRate,
              sideEffect: request.sideEffect,
            },
            nowMs,
          )
        : { fee: new Dec(0), repaid: new Dec(0) };
      await margin.save();
      const loanCoin = borrowed.gt(0) ? pays : filled.repaid.gt(0) ? gets : null;
      const row: MarginOrderRow = {
        order_id: orderId,
        user_id: ref.userId,
        account: ref.account,
        scope,
        symbol: pair.symbol,
        side: request.side,
        type: request.type,
        status: fillsNow ? 'filled' : 'open',
        held: text(fillsNow ? new Dec(0) : hold.amount),
        checked_second: second,
        size: text(size),
        price: text(price),
        fee: text(filled.fee),
        fee_rate: text(feeRate),
        side_effect: request.sideEffect,
        loan_coin: loanCoin,
        borrowed: text(borrowed),
        repaid: text(filled.repaid),
        created_ms: nowMs,
      };
      await tx.query(
        `INSERT INTO margin_orders (order_id, user_id, account, scope, symbol, side, type, status,
           held, checked_second, size, price, fee, side_effect, loan_coin, borrowed, repaid,
           created_ms, updated_ms, fee_rate)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
           $18, $19)`,
        [
          row.order_id,
          row.user_id,
          row.account,
          row.scope,
          row.symbol,
          row.side,
          row.type,
          row.status,
          row.held,
          row.checked_second,
          row.size,
          row.price,
          row.fee,
          row.side_effect,
          row.loan_coin,
          row.borrowed,
          row.repaid,
          row.created_ms,
          row.fee_rate,
        ],
      );
      return { order: toMarginOrder(row), margin: this.#toAccount(margin) };
    });
  }

  /**
   * Fills an order whose hold is in `frozen`, at `price`: the hold is spent (a buy's notional and
   * fee, a sell's size), the proceeds arrive (a buy's size, a sell's notional less the fee), then
   * `autoRepay` repays the debt of the coin received as far as it goes.
   */
  async #fill(
    margin: LockedMargin,
    order: {
      orderId: string;
      pair: MarketSymbol;
      side: 'buy' | 'sell';
      price: Dec;
      size: Dec;
      held: Dec;
      /** The hold of a buy was made at this rate, so it pays exactly the notional and fee. */
      feeRate: Dec;
      sideEffect: MarginOrder['sideEffect'];
    },
    nowMs: number,
  ): Promise<{ fee: Dec; repaid: Dec }> {
    const { pair, side, size } = order;
    const [pays, gets] = side === 'buy' ? [pair.quote, pair.base] : [pair.base, pair.quote];
    const notional = size.times(order.price);
    const fee = feeOf(notional, order.feeRate);
    margin.change(pays, { frozen: order.held.neg() });
    margin.change(gets, { available: side === 'buy' ? size : notional.minus(fee) });
    let repaid = new Dec(0);
    if (order.sideEffect === 'autoRepay') {
      const owed = margin.holding(gets);
      const due = owed.borrowed.plus(owed.interest);
      repaid = due.lt(owed.available) ? due : owed.available;
      if (repaid.gt(0)) {
        const paid = repaymentOf(
          { borrowed: text(owed.borrowed), interest: text(owed.interest) },
          text(repaid),
        );
        margin.change(gets, {
          available: repaid.neg(),
          interest: new Dec(paid.interest).neg(),
          borrowed: new Dec(paid.principal).neg(),
        });
        await margin.record('repay', gets, repaid, nowMs, `by order ${order.orderId}`);
      }
    }
    return { fee, repaid };
  }

  /**
   * Cancels a resting margin order and gives back what it held (what it borrowed stays owed). An
   * order the price reached before the cancel is filled, not cancelled: 43006.
   */
  async cancelOrder(
    ref: AccountRef,
    orderId: string,
  ): Promise<{ order: MarginOrder; margin: MarginAccount }> {
    await this.#settleOrders(ref);
    const [found] = await this.db.query<{ scope: string }>(
      `SELECT scope FROM margin_orders WHERE order_id = $1 AND user_id = $2 AND account = $3`,
      [orderId, ref.userId, ref.account],
    );
    if (!found) throw marginOrderNotFound(orderId);
    return this.db.transaction(async (tx) => {
      // The account first, as every change locks it: then the order.
      const margin = await this.#lock(tx, ref, found.scope);
      const [row] = await tx.query<MarginOrderRow>(
        `SELECT ${MARGIN_ORDER_COLUMNS} FROM margin_orders WHERE order_id = $1 FOR UPDATE`,
        [orderId],
      );
      if (!row) throw marginOrderNotFound(orderId);
      if (row.status !== 'open') {
        throw new RefusedError({
          status: 409,
          code: TradeCode.orderNotOpen,
          message: `orderId: the order is ${row.status} already`,
        });
      }
      const nowMs = this.now();
      const [updated] = await tx.query<MarginOrderRow>(
        `UPDATE margin_orders SET status = 'cancelled', held = 0, updated_ms = $2
         WHERE order_id = $1 RETURNING ${MARGIN_ORDER_COLUMNS}`,
        [orderId, nowMs],
      );
      const pair = requireMarketSymbol(row.symbol);
      const held = new Dec(row.held);
      margin.change(row.side === 'buy' ? pair.quote : pair.base, {
        available: held,
        frozen: held.neg(),
      });
      await margin.save();
      if (!updated) throw new Error('a locked margin order vanished inside its transaction');
      return { order: toMarginOrder(updated), margin: this.#toAccount(margin) };
    });
  }

  /**
   * Fills the resting margin orders the price reached since each was last judged: of one account,
   * or (no argument: the settle timer) of every account. Each fill runs in the transaction that
   * holds its account's row, then the order's, and moves the order only from `open`.
   */
  async #settleOrders(ref?: AccountRef): Promise<void> {
    const second = this.market.nowSecond();
    const where = ref ? `AND user_id = $2 AND account = $3` : '';
    const params = ref ? [SETTLE_BATCH, ref.userId, ref.account] : [SETTLE_BATCH];
    const open = await this.db.query<MarginOrderRow>(
      `SELECT ${MARGIN_ORDER_COLUMNS} FROM margin_orders WHERE status = 'open' ${where}
       ORDER BY order_id LIMIT $1`,
      params,
    );
    const unchanged: string[] = [];
    for (const row of open) {
      const range = this.#scanRange(row, second);
      if (!range) continue;
      if (isCrossed(row.side, new Dec(row.price), range)) await this.#fillResting(row, second);
      else unchanged.push(row.order_id);
    }
    if (unchanged.length === 0) return;
    const placeholders = unchanged.map((_, i) => `$${i + 2}`).join(', ');
    await this.db.query(
      `UPDATE margin_orders SET checked_second = $1
       WHERE order_id IN (${placeholders}) AND status = 'open' AND checked_second < $1`,
      [second, ...unchanged],
    );
  }

  #scanRange(row: Pick<MarginOrderRow, 'symbol' | 'checked_second'>, second: number) {
    const from = Math.max(row.checked_second + 1, second - MAX_SETTLE_SCAN_SECONDS + 1);
    return this.market.range(requireMarketSymbol(row.symbol), from, second);
  }

  async #fillResting(found: MarginOrderRow, second: number) {
    const ref: AccountRef = { userId: found.user_id, account: found.account };
    await this.db.transaction(async (tx) => {
      const margin = await this.#lock(tx, ref, found.scope);
      const [row] = await tx.query<MarginOrderRow>(
        `SELECT ${MARGIN_ORDER_COLUMNS} FROM margin_orders WHERE order_id = $1 AND status = 'open'
         FOR UPDATE`,
        [found.order_id],
      );
      // Judged again under the locks: another process may have judged some seconds meanwhile,
      // or the account's liquidation cancelled the order.
      const range = row && this.#scanRange(row, second);
      if (!row || !range || !isCrossed(row.side, new Dec(row.price), range)) return;
      const pair = requireMarketSymbol(row.symbol);
      const nowMs = this.now();
      const { fee, repaid } = await this.#fill(
        margin,
        {
          orderId: row.order_id,
          pair,
          side: row.side,
          price: new Dec(row.price),
          size: new Dec(row.size),
          held: new Dec(row.held),
          feeRate: new Dec(row.fee_rate ?? FEE_RATE),
          sideEffect: row.side_effect,
        },
        nowMs,
      );
      await margin.save();
      const gets = row.side === 'buy' ? pair.base : pair.quote;
      await tx.query(
        `UPDATE margin_orders SET status = 'filled', held = 0, fee = $2, repaid = $3,
           loan_coin = COALESCE(loan_coin, $4), checked_second = $5, updated_ms = $6
         WHERE order_id = $1 AND status = 'open'`,
        [row.order_id, text(fee), text(repaid), repaid.gt(0) ? gets : null, second, nowMs],
      );
    });
  }

  /** The margin orders of `ref`, of one pair or all, newest first, filtered and paged. */
  async orders(ref: AccountRef, query: MarginOrdersQuery): Promise<MarginOrder[]> {
    await this.#settleOrders(ref);
    const symbol = query.symbol === undefined ? null : requireMarketSymbol(query.symbol).symbol;
    const rows = await this.db.query<MarginOrderRow>(
      `SELECT ${MARGIN_ORDER_COLUMNS}
       FROM margin_orders WHERE user_id = $1 AND account = $2 AND ($3::text IS NULL OR symbol = $3)
         AND ($4::text IS NULL OR side = $4) AND ($5::text IS NULL OR type = $5)
         AND ($6::text IS NULL OR status = $6)
         AND ($7::bigint IS NULL OR created_ms >= $7) AND ($8::bigint IS NULL OR created_ms <= $8)
       ORDER BY created_ms DESC, order_id LIMIT $9 OFFSET $10`,
      [
        ref.userId,
        ref.account,
        symbol,
        query.side ?? null,
        query.type ?? null,
        query.status ?? null,
        ...windowParams(query),
      ],
    );
    return rows.map(toMarginOrder);
  }

  /** One margin order of `ref`. */
  async order(ref: AccountRef, orderId: string): Promise<MarginOrder> {
    await this.#settleOrders(ref);
    const [row] = await this.db.query<MarginOrderRow>(
      `SELECT ${MARGIN_ORDER_COLUMNS} FROM margin_orders
       WHERE order_id = $1 AND user_id = $2 AND account = $3`,
      [orderId, ref.userId, ref.account],
    );
    if (!row) throw marginOrderNotFound(orderId);
    return toMarginOrder(row);
  }

  /**
   * Every margin account of `ref` as it stands now: the cross one (opened empty when missing),
   * then each isolated pair's, in pair order.
   */
  async accounts(ref: AccountRef): Promise<MarginAccount[]> {
    await this.#settleOrders(ref);
    const rows = await this.db.query<{ scope: string }>(
      `SELECT scope FROM margin_accounts WHERE user_id = $1 AND account = $2 AND scope <> $3
       ORDER BY scope`,
      [ref.userId, ref.account, CROSS],
    );
    const scopes = [CROSS, ...rows.map((row) => row.scope)];
    const accounts: MarginAccount[] = [];
    // One transaction each, as `account` does: interest and a due liquidation happen first.
    for (const scope of scopes) {
      accounts.push(
        await this.db.transaction(async (tx) => this.#toAccount(await this.#lock(tx, ref, scope))),
      );
    }
    return accounts;
  }

  /** One margin account as it stands now (interest charged and a due liquidation done first). */
  async account(ref: AccountRef, symbol: string | undefined): Promise<MarginAccount> {
    const scope = this.#scopeOf(symbol);
    await this.#settleOrders(ref);
    return this.db.transaction(async (tx) => this.#toAccount(await this.#lock(tx, ref, scope)));
  }

  /** The margin records of every account of `ref` (or of one), newest first. */
  async records(ref: AccountRef, query: MarginRecordsQuery): Promise<MarginRecord[]> {
    await this.settle(ref);
    const scope = query.symbol === undefined ? null : this.#scopeOf(query.symbol);
    const rows = await this.db.query<{
      record_id: string;
      scope: string;
      kind: RecordKind;
      coin_name: string;
      amount: string;
      detail: string | null;
      created_ms: number;
    }>(
      `SELECT record_id, scope, kind, coin_name, amount::text AS amount, detail,
         created_ms::float8 AS created_ms
       FROM margin_records
       WHERE user_id = $1 AND account = $2 AND ($3::text IS NULL OR scope = $3)
         AND ($4::text IS NULL OR kind = $4)
         AND ($5::bigint IS NULL OR created_ms >= $5) AND ($6::bigint IS NULL OR created_ms <= $6)
       ORDER BY created_ms DESC, record_id LIMIT $7 OFFSET $8`,
      [ref.userId, ref.account, scope, query.kind ?? null, ...windowParams(query)],
    );
    return rows.map((row) => ({
      recordId: row.record_id,
      symbol: row.scope === CROSS ? null : row.scope,
      kind: row.kind,
      coin: row.coin_name,
      amount: text(new Dec(row.amount)),
      detail: row.detail,
      time: row.created_ms,
    }));
  }

  /**
   * Charges interest and liquidates where due: the accounts of `ref`, or (no argument: the settle
   * timer) every account that owes. Idempotent and safe in several processes at once.
   */
  async settle(ref?: AccountRef): Promise<void> {
    await this.#settleOrders(ref);
    const scope = ref ? `AND user_id = $2 AND account = $3` : '';
    const params = ref ? [SETTLE_BATCH, ref.userId, ref.account] : [SETTLE_BATCH];
    const owing = await this.db.query<{
      user_id: string;
      account: 'real' | 'paper';
      scope: string;
    }>(
      `SELECT DISTINCT user_id, account, scope FROM margin_holdings
       WHERE (borrowed > 0 OR interest > 0) ${scope} ORDER BY user_id, account, scope LIMIT $1`,
      params,
    );
    for (const row of owing) {
      await this.db.transaction((tx) =>
        this.#lock(tx, { userId: row.user_id, account: row.account }, row.scope),
      );
    }
  }

  #toAccount(margin: LockedMargin): MarginAccount {
    const second = this.market.nowSecond();
    const holdings = margin.forRules(this.#priceOf(second));
    const valuation = marginValuation(holdings);
    return {
      symbol: margin.scope === CROSS ? null : margin.scope,
      holdings: holdings.map((holding) => {
        const rate = this.config.hourlyRates[holding.coin];
        return {
          ...holding,
          frozen: holding.frozen ?? '0',
          maxBorrowable: rate === undefined ? '0' : maxBorrowable(valuation, holding.price),
          hourlyRate: rate ?? null,
        };
      }),
      assets: valuation.assets,
      debt: valuation.debt,
      equity: valuation.equity,
      riskRatio: valuation.riskRatio,
      level: marginLevelOf(valuation.riskRatio, this.config),
      marginCallRatio: this.config.marginCall,
      liquidationRatio: this.config.liquidation,
    };
  }
}
