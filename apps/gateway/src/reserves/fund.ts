import type { ProtectionFund as FundView } from '@exchange-web/protocol/reserves-schemas';
import type { ReservesConfig } from '../config';
import type { Database } from '../db/database';
import { Dec, text } from '../market/decimal';
import { QUOTE_COIN } from '../trading/rules';

const DAY_MS = 86_400_000;
/** Days of history the fund's page charts. */
const HISTORY_DAYS = 90;
/** Latest changes it lists. */
const LATEST_ENTRIES = 50;
/** The opening contribution's id: booked once, whichever gateway starts first. */
const OPENING_ENTRY = 'opening-contribution';

/**
 * The protection fund (README "Protection fund"): its balance is the sum of its ledger, which the
 * liquidations write in their own transactions (reserves/fund-ledger.ts).
 */
export class ProtectionFund {
  constructor(
    readonly db: Database,
    readonly config: Pick<ReservesConfig, 'fundOpeningUsdt' | 'fundWallets'>,
    readonly now: () => number = () => Date.now(),
  ) {}

  /** Books the exchange's opening contribution unless it is booked. */
  async open(): Promise<void> {
    await this.db.query(
      `INSERT INTO protection_fund_entries (entry_id, kind, asset, amount, source, created_ms)
       VALUES ($1, 'contribution', $2, $3, 'exchange', $4) ON CONFLICT DO NOTHING`,
      [OPENING_ENTRY, QUOTE_COIN, this.config.fundOpeningUsdt, this.now()],
    );
  }

  /** The balance per asset, the USDT balance at the end of each recent day, the latest changes. */
  async view(): Promise<FundView> {
    const balances = await this.db.query<{ asset: string; amount: string }>(
      `SELECT asset, sum(amount)::text AS amount FROM protection_fund_entries
       GROUP BY asset ORDER BY asset`,
    );
    const today = Math.floor(this.now() / DAY_MS);
    const firstDay = today - HISTORY_DAYS + 1;
    const [before] = await this.db.query<{ amount: string | null }>(
      `SELECT sum(amount)::text AS amount FROM protection_fund_entries
       WHERE asset = $1 AND created_ms < $2`,
      [QUOTE_COIN, firstDay * DAY_MS],
    );
    const days = await this.db.query<{ day: number; amount: string }>(
      `SELECT floor(created_ms / ${DAY_MS})::float8 AS day, sum(amount)::text AS amount
       FROM protection_fund_entries WHERE asset = $1 AND created_ms >= $2
       GROUP BY 1 ORDER BY 1`,
      [QUOTE_COIN, firstDay * DAY_MS],
    );
    const history: FundView['history'] = [];
    let balance = new Dec(before?.amount ?? '0');
    const started = before?.amount !== null && before?.amount !== undefined;
    const firstEntryDay = days[0]?.day ?? today;
    for (let day = started ? firstDay : firstEntryDay; day <= today; day += 1) {
      const change = days.find((entry) => entry.day === day);
      if (change) balance = balance.plus(change.amount);
      history.push({ time: day * DAY_MS, balance: text(balance) });
    }
    const entries = await this.db.query<{
      kind: FundView['entries'][number]['kind'];
      asset: string;
      amount: string;
      created_ms: number;
    }>(
      `SELECT kind, asset, amount::text AS amount, created_ms::float8 AS created_ms
       FROM protection_fund_entries ORDER BY created_ms DESC, entry_id LIMIT $1`,
      [LATEST_ENTRIES],
    );
    return {
      balances: balances.map((row) => ({ asset: row.asset, amount: text(new Dec(row.amount)) })),
      history,
      entries: entries.map((row) => ({
        kind: row.kind,
        asset: row.asset,
        amount: text(new Dec(row.amount)),
        time: row.created_ms,
      })),
      wallets: [...this.config.fundWallets],
    };
  }
}
