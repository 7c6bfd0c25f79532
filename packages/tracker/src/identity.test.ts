import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CookieName,
  LocalStorageKey,
  SessionStorageKey,
  Timing,
  VISITOR_ID_PATTERN,
} from '@exchange-web/protocol/registry';
import { createIdentity, createVisitorId, UNSUPPORTED_TERMINAL_CODE_STORAGE } from './identity';
import { fakePlatform, type FakePlatform } from './testing';

let platform: FakePlatform;
let warnings: string[];
const warn = (message: string) => warnings.push(message);

beforeEach(() => {
  vi.useFakeTimers();
  platform = fakePlatform('https://www.example.test/en?qr=abc');
  warnings = [];
});
afterEach(() => vi.useRealTimers());

describe('terminal code', () => {
  it('is created once and read back', async () => {
    const identity = createIdentity(platform, warn);
    expect(identity.terminalCode()).toBe('');
    const created = identity.ensureTerminalCode();
    await vi.runAllTimersAsync();
    expect(await created).toMatch(/^[0-9a-f]{11}$/);
    expect(identity.terminalCode()).toBe(await created);
    expect(platform.local.getItem(LocalStorageKey.terminalCode)).toBe(await created);
  });

  it("warns and answers '' when local storage is unsupported", async () => {
    platform.local.failAll = true;
    const identity = createIdentity(platform, warn);
    expect(identity.terminalCode()).toBe('');
    expect(await identity.ensureTerminalCode()).toBe('');
    expect(warnings).toEqual([UNSUPPORTED_TERMINAL_CODE_STORAGE]);
    platform.localStorage = () => undefined;
    expect(createIdentity(platform, warn).terminalCode()).toBe('');
  });

  it('lets the loser of the lock wait 1 s and read the winner value', async () => {
    const first = createIdentity(platform, warn);
    const second = createIdentity(platform, warn);
    const a = first.ensureTerminalCode();
    const b = second.ensureTerminalCode();
    await vi.advanceTimersByTimeAsync(Timing.tabLockWaitMs - 1);
    // The winner is done, the loser still waits.
    expect(platform.local.getItem(LocalStorageKey.terminalCode)).toBe(await a);
    await vi.advanceTimersByTimeAsync(1);
    expect(await b).toBe(await a);
  });

  it('takes over a stale lock at once', async () => {
    platform.local.setItem(
      LocalStorageKey.terminalCodeLock,
      JSON.stringify({ owner: 'gone', time: Date.now() - Timing.tabLockWaitMs - 1 }),
    );
    const created = createIdentity(platform, warn).ensureTerminalCode();
    await vi.advanceTimersByTimeAsync(1);
    expect(await created).toMatch(/^[0-9a-f]{11}$/);
  });
});

describe('fingerprint', () => {
  it('hashes the device data and the ip with SHA-256 and writes a marker cookie', async () => {
    const identity = createIdentity(platform, warn);
    const pending = identity.ensureFingerprint('203.0.113.1');
    await vi.runAllTimersAsync();
    const fingerprint = await pending;
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(identity.deviceId()).toBe(fingerprint);
    expect(platform.cookieJar.get(`${CookieName.fingerprintMarkerPrefix}0`)).toMatch(
      new RegExp(`^\\d+\\.${fingerprint}$`),
    );
    const other = fakePlatform();
    const otherPending = createIdentity(other, warn).ensureFingerprint('203.0.113.2');
    await vi.runAllTimersAsync();
    expect(await otherPending).not.toBe(fingerprint);
  });

  it('falls back to a random id without WebCrypto', async () => {
    platform.sha256Hex = undefined;
    const pending = createIdentity(platform, warn).ensureFingerprint(undefined);
    await vi.runAllTimersAsync();
    expect(await pending).toMatch(/^[0-9a-f]{32}$/);
  });

  it('restores a lost fingerprint from the newest marker', async () => {
    platform.cookieJar.set(`${CookieName.fingerprintMarkerPrefix}3`, '100.old');
    platform.cookieJar.set(`${CookieName.fingerprintMarkerPrefix}5`, '200.newest');
    const identity = createIdentity(platform, warn);
    expect(await identity.ensureFingerprint(undefined)).toBe('newest');
    expect(platform.local.getItem(LocalStorageKey.deviceFingerprint)).toBe('newest');
  });

  it('keeps at most 10 markers, replacing the oldest', async () => {
    for (let index = 0; index < 10; index += 1) {
      platform.cookieJar.set(
        `${CookieName.fingerprintMarkerPrefix}${index}`,
        `${1000 + index}.fp${index}`,
      );
    }
    platform.cookieJar.set(`${CookieName.fingerprintMarkerPrefix}4`, '1.fp4');
    platform.local.setItem(LocalStorageKey.deviceFingerprint, 'current');
    await createIdentity(platform, warn).ensureFingerprint(undefined);
    expect(platform.cookieJar.size).toBe(10);
    expect(platform.cookieJar.get(`${CookieName.fingerprintMarkerPrefix}4`)).toMatch(/\.current$/);
  });
});

describe('visit and session', () => {
  it('stores a visitor id and first visit time, first day under 24 h', () => {
    const identity = createIdentity(platform, warn);
    const first = identity.firstVisitTime();
    expect(platform.local.getItem(LocalStorageKey.visitorId)).toMatch(VISITOR_ID_PATTERN);
    expect(createVisitorId(platform)).toMatch(VISITOR_ID_PATTERN);
    expect(identity.firstDay()).toBe(true);
    vi.setSystemTime(first + Timing.firstDayMs);
    expect(identity.firstDay()).toBe(false);
    expect(createIdentity(platform, warn).firstVisitTime()).toBe(first);
  });

  it('derives session_id from device id, time and 0..100', async () => {
    const identity = createIdentity(platform, warn);
    expect(identity.sessionId()).toBe('');
    platform.local.setItem(LocalStorageKey.deviceFingerprint, 'fp');
    const [device, time, random] = identity.sessionId().split('-');
    expect(device).toBe('fp');
    expect(Number(time)).toBe(Date.now());
    expect(Number(random)).toBeGreaterThanOrEqual(0);
    expect(Number(random)).toBeLessThanOrEqual(100);
  });

  it('sets source referrer, target and qr value once per session', () => {
    expect(createIdentity(platform, warn).source()).toEqual({
      source_referer: 'https://search.example/',
      source_target: 'https://www.example.test/en?qr=abc',
      qr_val: 'abc',
    });
    platform.pageState.href = 'https://www.example.test/other';
    platform.pageState.search = '';
    expect(createIdentity(platform, warn).source().qr_val).toBe('abc');
    expect(platform.session.getItem(SessionStorageKey.sourceTarget)).toBe(
      'https://www.example.test/en?qr=abc',
    );
  });
});
