import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { startGateways } from '../../../scripts/cluster.mjs';
import { migrations } from '../src/db/migrations';
import { DEMO_ACCOUNT, DEMO_BALANCES } from '../src/db/seed';
import { clusterEnv } from './settings';

// Gateways of a rolling start, or of a first deployment, come up together on one database: each
// applies the migrations it finds missing and seeds what is absent (README "PostgreSQL"), so
// their starts race, and every start must still succeed and leave one schema.
const { databaseUrl, gatewayUrls } = inject('cluster');

async function query<Row extends object>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The URL of another database on the cluster's server. */
function databaseNamed(name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function expectHealthy(gatewayUrl: string) {
  const response = await fetch(`${gatewayUrl}/healthz`);
  expect(response.status).toBe(200);
  const reply = (await response.json()) as { code: string; data: unknown };
  expect(reply).toMatchObject({ code: '00000', data: { status: 'ok', database: 'postgres' } });
}

/** Every migration applied, each once; the demo account and its balances once; one challenge key. */
async function expectOneSchema(url: string) {
  const applied = await query<{ id: string }>(url, 'SELECT id FROM schema_migrations ORDER BY id');
  expect(applied.map((row) => row.id)).toEqual(migrations.map((migration) => migration.id).sort());
  const [demo] = await query<{ users: number; balances: number }>(
    url,
    `SELECT (SELECT count(*)::int FROM users WHERE login_name = '${DEMO_ACCOUNT.loginName}') AS users,
            (SELECT count(*)::int FROM balances WHERE user_id = '${DEMO_ACCOUNT.userId}') AS balances`,
  );
  expect(demo).toEqual({ users: 1, balances: DEMO_BALANCES.length });
  const [secrets] = await query<{ count: number }>(
    url,
    'SELECT count(*)::int AS count FROM gateway_secrets',
  );
  expect(secrets?.count).toBe(1);
}

describe('two gateways starting at once on a fresh database', () => {
  it('the pair the tests use came up healthy on PostgreSQL, with one schema', async () => {
    for (const url of gatewayUrls) await expectHealthy(url);
    await expectOneSchema(databaseUrl);
  });

  it.each([1, 2, 3])('round %i: both come up healthy, with one schema', async (round) => {
    const name = `fresh_${round}_${randomBytes(4).toString('hex')}`;
    await query(databaseUrl, `CREATE DATABASE ${name}`);
    try {
      const pair = await startGateways({
        databaseUrl: databaseNamed(name),
        count: 2,
        quiet: true,
        env: clusterEnv('nobody@cluster.test'),
      });
      try {
        for (const url of pair.urls) await expectHealthy(url);
        await expectOneSchema(databaseNamed(name));
      } finally {
        await pair.stop();
      }
    } finally {
      await query(databaseUrl, `DROP DATABASE ${name}`);
    }
  });
});
