import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { call, startTestGateway } from './support';

// A small limit, so the CSP rate limit can be reached.
const LIMIT = 8;

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ accountRateLimit: { limit: LIMIT, windowMs: 60_000 } });
});
afterAll(async () => {
  await gateway.stop();
});

const report = {
  bizType: 'csp',
  data: {
    event: 'securitypolicyviolation',
    reason: "script-src 'self' blocked https://evil.test/x.js",
  },
  timestamp: 1_795_381_532_650,
  page: 'https://exchange-web.test/en/spot/BTCUSDT',
};

/** Posts a report as the visitor at `ip` (the gateway trusts X-Forwarded-For from loopback). */
const post = (body: string, ip: string, userAgent = 'Browser/1.0') =>
  call(gateway, 'POST', ApiPath.cspSecurity, body, {
    'content-type': 'application/json',
    'x-forwarded-for': ip,
    'user-agent': userAgent,
  });

describe('POST /v1/buried/log/cspSecurity', () => {
  it('stores the report with the client address, user agent and time, without a session', async () => {
    const before = Date.now();
    const response = await post(JSON.stringify(report), '198.51.100.20', 'Reporter/2.0');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ code: '00000', data: null, msg: 'success' });
    const rows = await gateway.db.query<Record<string, unknown>>(
      `SELECT biz_type, event, reason, page, client_timestamp::text AS client_timestamp, client_ip,
         user_agent, received_at FROM csp_reports WHERE client_ip = '198.51.100.20'`,
    );
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      biz_type: 'csp',
      event: 'securitypolicyviolation',
      reason: report.data.reason,
      page: report.page,
      client_timestamp: String(report.timestamp),
      user_agent: 'Reporter/2.0',
    });
    expect(new Date(row?.received_at as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ['a body that is not JSON', '{"bizType":', GatewayCode.badRequest, 'JSON'],
    [
      'a missing field',
      JSON.stringify({ ...report, page: undefined }),
      GatewayCode.validationFailed,
      'page',
    ],
    [
      'an unknown field',
      JSON.stringify({ ...report, extra: 1 }),
      GatewayCode.validationFailed,
      'extra',
    ],
    [
      'a data object without event',
      JSON.stringify({ ...report, data: { reason: 'x' } }),
      GatewayCode.validationFailed,
      'data.event',
    ],
    [
      'a timestamp that is not a number',
      JSON.stringify({ ...report, timestamp: 'now' }),
      GatewayCode.validationFailed,
      'timestamp',
    ],
  ])('refuses %s and stores nothing', async (_case, body, code, field) => {
    const response = await post(body, '198.51.100.21');
    expect(response.status).toBe(400);
    expect(response.json?.code).toBe(code);
    expect(response.json?.msg).toContain(field);
    const rows = await gateway.db.query(
      `SELECT 1 FROM csp_reports WHERE client_ip = '198.51.100.21'`,
    );
    expect(rows).toEqual([]);
  });

  it('limits reports per address on a counter of their own (42900, HTTP 429)', async () => {
    const ip = '198.51.100.22';
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await post(JSON.stringify(report), ip)).status).toBe(200);
    }
    const over = await post(JSON.stringify(report), ip);
    expect(over.status).toBe(429);
    expect(over.json?.code).toBe(GatewayCode.rateLimited);
    // The account calls of that address still have their own budget.
    const account = await call(gateway, 'POST', ApiPath.clearCookie, '{}', {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
    });
    expect(account.status).toBe(200);
  });
});
