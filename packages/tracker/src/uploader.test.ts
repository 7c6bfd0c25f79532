import { describe, expect, it } from 'vitest';
import { TRACKING_MAX_BEACON_BYTES } from '@exchange-web/protocol/registry';
import type { TrackingEvent } from '@exchange-web/protocol/schemas';
import {
  beaconEvents as readBeacon,
  fakePlatform,
  jsonResponse,
  trackingEventFixture,
} from './testing';
import {
  beaconEvents,
  isEnvelopeSuccess,
  NETWORK_ERROR_WARNING,
  rejectedEventsWarning,
  requestFailedWarning,
  uploadBatch,
} from './uploader';

const event = (id: string, pad = ''): TrackingEvent =>
  trackingEventFixture(id, { event_tracking: pad });

async function upload(status: number, body: unknown, reject = false) {
  const platform = fakePlatform();
  const warnings: string[] = [];
  platform.respond = () =>
    reject ? Promise.reject(new TypeError('x')) : Promise.resolve(jsonResponse(status, body));
  const outcome = await uploadBatch(platform, '/up', [event('a'), event('b')], { pfb: '1' }, (m) =>
    warnings.push(m),
  );
  return { outcome, warnings, request: platform.requests[0] };
}

describe('uploadBatch', () => {
  it('posts JSON with extra headers and reports every answered id done', async () => {
    const { outcome, request, warnings } = await upload(200, {
      code: '00000',
      msg: 'success',
      data: {
        accepted: 1,
        duplicates: 0,
        rejected: [{ index: 1, eventId: 'b', reason: 'too long' }],
      },
    });
    expect(outcome).toEqual({ kind: 'done', ids: ['a', 'b'] });
    expect(request?.init.headers).toEqual({ pfb: '1', 'content-type': 'application/json' });
    expect(JSON.parse(request?.init.body ?? '')).toHaveLength(2);
    expect(warnings).toEqual([
      rejectedEventsWarning([{ index: 1, eventId: 'b', reason: 'too long' }]),
    ]);
  });

  it('reads 403 and code 40301 as uploading off', async () => {
    expect((await upload(403, {})).outcome).toEqual({ kind: 'forbidden' });
    expect((await upload(200, { code: '40301', msg: 'off' })).outcome).toEqual({
      kind: 'forbidden',
    });
  });

  it('retries 5xx and network errors with a warning, 429 quietly', async () => {
    const failed = await upload(502, {});
    expect(failed.outcome).toEqual({ kind: 'retry' });
    expect(failed.warnings).toEqual([requestFailedWarning(502)]);
    expect(requestFailedWarning(502)).toBe('Request failed with status code 502');
    const limited = await upload(429, {});
    expect(limited).toMatchObject({ outcome: { kind: 'retry' }, warnings: [] });
    expect((await upload(0, {}, true)).warnings).toEqual([NETWORK_ERROR_WARNING]);
  });

  it('retries a 2xx reply that is not an envelope (it may not have been stored)', async () => {
    for (const body of [{ code: '00000' }, '<html>', null]) {
      expect(await upload(200, body)).toMatchObject({ outcome: { kind: 'retry' } });
    }
  });

  it('knows the success codes', () => {
    expect(isEnvelopeSuccess('00000')).toBe(true);
    expect(isEnvelopeSuccess('200')).toBe(true);
    expect(isEnvelopeSuccess(200)).toBe(false);
  });
});

describe('beaconEvents', () => {
  it('chunks by 50 events and by bytes, each chunk under the beacon limit', async () => {
    const platform = fakePlatform();
    const many = Array.from({ length: 120 }, (_, index) => event(`e${index}`));
    expect(beaconEvents(platform, '/up', many)).toHaveLength(120);
    expect(
      await Promise.all(platform.beacons.map(async (b) => (await readBeacon(b)).length)),
    ).toEqual([50, 50, 20]);
    const big = Array.from({ length: 8 }, (_, index) => event(`big${index}`, 'x'.repeat(15_000)));
    const other = fakePlatform();
    expect(beaconEvents(other, '/up', big)).toHaveLength(8);
    expect(other.beacons.length).toBeGreaterThan(1);
    for (const beacon of other.beacons)
      expect(beacon.body.size).toBeLessThanOrEqual(TRACKING_MAX_BEACON_BYTES);
  });

  it('stops at the first refused chunk and returns only what was handed over', () => {
    const platform = fakePlatform();
    let calls = 0;
    platform.acceptBeacon = () => ++calls === 1;
    const handed = beaconEvents(
      platform,
      '/up',
      Array.from({ length: 150 }, (_, index) => event(`e${index}`)),
    );
    expect(handed).toHaveLength(50);
    expect(calls).toBe(2);
  });

  it('sends nothing without sendBeacon', () => {
    const platform = fakePlatform();
    platform.sendBeacon = undefined;
    expect(beaconEvents(platform, '/up', [event('a')])).toEqual([]);
  });
});
