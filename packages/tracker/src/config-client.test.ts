import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Timing } from '@exchange-web/protocol/registry';
import { configFailedWarning, createConfigClient, type ConfigClient } from './config-client';
import { configReply, fakePlatform, jsonResponse, type FakePlatform } from './testing';
import { requestFailedWarning } from './wire';

const CONFIG_URL = 'https://cfg.example.test/v1/mix/public/clientCommonConfig';

let platform: FakePlatform;
let warnings: string[];

const make = (headers: Record<string, string> = {}): ConfigClient =>
  createConfigClient(
    platform,
    CONFIG_URL,
    () => headers,
    (message) => warnings.push(message),
  );

/** Answers every config call with this status and body. */
const answer = (status: number, body: unknown) => {
  platform.respond = () => Promise.resolve(jsonResponse(status, body));
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  platform = fakePlatform();
  warnings = [];
});
afterEach(() => vi.useRealTimers());

describe('load', () => {
  it('reads the switch, userId and ip with a GET carrying the extra headers', async () => {
    answer(200, configReply(true, 'u-1', '198.51.100.4'));
    const config = make({ pfb: '1' });
    expect(config.uid).toBeUndefined();
    await config.load();
    expect(config).toMatchObject({ uploadOn: true, uid: 'u-1', ip: '198.51.100.4' });
    expect(platform.requests).toEqual([
      {
        url: CONFIG_URL,
        init: {
          method: 'GET',
          headers: { pfb: '1' },
          credentials: 'same-origin',
          keepalive: false,
        },
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('takes a userId-less config as signed out, and a reply without ip as no ip', async () => {
    answer(200, {
      code: '00000',
      msg: 'success',
      data: { clientCommonConfig: { eventLogUploadSwitch: false } },
    });
    const config = make();
    await config.load();
    expect(config).toMatchObject({ uploadOn: false, uid: '', ip: undefined });
  });

  it('takes both success codes, 200 also as a number (read through the envelope reader)', async () => {
    for (const code of ['00000', '200', 200]) {
      answer(200, { ...configReply(), code });
      const config = make();
      await config.load();
      expect(config.uploadOn).toBe(true);
    }
    expect(warnings).toEqual([]);
  });

  it.each([
    ['an error code', 200, { code: '40001', msg: 'bad', data: null }, '40001'],
    ['a body that is not an envelope', 200, { data: configReply().data }, 'undefined'],
    ['a success without config', 200, { code: '00000', msg: 'success', data: {} }, '00000'],
    ['an HTTP failure', 500, configReply(), requestFailedWarning(500)],
  ])('on %s warns, keeps uploading off and reports no uid', async (_case, status, body, reason) => {
    answer(status, body);
    const config = make();
    await config.load();
    expect(warnings).toEqual([configFailedWarning(reason)]);
    expect(config).toMatchObject({ uploadOn: false, uid: '', ip: undefined });
  });

  it('warns when the network fails or there is no fetch', async () => {
    platform.respond = () => Promise.reject(new TypeError('Failed to fetch'));
    await make().load();
    platform.fetch = undefined;
    await make().load();
    expect(warnings).toEqual([
      configFailedWarning('Failed to fetch'),
      configFailedWarning('no fetch'),
    ]);
  });

  it('reads once while a read is in flight', async () => {
    const config = make();
    await Promise.all([config.load(), config.load()]);
    expect(platform.requests).toHaveLength(1);
  });
});

describe('reading again while uploading is off', () => {
  it('reads again at most once a silence while off, never before the first read', async () => {
    answer(200, configReply(false));
    const config = make();
    config.refreshIfOff();
    expect(platform.requests).toHaveLength(0);
    await config.load();
    config.refreshIfOff();
    expect(platform.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(Timing.trackingSilenceMs);
    config.refreshIfOff();
    config.refreshIfOff();
    await vi.advanceTimersByTimeAsync(0);
    expect(platform.requests).toHaveLength(2);
  });

  it('never reads again while on', async () => {
    const config = make();
    await config.load();
    await vi.advanceTimersByTimeAsync(Timing.trackingSilenceMs * 2);
    config.refreshIfOff();
    expect(platform.requests).toHaveLength(1);
  });

  it('turns off at once on a refused upload and reads again, on when the config says so', async () => {
    const config = make();
    await config.load();
    answer(200, configReply(false));
    config.turnOff();
    expect(config.uploadOn).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(platform.requests).toHaveLength(2);
    expect(config.uploadOn).toBe(false);
    answer(200, configReply(true));
    config.turnOff();
    await vi.advanceTimersByTimeAsync(0);
    expect(config.uploadOn).toBe(true);
  });
});
