import { MARKET_SYMBOLS, TradeCode, type MarketSymbol } from '@exchange-web/protocol/trading';
import {
  checkBorrow,
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
import { Dec, maxOf, text } from '../market/decimal';
import type { SimulatedMarket } from '../market/price-model';
import { requireMarketSymbol } from '../market/symbols';
import { ensurePaperAccount, LockedBalances, refuse, type AccountRef } from './engine';
import { marginActionRefusal, type MarginActionState } from './margin-rules';
import { checkOrder, feeOf, orderHold } from './rules';

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
  scope: string;
  symbol: string;
  side: 'buy' | 'sell';
  size: string;
  price: string;
  fee: string;
  side_effect: MarginOrder['sideEffect'];
  loan_coin: string | null;
  borrowed: string;
  repaid: string;
  created_ms: number;
}

const MARGIN_ORDER_COLUMNS = `order_id, scope, symbol, side, size::text AS size,
  price::text AS price, fee::text AS fee, side_effect, loan_coin, borrowed::text AS borrowed,
  repaid::text AS repaid, created_ms::float8 AS created_ms`;

const toMarginOrder = (row: MarginOrderRow): MarginOrder => ({
  orderId: row.order_id,
  symbol: row.symbol,
  mode: row.scope === CROSS ? 'cross' : 'isolated',
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

interface HoldingRow {
  coin_name: string;
  available: string;
  borrowed: string;
  interest: string;
}

/** One margin account inside a transaction: its row locked, its holdings read and changed. */
class LockedMargin {
  readonly #holdings = new Map<string, { available: Dec; borrowed: Dec; interest: Dec }>();
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
  change(coin: string, delta: { available?: Dec; borrowed?: Dec; interest?: Dec }) {
    const holding = this.holding(coin);
    holding.available = holding.available.plus(delta.available ?? 0);
    holding.borrowed = holding.borrowed.plus(delta.borrowed ?? 0);
    holding.interest = holding.interest.plus(delta.interest ?? 0);
    this.#changed.add(coin);
  }

  /** Writes the holdings changed since the last save. */
  async save() {
    for (const coin of [...this.#changed].sort()) {
      const holding = this.holding(coin);
      await this.tx.query(
        `INSERT INTO margin_holdings (user_id, account, scope, coin_name, available, borrowed,
           interest) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id, account, scope, coin_name) DO UPDATE SET
           available = excluded.available, borrowed = excluded.borrowed,
           interest = excluded.interest`,
        [
          this.ref.userId,
          this.ref.account,
          this.scope,
          coin,
          text(holding.available),
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
      `SELECT coin_name, available::text AS available, borrowed::text AS borrowed,
         interest::text AS interest
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
    for (const coin of locked.coins()) {
      const { available } = locked.holding(coin);
      if (coin === QUOTE_COIN || available.eq(0)) continue;
      const bid = this.market.bestBid(pairOfCoin(coin), second);
      const notional = available.times(bid);
      const proceeds = notional.minus(feeOf(notional));
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
      locked.change(QUOTE_COIN, { available: notional.plus(feeOf(notional)).neg() });
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
    if (shortfall.gt(0)) steps.push(`wrote off ${text(shortfall)} USDT`);
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
   * Fills a market order in a margin account at the ask (buy) or the bid (sell), fee included.
   * `autoBorrow` first borrows what the account lacks of the coin the order pays with (within the
   * collateral, else 43013); `autoRepay` then repays the debt of the coin it receives, as far as
   * it goes. Without them an account short of funds is refused (43001).
   */
  async placeOrder(
    ref: AccountRef,
    request: MarginOrderRequest,
  ): Promise<{ order: MarginOrder; margin: MarginAccount }> {
    const pair = requireMarketSymbol(request.symbol);
    const scope = request.mode === 'isolated' ? pair.symbol : CROSS;
    const second = this.market.nowSecond();
    const price =
      request.side === 'buy'
        ? this.market.bestAsk(pair, second)
        : this.market.bestBid(pair, second);
    const order = {
      symbol: pair.symbol,
      side: request.side,
      type: 'market',
      size: request.size,
    } as const;
    refuse(checkOrder(pair, order, price));
    const size = new Dec(request.size);
    const notional = size.times(price);
    const fee = feeOf(notional);
    const hold = orderHold(pair, request.side, price, size);
    const [pays, gets] = request.side === 'buy' ? [pair.quote, pair.base] : [pair.base, pair.quote];
    const orderId = randomUUID();
    return this.db.transaction(async (tx) => {
      const margin = await this.#lock(tx, ref, scope);
      const nowMs = this.now();
      let borrowed = new Dec(0);
      const lacking = hold.amount.minus(margin.holding(pays).available);
      if (lacking.gt(0) && request.sideEffect === 'autoBorrow') {
        this.#requireBorrowable(pays);
        refuse(checkBorrow(margin.forRules(this.#priceOf(second)), pays, text(lacking)));
        margin.change(pays, { available: lacking, borrowed: lacking });
        await margin.record('borrow', pays, lacking, nowMs, `for order ${orderId}`);
        borrowed = lacking;
      }
      refuse(checkOrder(pair, order, price, () => margin.holding(pays).available));
      margin.change(pays, { available: hold.amount.neg() });
      margin.change(gets, {
        available: request.side === 'buy' ? size : notional.minus(fee),
      });
      let repaid = new Dec(0);
      if (request.sideEffect === 'autoRepay') {
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
          await margin.record('repay', gets, repaid, nowMs, `by order ${orderId}`);
        }
      }
      await margin.save();
      const loanCoin = borrowed.gt(0) ? pays : repaid.gt(0) ? gets : null;
      await tx.query(
        `INSERT INTO margin_orders (order_id, user_id, account, scope, symbol, side, size, price, fee,
           side_effect, loan_coin, borrowed, repaid, created_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          orderId,
          ref.userId,
          ref.account,
          scope,
          pair.symbol,
          request.side,
          text(size),
          text(price),
          text(fee),
          request.sideEffect,
          loanCoin,
          text(borrowed),
          text(repaid),
          nowMs,
        ],
      );
      return {
        order: {
          orderId,
          symbol: pair.symbol,
          mode: request.mode,
          side: request.side,
          size: text(size),
          price: text(price),
          fee: text(fee),
          sideEffect: request.sideEffect,
          borrowed: text(borrowed),
          repaid: text(repaid),
          loanCoin,
          time: nowMs,
        },
        margin: this.#toAccount(margin),
      };
    });
  }

  /** The margin orders of `ref`, of one pair or all, newest first, filtered and paged. */
  async orders(ref: AccountRef, query: MarginOrdersQuery): Promise<MarginOrder[]> {
    const symbol = query.symbol === undefined ? null : requireMarketSymbol(query.symbol).symbol;
    const rows = await this.db.query<MarginOrderRow>(
      `SELECT ${MARGIN_ORDER_COLUMNS}
       FROM margin_orders WHERE user_id = $1 AND account = $2 AND ($3::text IS NULL OR symbol = $3)
         AND ($4::text IS NULL OR side = $4)
         AND ($5::bigint IS NULL OR created_ms >= $5) AND ($6::bigint IS NULL OR created_ms <= $6)
       ORDER BY created_ms DESC, order_id LIMIT $7 OFFSET $8`,
      [
        ref.userId,
        ref.account,
        symbol,
        query.side ?? null,
        query.from ?? null,
        query.to ?? null,
        query.limit,
        query.offset,
      ],
    );
    return rows.map(toMarginOrder);
  }

  /** One margin order of `ref`. */
  async order(ref: AccountRef, orderId: string): Promise<MarginOrder> {
    const [row] = await this.db.query<MarginOrderRow>(
      `SELECT ${MARGIN_ORDER_COLUMNS} FROM margin_orders
       WHERE order_id = $1 AND user_id = $2 AND account = $3`,
      [orderId, ref.userId, ref.account],
    );
    if (!row) {
      throw new RefusedError({
        status: 404,
        code: TradeCode.orderNotFound,
        message: `orderId: this account has no margin order ${orderId}`,
      });
    }
    return toMarginOrder(row);
  }

  /**
   * Every margin account of `ref` as it stands now: the cross one (opened empty when missing),
   * then each isolated pair's, in pair order.
   */
  async accounts(ref: AccountRef): Promise<MarginAccount[]> {
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
      [
        ref.userId,
        ref.account,
        scope,
        query.kind ?? null,
        query.from ?? null,
        query.to ?? null,
        query.limit,
        query.offset,
      ],
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
