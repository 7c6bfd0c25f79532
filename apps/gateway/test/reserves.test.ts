import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { ReservesCode, ReservesPath, verifyInclusion } from '@exchange-web/protocol/reserves';
import {
  reserveProofReplySchema,
  reserveSnapshotReplySchema,
  reserveSnapshotsReplySchema,
} from '@exchange-web/protocol/reserves-schemas';
import { sessionReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalances } from '../src/assets/balances';
import { DEFAULT_MARKET_CONFIG } from '../src/config';
import { ReservesEngine } from '../src/reserves/engine';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { call, STRONG_PASSWORD, startTestGateway, uniqueEmail } from './support';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

const WALLETS = [
  { asset: 'BTC', address: 'bc1qtestreservewallet000000000000', balance: '3' },
  { asset: 'USDT', address: '0xtestreservewallet00000000000000', balance: '100000' },
];
// A snapshot of its own per test: an interval years ahead, which no timer has taken.
let slotYear = 2090;
const engineInOwnSlot = () => {
  const at = Date.UTC((slotYear += 1), 0, 1);
  return new ReservesEngine(
    gateway.db,
    { ...DEFAULT_MARKET_CONFIG.reserves, wallets: WALLETS },
    () => at,
  );
};

async function trader(balances: { coin: string; available: string; frozen: string }[]) {
  const client = await SigningClient.create(gateway);
  const response = await client.postEncrypted(ApiPath.registerEmail, {
    email: uniqueEmail('reserves'),
    pwd: STRONG_PASSWORD,
  });
  const userId = sessionReplySchema.parse(response.json?.data).userId;
  if (balances.length > 0) await setBalances(gateway.db, userId, balances);
  return {
    userId,
    proof: (body: unknown = {}) => client.signedPost(ReservesPath.proof, body),
  };
}

describe('proof of reserves', () => {
  it("publishes each snapshot's root and ratios, and proves each account's balances in it", async () => {
    const alice = await trader([
      { coin: 'BTC', available: '0.5', frozen: '0.25' },
      { coin: 'USDT', available: '1200', frozen: '0' },
    ]);
    const bob = await trader([{ coin: 'USDT', available: '99.5', frozen: '0.5' }]);
    const engine = engineInOwnSlot();
    expect(await engine.takeSnapshot()).toBe(true);
    const snapshotId = engine.snapshotIdAt(engine.now());

    const listed = reserveSnapshotsReplySchema
      .parse((await call(gateway, 'GET', `${ReservesPath.snapshots}?limit=100`)).json?.data)
      .snapshots.find((entry) => entry.snapshotId === snapshotId)!;
    expect(listed.assets).toEqual(expect.arrayContaining(['BTC', 'USDT']));
    const usdt = listed.assets.indexOf('USDT');
    expect(listed.reserves[usdt]).toBe('100000');
    // Every account's balances summed, this test's traders among them.
    expect(Number(listed.root.sums[usdt])).toBeGreaterThanOrEqual(1300);
    expect(listed.ratios[usdt]).toBe(
      (100000 / Number(listed.root.sums[usdt])).toFixed(4).replace(/\.?0+$/, ''),
    );

    for (const [who, expected] of [
      [alice, { BTC: '0.75', USDT: '1200' }],
      [bob, { BTC: '0', USDT: '100' }],
    ] as const) {
      const reply = await who.proof({ snapshotId });
      expect(reply.json?.code, reply.text).toBe('00000');
      const { proof, snapshot } = reserveProofReplySchema.parse(reply.json?.data);
      expect(proof.balances[proof.assets.indexOf('BTC')]).toBe(expected.BTC);
      expect(proof.balances[proof.assets.indexOf('USDT')]).toBe(expected.USDT);
      const verified = await verifyInclusion(proof, {
        snapshotId,
        assets: snapshot.assets,
        hash: snapshot.root.hash,
        sums: snapshot.root.sums,
      });
      expect(verified.ok).toBe(true);
    }
    // The published root, downloadable on its own.
    const single = reserveSnapshotReplySchema.parse(
      (await call(gateway, 'GET', `${ReservesPath.snapshot}?snapshotId=${snapshotId}`)).json?.data,
    ).snapshot;
    expect(single.root).toEqual(listed.root);
  });

  it('fails the proof of a balance changed after publishing', async () => {
    const carol = await trader([{ coin: 'USDT', available: '500', frozen: '0' }]);
    const engine = engineInOwnSlot();
    await engine.takeSnapshot();
    const snapshotId = engine.snapshotIdAt(engine.now());
    // The books are altered: the leaf now claims less than the root was built with.
    await gateway.db.query(
      `UPDATE reserve_leaves SET balances = replace(balances, '500', '5')
       WHERE snapshot_id = $1 AND user_id = $2`,
      [snapshotId, carol.userId],
    );
    const { proof, snapshot } = reserveProofReplySchema.parse(
      (await carol.proof({ snapshotId })).json?.data,
    );
    const verified = await verifyInclusion(proof, {
      snapshotId,
      assets: snapshot.assets,
      hash: snapshot.root.hash,
      sums: snapshot.root.sums,
    });
    expect(verified).toMatchObject({ ok: false });
  });

  it('is taken once per interval whichever gateway comes first', async () => {
    const first = engineInOwnSlot();
    const second = new ReservesEngine(gateway.db, first.config, first.now);
    const taken = await Promise.all([first.takeSnapshot(), second.takeSnapshot()]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const rows = await gateway.db.query(`SELECT 1 FROM reserve_snapshots WHERE snapshot_id = $1`, [
      first.snapshotIdAt(first.now()),
    ]);
    expect(rows).toHaveLength(1);
  });

  it('answers unknown snapshots, empty accounts, bad queries and strangers with their codes', async () => {
    const nobody = await trader([]);
    const engine = engineInOwnSlot();
    await engine.takeSnapshot();
    const missing = await call(gateway, 'GET', `${ReservesPath.snapshot}?snapshotId=1999`);
    expect([missing.status, missing.json?.code]).toEqual([404, ReservesCode.snapshotNotFound]);
    const empty = await nobody.proof({});
    expect([empty.status, empty.json?.code]).toEqual([404, ReservesCode.notInSnapshot]);
    const unknown = await nobody.proof({ snapshotId: '1999' });
    expect([unknown.status, unknown.json?.code]).toEqual([404, ReservesCode.snapshotNotFound]);
    for (const query of ['limit=0', 'limit=x', 'limit=101']) {
      const reply = await call(gateway, 'GET', `${ReservesPath.snapshots}?${query}`);
      expect([query, reply.status, reply.json?.code]).toEqual([
        query,
        400,
        GatewayCode.validationFailed,
      ]);
    }
    const stranger = await call(gateway, 'POST', ReservesPath.proof, '{}');
    expect(stranger.status).toBe(401);
  });
});
