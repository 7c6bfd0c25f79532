import { AccountCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { gatewaySignConfigReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../src/accounts/sweep';
import { createApp } from '../src/app';
import { DEFAULT_APP_CONFIG, type AppConfig } from '../src/config';
import type { RunningGateway } from '../src/server';
import { encryptedBody, fetchSignConfig, newClientKey, type ClientKeyPair } from './signing-client';
import { STRONG_PASSWORD, TestBrowser, sleep, startTestGateway, uniqueEmail } from './support';

// Tiny key lifetimes, so rotation can be watched: a key serves 1.5 s, then decrypts 1.5 s more.
const ROTATION_MS = 1500;
const GRACE_MS = 1500;
const timing: Partial<AppConfig> = {
  signKeyRotationMs: ROTATION_MS,
  signKeyGraceMs: GRACE_MS,
  signKeyCacheMs: 0,
};

let gateway: RunningGateway;
let key: ClientKeyPair;
const email = uniqueEmail('rotation');
beforeAll(async () => {
  gateway = await startTestGateway(timing);
  key = await newClientKey();
  const registered = await new TestBrowser(gateway).post(ApiPath.registerEmail, {
    email,
    pwd: STRONG_PASSWORD,
  });
  expect(registered.json?.code).toBe('00000');
});
afterAll(async () => {
  await gateway.stop();
});

const login = (serverPublicKey: string) =>
  new TestBrowser(gateway).post(
    ApiPath.login,
    encryptedBody(key, serverPublicKey, { loginName: email, pwd: STRONG_PASSWORD }),
  );

describe('server key rotation', () => {
  it('replaces the key when it is due; the previous one decrypts during the grace only', async () => {
    const first = await fetchSignConfig(gateway);
    const created = Date.now();
    expect((await login(first.serverPublicKey)).json?.code).toBe('00000');

    await sleep(ROTATION_MS - (Date.now() - created) + 200);
    const second = await fetchSignConfig(gateway);
    expect(second.serverPublicKey).not.toBe(first.serverPublicKey);
    // Rotated just now: the previous key is within its grace.
    expect((await login(first.serverPublicKey)).json?.code).toBe('00000');
    expect((await login(second.serverPublicKey)).json?.code).toBe('00000');

    await sleep(GRACE_MS + 200);
    const outdated = await login(first.serverPublicKey);
    expect(outdated.status).toBe(400);
    expect(outdated.json?.code).toBe(AccountCode.loginServerKeyOutdated);
    expect(outdated.json?.msg).toContain('sign config');
  });

  it('lets several processes on one database agree on one current key', async () => {
    const processes = [1, 2, 3].map(() =>
      createApp({ db: gateway.db, config: { ...DEFAULT_APP_CONFIG, ...timing } }),
    );
    await sleep(ROTATION_MS + 100);
    // All find the key due at once: one rotates, the others read its key.
    const replies = await Promise.all(
      processes.map(async (app) => {
        const response = await app.request(ApiPath.gatewaySignConfig);
        const { data } = (await response.json()) as { data: unknown };
        return gatewaySignConfigReplySchema.parse(data).gatewaySignConfig.serverPublicKey;
      }),
    );
    expect(new Set(replies).size).toBe(1);
    const current = await gateway.db.query<{ public_key: string }>(
      'SELECT public_key FROM sign_server_keys WHERE retired_at IS NULL',
    );
    expect(current.map((row) => row.public_key)).toEqual([replies[0]]);
    expect((await fetchSignConfig(gateway)).serverPublicKey).toBe(replies[0]);
  });

  it('sweeps keys whose grace has ended, and keeps the rest', async () => {
    const { serverPublicKey } = await fetchSignConfig(gateway);
    await gateway.db.query(
      `INSERT INTO sign_server_keys (public_key, private_key_pem, created_at, retired_at) VALUES
         ('old', 'x', now() - interval '2 hours', now() - interval '1 hour'),
         ('recent', 'x', now() - interval '2 hours', now())`,
    );
    await sweepExpired(gateway.db, { signKeyGraceMs: GRACE_MS, trackingRetentionDays: 90 });
    const rows = await gateway.db.query<{ public_key: string }>(
      'SELECT public_key FROM sign_server_keys WHERE retired_at IS NULL OR public_key IN ($1, $2)',
      ['old', 'recent'],
    );
    expect(rows.map((row) => row.public_key).sort()).toEqual(['recent', serverPublicKey].sort());
  });
});
