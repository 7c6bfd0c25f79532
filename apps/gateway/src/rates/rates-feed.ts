import { z } from 'zod';
import type { RatesConfig } from '../config';
import type { Database } from '../db/database';

/**
 * The fiat table's USDT rates kept current from an exchange-rate source (README "Rates"): read at
 * start and every `refreshMs`, so `usdtRate` answers today's rates, not those of the first start.
 * Without a source (offline, the default) the table keeps the rates it holds.
 */

/** What a source answers: Coinbase's exchange-rates shape, units of each currency per 1 USDT. */
const feedReplySchema = z.object({
  data: z.object({
    currency: z.literal('USDT'),
    rates: z.record(z.string(), z.string()),
  }),
});

/** A source answering more than this is refused unread: the whole table is a few kilobytes. */
export const RATES_FEED_MAX_BYTES = 256 * 1024;
/** How long a read may take. */
export const RATES_FEED_TIMEOUT_MS = 10_000;
/**
 * A rate more than this many times above or below the one held is refused: a unit mix-up at the
 * source (cents for dollars) must not reprice every account's valuation.
 */
export const RATES_FEED_MAX_JUMP = 10;

// numeric(20, 8): twelve whole digits at most; the database rounds further decimals.
const RATE_PATTERN = /^\d{1,12}(?:\.\d{1,30})?$/;

/** What a refresh did, for the log and the tests. */
export interface RatesRefresh {
  /** Currencies whose rate was written. */
  updated: string[];
  /** Currencies the source named with a rate that was refused, and why. */
  refused: { currency: string; reason: string }[];
}

/** The body of `response`, refused once it grows past `limit` bytes. */
async function boundedText(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limit) throw new Error(`the source answered more than ${limit} bytes`);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** Reads the source once and writes every rate it gives for a currency of the table. */
export async function refreshRates(
  db: Database,
  feedUrl: string,
  fetchRates: typeof fetch = fetch,
): Promise<RatesRefresh> {
  const response = await fetchRates(feedUrl, {
    headers: { accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(RATES_FEED_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the source answered HTTP ${response.status}`);
  const parsed = feedReplySchema.safeParse(
    JSON.parse(await boundedText(response, RATES_FEED_MAX_BYTES)),
  );
  if (!parsed.success) throw new Error('the source answered no USDT rate table');
  const given = new Map(
    Object.entries(parsed.data.data.rates).map(([currency, rate]) => [
      currency.toLowerCase(),
      rate,
    ]),
  );
  return db.transaction(async (tx) => {
    const held = await tx.query<{ name: string; usdt_rate: string }>(
      'SELECT name, usdt_rate FROM fiat_currencies ORDER BY name FOR UPDATE',
    );
    const refresh: RatesRefresh = { updated: [], refused: [] };
    for (const row of held) {
      const rate = given.get(row.name);
      if (rate === undefined) continue;
      const value = Number(rate);
      const before = Number(row.usdt_rate);
      const reason =
        !RATE_PATTERN.test(rate) || !(value > 0)
          ? `"${rate.slice(0, 40)}" is no positive rate`
          : value > before * RATES_FEED_MAX_JUMP || value < before / RATES_FEED_MAX_JUMP
            ? `${rate} is more than ${RATES_FEED_MAX_JUMP} times off ${before}`
            : undefined;
      if (reason !== undefined) {
        refresh.refused.push({ currency: row.name, reason });
        continue;
      }
      await tx.query(
        'UPDATE fiat_currencies SET usdt_rate = $2, updated_at = now() WHERE name = $1',
        [row.name, rate],
      );
      refresh.updated.push(row.name);
    }
    return refresh;
  });
}

/**
 * Reads the source now and every `refreshMs`, one read at a time, until stopped; a failed read
 * keeps the rates held and is logged. Returns the stop function.
 */
export function startRatesFeed(
  db: Database,
  config: RatesConfig,
  log: (message: string) => void = (message) => console.warn(message),
): () => void {
  const { feedUrl } = config;
  if (feedUrl === undefined) return () => undefined;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = async () => {
    try {
      const { refused } = await refreshRates(db, feedUrl);
      for (const { currency, reason } of refused) log(`rates feed: ${currency}: ${reason}`);
    } catch (error) {
      // The gateway stopping closes the database under a read: nothing to report.
      if (!stopped) log(`rates feed: kept the rates held: ${(error as Error).message}`);
    }
    if (stopped) return;
    timer = setTimeout(() => void read(), config.refreshMs);
    timer.unref();
  };
  void read();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
