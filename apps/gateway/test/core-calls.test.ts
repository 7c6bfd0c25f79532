import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  apiKeyCreateReplySchema,
  apiKeyListReplySchema,
  assetOverviewReplySchema,
  sessionReplySchema,
} from '@exchange-web/protocol/schemas';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_API_KEYS } from '../src/accounts/api-keys';
import { setBalances } from '../src/assets/balances';
import { DEMO_ACCOUNT } from '../src/db/seed';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { STRONG_PASSWORD, startTestGateway, uniqueEmail } from './support';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

/** A signed-in client (encrypted login, key bound) and its user id. */
async function signIn(login?: { loginName: string; pwd: string }) {
  const client = await SigningClient.create(gateway);
  const response = login
    ? await client.postEncrypted(ApiPath.login, login)
    : await client.postEncrypted(ApiPath.registerEmail, {
        email: uniqueEmail('core'),
        pwd: STRONG_PASSWORD,
      });
  expect(response.json?.code).toBe('00000');
  return { client, userId: sessionReplySchema.parse(response.json?.data).userId };
}

const overview = async (client: SigningClient) => {
  const response = await client.signedPost(ApiPath.assetOverview, {});
  expect(response.json?.code).toBe('00000');
  return assetOverviewReplySchema.parse(response.json?.data);
};

describe('POST /v1/asset/overview', () => {
  it('answers the demo account’s seeded balances valued in USDT, in coin order', async () => {
    const { client } = await signIn({
      loginName: DEMO_ACCOUNT.loginName,
      pwd: DEMO_ACCOUNT.password,
    });
    expect(await overview(client)).toEqual({
      totalUsdt: '68256.915',
      balances: [
        { coin: 'BTC', available: '0.4825', frozen: '0.05', usdtValue: '35810.625' },
        { coin: 'ETH', available: '3.75', frozen: '0', usdtValue: '13050' },
        { coin: 'USDT', available: '12500.75', frozen: '250', usdtValue: '12750.75' },
        { coin: 'SOL', available: '42.1', frozen: '0', usdtValue: '6416.04' },
        { coin: 'DOGE', available: '1500', frozen: '0', usdtValue: '229.5' },
      ],
    });
  });

  it('answers a new user an empty list worth 0, then follows balances and prices', async () => {
    const { client, userId } = await signIn();
    expect(await overview(client)).toEqual({ totalUsdt: '0', balances: [] });

    await setBalances(gateway.db, userId, [
      { coin: 'ETH', available: '0.000000000000000001', frozen: '0' },
      { coin: 'TON', available: '10', frozen: '2.5' },
    ]);
    await gateway.db.query(`UPDATE coin_prices SET usdt_price = 7 WHERE coin_name = 'TON'`);
    expect(await overview(client)).toEqual({
      totalUsdt: '87.5',
      balances: [
        { coin: 'ETH', available: '0.000000000000000001', frozen: '0', usdtValue: '0' },
        { coin: 'TON', available: '10', frozen: '2.5', usdtValue: '87.5' },
      ],
    });
  });

  it('refuses a body with fields (40001) and an unsigned call (00020)', async () => {
    const { client } = await signIn();
    const fields = await client.signedPost(ApiPath.assetOverview, { coin: 'BTC' });
    expect(fields.status).toBe(400);
    expect(fields.json?.code).toBe(GatewayCode.validationFailed);
    const unsigned = await client.browser.post(ApiPath.assetOverview, {});
    expect(unsigned.json?.code).toBe(ErrorCode.signMissing);
  });
});

describe('API keys', () => {
  const request = { label: 'bot', permissions: ['trade', 'read', 'read'], ipWhitelist: [] };

  it('creates a key whose secret is shown once and kept only as a hash', async () => {
    const { client, userId } = await signIn();
    const created = await client.signedPost(ApiPath.apiKeyCreate, {
      ...request,
      ipWhitelist: ['203.0.113.9', '2001:db8::1'],
    });
    expect(created.status).toBe(200);
    const key = apiKeyCreateReplySchema.parse(created.json?.data);
    expect(key.apiKey).toMatch(/^ak_[0-9a-f]{32}$/);
    expect(key.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toMatchObject({
      label: 'bot',
      permissions: ['read', 'trade'],
      ipWhitelist: ['203.0.113.9', '2001:db8::1'],
    });

    const [row] = await gateway.db.query<{ secret_hash: string; user_id: string }>(
      'SELECT secret_hash, user_id FROM api_keys WHERE api_key = $1',
      [key.apiKey],
    );
    expect(row).toEqual({
      secret_hash: createHash('sha256').update(key.secretKey).digest('hex'),
      user_id: userId,
    });

    const listed = await client.signedPost(ApiPath.apiKeyList, {});
    const { items } = apiKeyListReplySchema.parse(listed.json?.data);
    expect(items).toEqual([
      {
        apiKey: key.apiKey,
        label: 'bot',
        permissions: ['read', 'trade'],
        ipWhitelist: ['203.0.113.9', '2001:db8::1'],
        createdDate: key.createdDate,
      },
    ]);
    expect(listed.text).not.toContain(key.secretKey);
  });

  it('deletes a key, then answers 21010 for it; another user’s key is not found either', async () => {
    const { client } = await signIn();
    const other = await signIn();
    const mine = apiKeyCreateReplySchema.parse(
      (await client.signedPost(ApiPath.apiKeyCreate, request)).json?.data,
    );
    const theirs = apiKeyCreateReplySchema.parse(
      (await other.client.signedPost(ApiPath.apiKeyCreate, request)).json?.data,
    );

    const foreign = await client.signedPost(ApiPath.apiKeyDelete, { apiKey: theirs.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.json?.code).toBe(AccountCode.apiKeyNotFound);

    const deleted = await client.signedPost(ApiPath.apiKeyDelete, { apiKey: mine.apiKey });
    expect(deleted.json).toMatchObject({ code: '00000', data: null });
    const again = await client.signedPost(ApiPath.apiKeyDelete, { apiKey: mine.apiKey });
    expect(again.json?.code).toBe(AccountCode.apiKeyNotFound);

    const list = await client.signedPost(ApiPath.apiKeyList, {});
    expect(apiKeyListReplySchema.parse(list.json?.data).items).toEqual([]);
    const theirList = await other.client.signedPost(ApiPath.apiKeyList, {});
    expect(apiKeyListReplySchema.parse(theirList.json?.data).items).toHaveLength(1);
  });

  it(`caps an account at ${MAX_API_KEYS} keys with 21009`, async () => {
    const { client, userId } = await signIn();
    await gateway.db.query(
      `INSERT INTO api_keys (api_key, user_id, label, permissions, ip_whitelist, secret_hash)
       SELECT 'cap-' || $1 || '-' || n, $1, 'old', ARRAY['read'], ARRAY[]::text[], 'x'
       FROM generate_series(1, $2::integer) AS n`,
      [userId, MAX_API_KEYS - 1],
    );
    const last = await client.signedPost(ApiPath.apiKeyCreate, request);
    expect(last.json?.code).toBe('00000');
    const over = await client.signedPost(ApiPath.apiKeyCreate, request);
    expect(over.status).toBe(409);
    expect(over.json?.code).toBe(AccountCode.apiKeyLimitReached);
    const list = await client.signedPost(ApiPath.apiKeyList, {});
    expect(apiKeyListReplySchema.parse(list.json?.data).items).toHaveLength(MAX_API_KEYS);
  });

  it.each([
    ['no permission', { ...request, permissions: [] }, 'permissions'],
    ['an unknown permission', { ...request, permissions: ['admin'] }, 'permissions'],
    ['a blank label', { ...request, label: '  ' }, 'label'],
    ['an address that is no IP', { ...request, ipWhitelist: ['example.com'] }, 'ipWhitelist'],
  ])('refuses %s with 40001, naming the field', async (_case, body, field) => {
    const { client } = await signIn();
    const response = await client.signedPost(ApiPath.apiKeyCreate, body);
    expect(response.status).toBe(400);
    expect(response.json?.code).toBe(GatewayCode.validationFailed);
    expect(response.json?.msg).toContain(field);
  });

  it.each([ApiPath.apiKeyCreate, ApiPath.apiKeyList, ApiPath.apiKeyDelete])(
    '%s needs a signature',
    async (path) => {
      const { client } = await signIn();
      const response = await client.browser.post(path, {});
      expect(response.status).toBe(401);
      expect(response.json?.code).toBe(ErrorCode.signMissing);
    },
  );
});
