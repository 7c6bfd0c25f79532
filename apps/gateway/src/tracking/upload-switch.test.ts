import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { UploadSwitch } from './upload-switch';

/** A client_config table of one switch that counts its reads. */
function fakeDb(initial: boolean) {
  const state = { value: initial as unknown, reads: 0 };
  const db: Queryable = {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      if (sql.trim().startsWith('SELECT')) {
        state.reads += 1;
        return [{ value: state.value }] as unknown as Row[];
      }
      state.value = JSON.parse(String(params[0]));
      return [] as Row[];
    },
  };
  return { db, state };
}

describe('UploadSwitch', () => {
  it('reads the database at most once per cache period', async () => {
    const { db, state } = fakeDb(true);
    let now = 1000;
    const upload = new UploadSwitch(db, 1000, () => now);
    expect(await upload.isOn()).toBe(true);
    state.value = false; // another process turned it off
    now += 999;
    expect(await upload.isOn()).toBe(true);
    expect(state.reads).toBe(1);
    now += 1;
    expect(await upload.isOn()).toBe(false);
    expect(state.reads).toBe(2);
  });

  it('shares one read among concurrent callers', async () => {
    const { db, state } = fakeDb(true);
    const upload = new UploadSwitch(db, 1000, () => 0);
    expect(await Promise.all([upload.isOn(), upload.isOn(), upload.isOn()])).toEqual([
      true,
      true,
      true,
    ]);
    expect(state.reads).toBe(1);
  });

  it('takes its own change at once, without waiting for the cache', async () => {
    const { db, state } = fakeDb(true);
    const upload = new UploadSwitch(db, 60_000, () => 0);
    expect(await upload.isOn()).toBe(true);
    await upload.set(false);
    expect(state.value).toBe(false);
    expect(await upload.isOn()).toBe(false);
    await upload.set(true);
    expect(await upload.isOn()).toBe(true);
    expect(state.reads).toBe(1);
  });

  it('counts anything but JSON true as off', async () => {
    const { db, state } = fakeDb(true);
    state.value = 'true';
    expect(await new UploadSwitch(db).isOn()).toBe(false);
  });
});
