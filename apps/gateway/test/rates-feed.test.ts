import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiPath } from '@exchange-web/protocol/paths';
import { usdtRateReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_CONFIG } from '../src/config';
import { RATES_FEED_MAX_BYTES } from '../src/rates/rates-feed';
import type { RunningGateway } from '../src/server';
import { call, startTestGateway } from './support';

/**
 * The fiat table following an exchange-rate source (README "Rates"), over HTTP: a source of the
 * test's own answers as Coinbase's exchange-rates call does, and `usdtRate` answers what it said.
 */

/** What the source answers next: a status and a body. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
/** Reads of the source so far, and those a test waits for. */
let reads = 0;
const waiting: { count: number; resolve: () => void }[] = [];

let source: Server;
let following: RunningGateway;
let offline: RunningGateway;

const coinbase = (rates: Record<string, string>) =>
  JSON.stringify({ data: { currency: 'USDT', rates } });

beforeAll(async () => {
  source = createServer((request, response) => {
    reads += 1;
    for (const waiter of waiting.filter((entry) => entry.count <= reads)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  const { port } = source.address() as AddressInfo;
  [following, offline] = await Promise.all([
    startTestGateway({
      rates: {
        feedUrl: `http://127.0.0.1:${port}/v2/exchange-rates?currency=USDT`,
        refreshMs: 20,
      },
    }),
    startTestGateway(),
  ]);
});
afterAll(async () => {
  await Promise.all([following.stop(), offline.stop()]);
  await new Promise((resolve) => source.close(resolve));
});

/**
 * Answers `next` from now on, and resolves once a read that started after the change has been
 * written: reads run one at a time, so the second read from now begins after the first ended.
 */
async function sourceAnswers(next: { status?: number; body: string }) {
  answer = { status: next.status ?? 200, body: next.body };
  await new Promise<void>((resolve) => waiting.push({ count: reads + 2, resolve }));
}

async function ratesOf(gateway: RunningGateway) {
  const { json } = await call(gateway, 'POST', ApiPath.usdtRate, '{"locale":"en"}');
  return usdtRateReplySchema.parse(json?.data).rates;
}

describe('the rate table and its source', () => {
  it('keeps the seeded rates without a source (offline, the default)', async () => {
    expect(DEFAULT_MARKET_CONFIG.rates.feedUrl).toBeUndefined();
    expect(await ratesOf(offline)).toMatchObject({ usd: 1, eur: 0.92, jpy: 151.2, cad: 1.365 });
  });

  it('answers the rates the source gives, for the currencies of the table', async () => {
    await sourceAnswers({
      body: coinbase({ EUR: '0.9512', CAD: '1.4021', JPY: '149.87', USD: '1.0', XYZ: '5' }),
    });
    const rates = await ratesOf(following);
    expect(rates).toMatchObject({ eur: 0.9512, cad: 1.4021, jpy: 149.87, usd: 1 });
    expect(rates).not.toHaveProperty('xyz');
  });

  it('refuses a rate that is no positive number, or ten times off, and takes the others', async () => {
    await sourceAnswers({ body: coinbase({ EUR: '0.93', JPY: '149.87', CNY: '7.2' }) });
    const before = await ratesOf(following);
    await sourceAnswers({
      body: coinbase({
        EUR: '0.94',
        JPY: '-1',
        CNY: '72.5',
        KRW: 'abc',
        TRY: '1e3',
        HKD: '0',
        THB: '3.5',
      }),
    });
    const after = await ratesOf(following);
    expect(after.eur).toBe(0.94);
    for (const kept of ['jpy', 'cny', 'krw', 'try', 'hkd', 'thb']) {
      expect([kept, after[kept]]).toEqual([kept, before[kept]]);
    }
  });

  it('keeps the rates it holds when the source fails, and goes on reading it', async () => {
    await sourceAnswers({ body: coinbase({ EUR: '0.97' }) });
    const held = await ratesOf(following);
    for (const broken of [
      { status: 503, body: coinbase({ EUR: '0.5' }) },
      { body: 'not json' },
      { body: JSON.stringify({ data: { currency: 'USD', rates: { EUR: '0.5' } } }) },
      { body: JSON.stringify({ data: { currency: 'USDT', rates: { EUR: 0.5 } } }) },
      { body: coinbase({ EUR: '0.5', PAD: 'x'.repeat(RATES_FEED_MAX_BYTES) }) },
    ]) {
      await sourceAnswers(broken);
      expect(await ratesOf(following)).toEqual(held);
    }
    await sourceAnswers({ body: coinbase({ EUR: '0.98' }) });
    expect((await ratesOf(following)).eur).toBe(0.98);
  });
});
