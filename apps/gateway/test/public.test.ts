import { GatewayCode } from '@exchange-web/protocol/codes';
import { LANGUAGE_RATE_CURRENCIES, USDT_RATE_CURRENCIES } from '@exchange-web/protocol/currencies';
import { ApiPath } from '@exchange-web/protocol/paths';
import { clientCommonConfigReplySchema, usdtRateReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { call, startTestGateway } from './support';
import { testEngine } from './test-database';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

describe('health', () => {
  it('answers ok with the engine once the database answers', async () => {
    const { status, json } = await call(gateway, 'GET', '/healthz');
    expect(status).toBe(200);
    expect(json).toMatchObject({ code: '00000', data: { status: 'ok', database: testEngine() } });
  });
});

describe('POST /v1/mix/public/usdtRate', () => {
  it('answers every currency of the USDT rate table, and each language’s own, from the database', async () => {
    const { status, json, headers } = await call(
      gateway,
      'POST',
      ApiPath.usdtRate,
      '{"locale":"en"}',
    );
    expect(status).toBe(200);
    expect(json?.code).toBe('00000');
    const reply = usdtRateReplySchema.parse(json?.data);
    expect(Object.keys(reply.rates).sort()).toEqual(
      [...USDT_RATE_CURRENCIES, ...LANGUAGE_RATE_CURRENCIES].sort(),
    );
    // SPEC's thirteen first, in its order, then the languages' own.
    expect(reply.supported.map((entry) => entry.name.toLowerCase())).toEqual([
      ...USDT_RATE_CURRENCIES,
      ...LANGUAGE_RATE_CURRENCIES,
    ]);
    expect(reply.supported.find((entry) => entry.value === 'AED')).toEqual({
      name: 'AED',
      symbol: 'د.إ',
      value: 'AED',
    });
    expect(reply.rates.cad).toBeGreaterThan(1);
    expect(reply.rates.usd).toBe(1);
    expect(reply.supported.map((entry) => entry.value)).toContain('JPY');
    expect(reply.supported.find((entry) => entry.value === 'EUR')).toEqual({
      name: 'EUR',
      symbol: '€',
      value: 'EUR',
    });
    expect(Number(headers.get('requesttime'))).toBeGreaterThan(0);
  });

  it('reflects a rate changed in the database', async () => {
    await gateway.db.query("UPDATE fiat_currencies SET usdt_rate = 7.25 WHERE name = 'cny'");
    const { json } = await call(gateway, 'POST', ApiPath.usdtRate, '{"locale":"zh-CN"}');
    expect(usdtRateReplySchema.parse(json?.data).rates.cny).toBe(7.25);
  });

  it.each([
    [
      'a body that is not JSON',
      '{"locale":',
      400,
      GatewayCode.badRequest,
      'body is not valid JSON',
    ],
    ['a missing locale', '{}', 400, GatewayCode.validationFailed, 'locale'],
    ['a locale of the wrong type', '{"locale":7}', 400, GatewayCode.validationFailed, 'locale'],
    [
      'an unsupported locale',
      '{"locale":"xx"}',
      400,
      GatewayCode.validationFailed,
      'unsupported locale',
    ],
    ['an unknown field', '{"locale":"en","extra":1}', 400, GatewayCode.validationFailed, ''],
    ['an array body', '[]', 400, GatewayCode.validationFailed, ''],
  ])('refuses %s with an envelope naming the problem', async (_case, body, status, code, text) => {
    const response = await call(gateway, 'POST', ApiPath.usdtRate, body);
    expect(response.status).toBe(status);
    expect(response.json?.code).toBe(code);
    expect(response.json?.msg).toContain(text);
    expect(response.json?.data).toBeNull();
  });

  it('refuses a body over 1 MiB before parsing it', async () => {
    const huge = JSON.stringify({ locale: 'en', padding: 'x'.repeat(1024 * 1024) });
    const response = await call(gateway, 'POST', ApiPath.usdtRate, huge);
    expect(response.status).toBe(413);
    expect(response.json?.code).toBe(GatewayCode.payloadTooLarge);
  });

  it('answers a GET on this POST call with 405 and the allowed method', async () => {
    const response = await call(gateway, 'GET', ApiPath.usdtRate);
    expect(response.status).toBe(405);
    expect(response.json?.code).toBe(GatewayCode.methodNotAllowed);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('GET /v1/mix/public/clientCommonConfig', () => {
  it('answers the upload switch from the database and the caller address', async () => {
    const { json } = await call(gateway, 'GET', ApiPath.clientCommonConfig);
    const reply = clientCommonConfigReplySchema.parse(json?.data);
    expect(reply.clientCommonConfig.eventLogUploadSwitch).toBe(true);
    expect(reply.localVo.ip).toMatch(/127\.0\.0\.1/);

    await gateway.db.query(
      "UPDATE client_config SET value = 'false'::jsonb WHERE key = 'eventLogUploadSwitch'",
    );
    const after = await call(gateway, 'GET', ApiPath.clientCommonConfig);
    expect(
      clientCommonConfigReplySchema.parse(after.json?.data).clientCommonConfig.eventLogUploadSwitch,
    ).toBe(false);
  });

  it('trusts X-Forwarded-For from the local site proxy', async () => {
    const { json } = await call(gateway, 'GET', ApiPath.clientCommonConfig, undefined, {
      'x-forwarded-for': '203.0.113.9, 127.0.0.1',
    });
    expect(clientCommonConfigReplySchema.parse(json?.data).localVo.ip).toBe('203.0.113.9');
  });
});

describe('unknown routes', () => {
  it('answers an envelope with the not-found code, never a bare 404 page', async () => {
    const response = await call(gateway, 'POST', '/v1/no/such/call', '{}');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({
      code: GatewayCode.notFound,
      data: null,
      msg: 'no such call: POST /v1/no/such/call',
    });
  });
});
