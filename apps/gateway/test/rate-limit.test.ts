import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { TestBrowser, startTestGateway } from './support';

const LIMIT = 4;

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ accountRateLimit: { limit: LIMIT, windowMs: 60_000 } });
});
afterAll(async () => {
  await gateway.stop();
});

describe('per-IP rate limit on the account calls', () => {
  it('answers 429 with 42900 past the limit, per address, and leaves public calls alone', async () => {
    const visitor = new TestBrowser(gateway, { 'x-forwarded-for': '203.0.113.7' });
    for (let request = 0; request < LIMIT; request += 1) {
      const path = request % 2 === 0 ? ApiPath.clearCookie : ApiPath.btapiLogout;
      expect((await visitor.post(path, {})).json?.code).toBe('00000');
    }
    const limited = await visitor.post(ApiPath.login, { loginName: 'a@b.test', pwd: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: GatewayCode.rateLimited, data: null });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('requesttime'))).toBeGreaterThan(0);
    expect((await visitor.post(ApiPath.logout, {})).status).toBe(429);

    // The public calls are not counted.
    expect((await visitor.get(ApiPath.coinChainList)).status).toBe(200);
    // Another address has its own count.
    const other = new TestBrowser(gateway, { 'x-forwarded-for': '203.0.113.8' });
    expect((await other.post(ApiPath.clearCookie, {})).status).toBe(200);
  });

  it('counts in the database, so every gateway process shares the count', async () => {
    const rows = await gateway.db.query<{ hits: number }>(
      "SELECT hits FROM throttle_counters WHERE bucket = 'rate-ip:203.0.113.7'",
    );
    expect(rows[0]?.hits).toBeGreaterThan(LIMIT);
  });
});
