import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { TRACKING_MAX_EVENT_BYTES, TrackingId } from '@exchange-web/protocol/registry';
import {
  buriedLogInfoReplySchema,
  clientCommonConfigReplySchema,
  trackingEventsReplySchema,
  trackingOverviewReplySchema,
  type TrackingEvent,
  type TrackingOverviewReply,
} from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../src/accounts/sweep';
import { DEFAULT_APP_CONFIG, type GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/server';
import {
  CHALLENGES_OFF,
  GUARDS_RELAXED,
  STRONG_PASSWORD,
  TestBrowser,
  call,
  registerPlaintext,
  sleep,
  startTestGateway,
  uniqueEmail,
} from './support';
import { newEmptyStore } from './test-database';

// Small enough to reach in a test; every test posts from an address of its own.
const RATE_LIMIT = 20;
const OPERATOR = uniqueEmail('operator');

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway({
    trackingRateLimit: { limit: RATE_LIMIT, windowMs: 60_000 },
    operatorLoginNames: [OPERATOR.toUpperCase()],
  });
});
afterAll(async () => {
  await gateway.stop();
});

let idCounter = 0;
/** A valid event with an id no other event uses. */
function makeEvent(overrides: Partial<TrackingEvent> = {}): TrackingEvent {
  idCounter += 1;
  return {
    event_id: `e-${idCounter}-${Math.random().toString(36).slice(2, 10)}`,
    type: 1,
    page_status: 'show',
    event_tracking_id: '/',
    track_type: 'auto',
    timestamp: Date.now() - 1000,
    url: 'https://exchange-web.test/en/spot/BTCUSDT?ref=home#chart',
    device_id: 'device-1',
    session_id: 'session-1',
    ...overrides,
  };
}

/** A page-performance event carrying one web-vitals metric. */
const vital = (name: string, value: number, overrides: Partial<TrackingEvent> = {}) =>
  makeEvent({
    type: 9,
    event_tracking_id: TrackingId.pagePerformance,
    event_tracking_ext: { name, value, rating: 'good', id: `v-${idCounter}` },
    ...overrides,
  });

let ipCounter = 0;
/** A client address no other test uses, so the rate limit never spills between tests. */
const nextIp = () => {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
};

/** Posts an upload body (serialised unless a string) from `ip`. */
const upload = (
  target: RunningGateway,
  body: unknown,
  { ip = nextIp(), contentType = 'application/json' } = {},
) =>
  call(
    target,
    'POST',
    ApiPath.buriedLogInfo,
    typeof body === 'string' ? body : JSON.stringify(body),
    {
      'content-type': contentType,
      'x-forwarded-for': ip,
    },
  );

const storedIds = async (target: RunningGateway, ids: string[]) =>
  (
    await target.db.query<{ event_id: string }>(
      'SELECT event_id FROM tracking_events WHERE event_id = ANY($1::text[]) ORDER BY event_id',
      [ids],
    )
  ).map((row) => row.event_id);

/** Registers a user (signed in) from an address of its own. */
async function signUp(target: RunningGateway, email = uniqueEmail('tracker')) {
  const visitor = new TestBrowser(target, { 'x-forwarded-for': nextIp() });
  await registerPlaintext(visitor, email);
  return visitor;
}

let operatorBrowser: TestBrowser | undefined;
const operator = async () => (operatorBrowser ??= await signUp(gateway, OPERATOR));

describe('POST /v1/buried/log/info', () => {
  it('stores a batch with its columns and answers the counts', async () => {
    const events = [
      makeEvent({ uid: '1000000001' }),
      makeEvent({ type: 2, event_tracking_id: 'b6055', page_status: 'hide' }),
      makeEvent({ url: '/en/markets' }),
    ];
    const response = await upload(gateway, events);
    expect(response.status).toBe(200);
    expect(response.json?.code).toBe('00000');
    expect(buriedLogInfoReplySchema.parse(response.json?.data)).toEqual({
      accepted: 3,
      duplicates: 0,
      rejected: [],
    });
    const rows = await gateway.db.query<Record<string, unknown>>(
      `SELECT event_id, type, event_tracking_id, page_status, page, uid, device_id, session_id,
         event, event_time, received_at FROM tracking_events
       WHERE event_id = ANY($1::text[]) ORDER BY event_id`,
      [events.map((event) => event.event_id)],
    );
    expect(rows).toHaveLength(3);
    const first = rows.find((row) => row.event_id === events[0]!.event_id)!;
    expect(first).toMatchObject({
      type: 1,
      event_tracking_id: '/',
      page_status: 'show',
      page: '/en/spot/BTCUSDT',
      uid: '1000000001',
      device_id: 'device-1',
      session_id: 'session-1',
      event: events[0],
    });
    expect(new Date(first.event_time as Date).getTime()).toBe(events[0]!.timestamp);
    const second = rows.find((row) => row.event_id === events[1]!.event_id)!;
    expect(second).toMatchObject({ type: 2, page_status: 'hide', uid: null });
    expect(rows.find((row) => row.event_id === events[2]!.event_id)?.page).toBe('/en/markets');
  });

  it('stores each event once however often it is sent, and counts the rest as duplicates', async () => {
    const events = [makeEvent(), makeEvent(), makeEvent()];
    const first = await upload(gateway, events);
    expect(first.json?.data).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    const again = await upload(gateway, events);
    expect(again.status).toBe(200);
    expect(again.json?.data).toEqual({ accepted: 0, duplicates: 3, rejected: [] });

    // One id twice in a batch, plus one stored before.
    const fresh = makeEvent();
    const mixed = await upload(gateway, [fresh, { ...fresh, seq: 2 }, events[0]]);
    expect(mixed.json?.data).toEqual({ accepted: 1, duplicates: 2, rejected: [] });
    const ids = [...events, fresh].map((event) => event.event_id);
    expect(await storedIds(gateway, ids)).toEqual([...ids].sort());
  });

  it('keeps the valid events of a mixed batch and rejects each bad one with its reason', async () => {
    const good = [makeEvent(), vital('LCP', 2100), makeEvent({ event_tracking_id: 'b6056' })];
    const { event_id: _dropped, ...noId } = makeEvent();
    const unknownType = makeEvent({ type: 42 });
    const badTrackingId = makeEvent({ event_tracking_id: 'x12' });
    const unknownField = { ...makeEvent(), colour: 'red' };
    const oversize = makeEvent({
      event_tracking_ext: { blob: 'x'.repeat(TRACKING_MAX_EVENT_BYTES) },
    });
    const badVital = vital('LCP', 2100, {
      event_tracking_ext: { name: 'FID', value: 10, rating: 'good', id: 'v' },
    });
    const noVital = makeEvent({ event_tracking_id: TrackingId.pagePerformance });
    const negativeVital = vital('CLS', -1);
    const nulChar = makeEvent({ title: 'a\u0000b' });
    const batch = [
      good[0],
      noId,
      unknownType,
      badTrackingId,
      good[1],
      unknownField,
      oversize,
      badVital,
      noVital,
      negativeVital,
      nulChar,
      'not an event',
      good[2],
    ];
    const response = await upload(gateway, batch);
    expect(response.status).toBe(200);
    const reply = buriedLogInfoReplySchema.parse(response.json?.data);
    expect(reply.accepted).toBe(3);
    expect(reply.duplicates).toBe(0);
    expect(reply.rejected.map(({ index, eventId }) => ({ index, eventId }))).toEqual([
      { index: 1, eventId: null },
      { index: 2, eventId: unknownType.event_id },
      { index: 3, eventId: badTrackingId.event_id },
      { index: 5, eventId: unknownField.event_id },
      { index: 6, eventId: oversize.event_id },
      { index: 7, eventId: badVital.event_id },
      { index: 8, eventId: noVital.event_id },
      { index: 9, eventId: negativeVital.event_id },
      { index: 10, eventId: nulChar.event_id },
      { index: 11, eventId: null },
    ]);
    const reasons = reply.rejected.map((rejected) => rejected.reason);
    expect(reasons[0]).toMatch(/^event_id: /);
    expect(reasons[1]).toBe('type: unknown event type');
    expect(reasons[2]).toMatch(/^event_tracking_id: /);
    expect(reasons[3]).toMatch(/colour/);
    expect(reasons[4]).toMatch(/over the limit of 16384/);
    expect(reasons[5]).toMatch(/^event_tracking_ext\.name: /);
    expect(reasons[6]).toMatch(/^event_tracking_ext: .*web-vitals/);
    expect(reasons[7]).toMatch(/^event_tracking_ext\.value: /);
    expect(reasons[8]).toMatch(/^title: .*NUL/);
    expect(reasons[9]).toMatch(/^\(event\): /);

    const sent = batch.flatMap((item): string[] => {
      const id: unknown = typeof item === 'object' && 'event_id' in item ? item.event_id : null;
      return typeof id === 'string' ? [id] : [];
    });
    expect(await storedIds(gateway, sent)).toEqual(good.map((event) => event.event_id).sort());
  });

  it('answers 200 with every item rejected when none is valid', async () => {
    const response = await upload(gateway, [{ event_id: 'only-an-id' }]);
    expect(response.status).toBe(200);
    expect(response.json?.data).toMatchObject({ accepted: 0, duplicates: 0 });
    expect(buriedLogInfoReplySchema.parse(response.json?.data).rejected).toHaveLength(1);
    expect(await storedIds(gateway, ['only-an-id'])).toEqual([]);
  });

  it.each([
    ['a body that is not JSON', '[{"event_id":', GatewayCode.badRequest, 'JSON'],
    ['an object', JSON.stringify(makeEvent()), GatewayCode.validationFailed, 'a JSON object'],
    [
      'an empty body',
      '',
      GatewayCode.validationFailed,
      'JSON array of 1 to 50 events, got an empty body',
    ],
    ['an empty array', '[]', GatewayCode.validationFailed, 'got 0 items'],
    [
      '51 events',
      JSON.stringify(Array.from({ length: 51 }, () => makeEvent())),
      GatewayCode.validationFailed,
      'got 51 items',
    ],
  ])('refuses %s with HTTP 400 and stores nothing', async (_case, body, code, text) => {
    const before = await gateway.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tracking_events',
    );
    const response = await upload(gateway, body);
    expect(response.status).toBe(400);
    expect(response.json?.code).toBe(code);
    expect(response.json?.msg).toContain(text);
    const after = await gateway.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tracking_events',
    );
    expect(after).toEqual(before);
  });

  it('takes a beacon body sent as text/plain', async () => {
    const events = [makeEvent({ page_status: 'hide' })];
    const response = await upload(gateway, events, { contentType: 'text/plain;charset=UTF-8' });
    expect(response.status).toBe(200);
    expect(response.json?.data).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect(await storedIds(gateway, [events[0]!.event_id])).toHaveLength(1);
  });

  it('limits uploads per address on a counter of their own (42900, HTTP 429)', async () => {
    const ip = nextIp();
    for (let index = 0; index < RATE_LIMIT; index += 1) {
      expect((await upload(gateway, [makeEvent()], { ip })).status).toBe(200);
    }
    const over = await upload(gateway, [makeEvent()], { ip });
    expect(over.status).toBe(429);
    expect(over.json?.code).toBe(GatewayCode.rateLimited);
    // Another address, and the same address's account calls, are not affected.
    expect((await upload(gateway, [makeEvent()])).status).toBe(200);
    const account = await call(gateway, 'POST', ApiPath.clearCookie, '{}', {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
    });
    expect(account.status).toBe(200);
  });
});

describe('POST /v1/buried/log/uploadSwitch', () => {
  it('needs a session (40100) and an operator (40300), and checks its body', async () => {
    const anonymous = await call(gateway, 'POST', ApiPath.trackingUploadSwitch, '{"on":false}');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json?.code).toBe(GatewayCode.unauthorized);
    const user = await signUp(gateway);
    const refused = await user.post(ApiPath.trackingUploadSwitch, { on: false });
    expect(refused.status).toBe(403);
    expect(refused.json?.code).toBe(GatewayCode.forbidden);
    const admin = await operator();
    for (const body of [{ on: 'no' }, { on: false, extra: 1 }, {}]) {
      const bad = await admin.post(ApiPath.trackingUploadSwitch, body);
      expect(bad.status).toBe(400);
      expect(bad.json?.code).toBe(GatewayCode.validationFailed);
    }
    const config = await call(gateway, 'GET', ApiPath.clientCommonConfig);
    expect(
      clientCommonConfigReplySchema.parse(config.json?.data).clientCommonConfig
        .eventLogUploadSwitch,
    ).toBe(true);
  });

  it('turned off, uploads answer 403 with 40301 and store nothing; turned on, they work again', async () => {
    const admin = await operator();
    const off = await admin.post(ApiPath.trackingUploadSwitch, { on: false });
    expect(off.status).toBe(200);
    expect(off.json?.data).toEqual({ on: false });
    const config = await call(gateway, 'GET', ApiPath.clientCommonConfig);
    expect(
      clientCommonConfigReplySchema.parse(config.json?.data).clientCommonConfig
        .eventLogUploadSwitch,
    ).toBe(false);

    const blocked = [makeEvent()];
    const refused = await upload(gateway, blocked, { contentType: 'text/plain' });
    expect(refused.status).toBe(403);
    expect(refused.json?.code).toBe(GatewayCode.trackingUploadOff);
    expect(await storedIds(gateway, [blocked[0]!.event_id])).toEqual([]);
    const overview = await admin.get(`${ApiPath.trackingOverview}?hours=1`);
    expect(trackingOverviewReplySchema.parse(overview.json?.data).uploadSwitch).toBe(false);

    const on = await admin.post(ApiPath.trackingUploadSwitch, { on: true });
    expect(on.json?.data).toEqual({ on: true });
    const accepted = await upload(gateway, blocked);
    expect(accepted.status).toBe(200);
    expect(accepted.json?.data).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });
});

describe('GET /v1/buried/log/overview', () => {
  // A gateway of its own, so the counts are those of the events below only.
  let own: RunningGateway;
  let admin: TestBrowser;
  const ownOperator = uniqueEmail('own-operator');
  beforeAll(async () => {
    own = await startTestGateway({ operatorLoginNames: ['someone@else.test', ownOperator] });
    admin = await signUp(own, ownOperator);
  });
  afterAll(async () => {
    await own.stop();
  });

  it('needs a session (40100) and an operator (40300)', async () => {
    const anonymous = await call(own, 'GET', ApiPath.trackingOverview);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json?.code).toBe(GatewayCode.unauthorized);
    const user = await signUp(own);
    const refused = await user.get(ApiPath.trackingOverview);
    expect(refused.status).toBe(403);
    expect(refused.json?.code).toBe(GatewayCode.forbidden);
  });

  it('refuses hours outside 1 to 168 with 40001', async () => {
    for (const hours of ['0', '169', 'many']) {
      const response = await admin.get(`${ApiPath.trackingOverview}?hours=${hours}`);
      expect(response.status).toBe(400);
      expect(response.json?.code).toBe(GatewayCode.validationFailed);
      expect(response.json?.msg).toContain('hours');
    }
  });

  it('counts events by bucket, type and page, lists the latest, and rates web vitals', async () => {
    const now = Date.now();
    const at = (minutesAgo: number) => now - minutesAgo * 60_000;
    const page = (name: string, minutesAgo: number, type = 1) =>
      makeEvent({ url: `https://exchange-web.test/${name}?q=1`, timestamp: at(minutesAgo), type });
    const pageEvents = [
      page('a', 40),
      page('a', 40, 2),
      page('a', 10, 2),
      page('b', 40),
      page('b', 10),
      page('c', 10, 3),
      page('d', 10),
      page('e', 10),
      page('f', 10),
      page('g', 10),
    ];
    const vitals = [
      ...[1000, 2000, 3000, 5000, 9000].map((value) =>
        vital('LCP', value, { timestamp: at(20), url: '/vitals' }),
      ),
      ...[0.05, 0.1, 0.3].map((value) =>
        vital('CLS', value, { timestamp: at(20), url: '/vitals' }),
      ),
      // A merged page-performance event: two metrics in one ext list.
      vital('INP', 0, {
        timestamp: at(20),
        url: '/vitals',
        event_tracking_ext: [
          { name: 'INP', value: 100, rating: 'good', id: 'i1' },
          { name: 'INP', value: 600, rating: 'poor', id: 'i2' },
        ],
      }),
    ];
    // Outside an hour's window, inside a day's.
    const old = page('a', 300);
    expect((await upload(own, [...pageEvents, old])).json?.data).toMatchObject({ accepted: 11 });
    await sleep(20);
    expect((await upload(own, vitals)).json?.data).toMatchObject({ accepted: 9 });

    const response = await admin.get(`${ApiPath.trackingOverview}?hours=1`);
    expect(response.status).toBe(200);
    const reply: TrackingOverviewReply = trackingOverviewReplySchema.parse(response.json?.data);
    expect(reply.bucketMs).toBe(5 * 60_000);
    expect(reply.to - reply.from).toBe(3_600_000);
    expect(reply.to).toBeGreaterThanOrEqual(now);
    expect(reply.total).toBe(19);
    expect(reply.uploadSwitch).toBe(true);
    expect(reply.byType.length).toBeGreaterThanOrEqual(12);
    expect(reply.byType.length).toBeLessThanOrEqual(13);
    const bucketOf = (time: number) => Math.floor(time / reply.bucketMs) * reply.bucketMs;
    const countsAt = (series: TrackingOverviewReply['byType'], time: number) =>
      series.find((bucket) => bucket.start === bucketOf(time))?.counts;
    expect(countsAt(reply.byType, at(40))).toEqual({ '1': 2, '2': 1 });
    expect(countsAt(reply.byType, at(10))).toEqual({ '1': 5, '2': 1, '3': 1 });
    expect(countsAt(reply.byType, at(20))).toEqual({ '9': 9 });
    const total = reply.byType.reduce(
      (sum, bucket) => sum + Object.values(bucket.counts).reduce((a, b) => a + b, 0),
      0,
    );
    expect(total).toBe(19);

    expect(reply.topPages).toEqual([
      { page: '/vitals', count: 9 },
      { page: '/a', count: 3 },
      { page: '/b', count: 2 },
      { page: '/c', count: 1 },
      { page: '/d', count: 1 },
      { page: '/e', count: 1 },
      { page: '/f', count: 1 },
      { page: '/g', count: 1 },
    ]);
    expect(countsAt(reply.byPage, at(40))).toEqual({ '/a': 2, '/b': 1 });
    expect(countsAt(reply.byPage, at(10))).toEqual({
      '/a': 1,
      '/b': 1,
      '/c': 1,
      '/d': 1,
      other: 3,
    });
    expect(countsAt(reply.byPage, at(20))).toEqual({ '/vitals': 9 });

    expect(reply.latest).toHaveLength(19);
    // Newest received first: the vitals came in the later upload.
    const vitalIds = new Set(vitals.map((event) => event.event_id));
    expect(reply.latest.slice(0, 9).every((event) => vitalIds.has(event.eventId))).toBe(true);
    const receivedTimes = reply.latest.map((event) => event.receivedAt);
    expect([...receivedTimes].sort((a, b) => b - a)).toEqual(receivedTimes);
    const listed = reply.latest.find((event) => event.eventId === pageEvents[1]!.event_id);
    expect(listed).toMatchObject({
      type: 2,
      eventTrackingId: '/',
      pageStatus: 'show',
      page: '/a',
      uid: '',
      deviceId: 'device-1',
      timestamp: pageEvents[1]!.timestamp,
      ext: null,
    });

    const byName = Object.fromEntries(reply.webVitals.map((summary) => [summary.name, summary]));
    expect(Object.keys(byName).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    expect(byName.LCP).toMatchObject({
      samples: 5,
      p75: 5000,
      ratings: { good: 2, 'needs-improvement': 1, poor: 2 },
    });
    // Four steps to the good threshold (2500), three to the poor one (4000), three to twice it,
    // then the open bucket up to the max: both thresholds are edges.
    expect(byName.LCP!.histogram).toEqual([
      { upTo: 625, count: 0 },
      { upTo: 1250, count: 1 },
      { upTo: 1875, count: 0 },
      { upTo: 2500, count: 1 },
      { upTo: 3000, count: 1 },
      { upTo: 3500, count: 0 },
      { upTo: 4000, count: 0 },
      { upTo: 4000 + 4000 / 3, count: 1 },
      { upTo: 4000 + 8000 / 3, count: 0 },
      { upTo: 8000, count: 0 },
      { upTo: 9000, count: 1 },
    ]);
    expect(byName.CLS).toMatchObject({
      samples: 3,
      ratings: { good: 2, 'needs-improvement': 0, poor: 1 },
    });
    expect(byName.CLS!.p75).toBeCloseTo(0.2, 10);
    expect(byName.CLS!.histogram).toHaveLength(10);
    expect(byName.CLS!.histogram.map((bin) => bin.count)).toEqual([0, 1, 0, 1, 0, 0, 0, 1, 0, 0]);
    expect(byName.CLS!.histogram[3]!.upTo).toBe(0.1);
    expect(byName.CLS!.histogram[6]!.upTo).toBe(0.25);
    expect(byName.INP).toMatchObject({
      samples: 2,
      p75: 475,
      ratings: { good: 1, 'needs-improvement': 0, poor: 1 },
    });
    expect(byName.FCP).toMatchObject({
      samples: 0,
      p75: null,
      ratings: { good: 0, 'needs-improvement': 0, poor: 0 },
    });

    // A day's window holds the old event too, in hour buckets.
    const day = trackingOverviewReplySchema.parse(
      (await admin.get(ApiPath.trackingOverview)).json?.data,
    );
    expect(day.bucketMs).toBe(3_600_000);
    expect(day.total).toBe(20);
    expect(day.topPages[1]).toEqual({ page: '/a', count: 4 });
    const week = trackingOverviewReplySchema.parse(
      (await admin.get(`${ApiPath.trackingOverview}?hours=168`)).json?.data,
    );
    expect(week.bucketMs).toBe(6 * 3_600_000);
  });

  it('decides by the main account, also while it acts as a sub-account', async () => {
    const created = await admin.post(ApiPath.subAccountCreate, { userName: 'desk' });
    expect(created.json?.code).toBe('00000');
    const { userId } = created.json?.data as { userId: string };
    const switched = await admin.post(ApiPath.subAccountSwitch, { userId });
    expect(switched.json?.code).toBe('00000');
    const response = await admin.get(`${ApiPath.trackingOverview}?hours=2`);
    expect(response.status).toBe(200);
    expect(trackingOverviewReplySchema.parse(response.json?.data).bucketMs).toBe(5 * 60_000);
  });
});

describe('GET /v1/buried/log/events', () => {
  it('answers an operator the stored events of one device in full, oldest first', async () => {
    const deviceId = `device-${Math.random().toString(36).slice(2, 10)}`;
    const now = Date.now();
    const events = [
      makeEvent({ device_id: deviceId, timestamp: now - 3000, title: 'third' }),
      makeEvent({ device_id: deviceId, timestamp: now - 9000, title: 'first' }),
      makeEvent({ device_id: deviceId, timestamp: now - 6000, title: 'second' }),
      makeEvent({ timestamp: now - 5000 }),
    ];
    expect((await upload(gateway, events)).json?.data).toMatchObject({ accepted: 4 });

    const anonymous = await call(gateway, 'GET', `${ApiPath.trackingEvents}?deviceId=${deviceId}`);
    expect(anonymous.json?.code).toBe(GatewayCode.unauthorized);
    const user = await signUp(gateway);
    const refused = await user.get(`${ApiPath.trackingEvents}?deviceId=${deviceId}`);
    expect(refused.status).toBe(403);
    expect(refused.json?.code).toBe(GatewayCode.forbidden);

    const admin = await operator();
    const response = await admin.get(`${ApiPath.trackingEvents}?deviceId=${deviceId}`);
    expect(response.status).toBe(200);
    const reply = trackingEventsReplySchema.parse(response.json?.data);
    expect(reply.events.map(({ event }) => event)).toEqual([events[1], events[2], events[0]]);
    expect(reply.events[0]!.receivedAt).toBeGreaterThan(now - 60_000);
    const limited = await admin.get(`${ApiPath.trackingEvents}?deviceId=${deviceId}&limit=2`);
    expect(
      trackingEventsReplySchema.parse(limited.json?.data).events.map(({ event }) => event.title),
    ).toEqual(['first', 'second']);
    for (const query of ['', '?deviceId=', `?deviceId=${deviceId}&limit=1001`]) {
      const bad = await admin.get(`${ApiPath.trackingEvents}${query}`);
      expect(bad.status).toBe(400);
      expect(bad.json?.code).toBe(GatewayCode.validationFailed);
    }
  });

  it('answers the events of one visitor, alone or with its device', async () => {
    const deviceId = `device-${Math.random().toString(36).slice(2, 10)}`;
    const visitor = (n: number) => `w-${String(n).repeat(9)}-${Date.now()}-123456789`;
    const [mine, theirs] = [visitor(1), visitor(2)];
    const events = [
      makeEvent({ device_id: deviceId, visitor_id: mine, title: 'mine' }),
      makeEvent({ device_id: deviceId, visitor_id: theirs, title: 'theirs' }),
      makeEvent({ visitor_id: mine, title: 'mine elsewhere' }),
    ];
    expect((await upload(gateway, events)).json?.data).toMatchObject({ accepted: 3 });
    const admin = await operator();
    const titles = async (query: string) =>
      trackingEventsReplySchema
        .parse((await admin.get(`${ApiPath.trackingEvents}?${query}`)).json?.data)
        .events.map(({ event }) => event.title)
        .sort();
    expect(await titles(`visitorId=${mine}`)).toEqual(['mine', 'mine elsewhere']);
    expect(await titles(`deviceId=${deviceId}&visitorId=${mine}`)).toEqual(['mine']);
    expect(await titles(`deviceId=${deviceId}`)).toEqual(['mine', 'theirs']);
  });
});

describe('retention', () => {
  it('sweeps events received longer ago than the retention, and keeps the others', async () => {
    const deviceId = `device-${Math.random().toString(36).slice(2, 10)}`;
    const [old, recent] = [makeEvent({ device_id: deviceId }), makeEvent({ device_id: deviceId })];
    expect((await upload(gateway, [old, recent])).json?.data).toMatchObject({ accepted: 2 });
    await gateway.db.query(
      `UPDATE tracking_events SET received_at = now() - interval '31 days' WHERE event_id = $1`,
      [old.event_id],
    );
    await sweepExpired(gateway.db, { signKeyGraceMs: 60_000, trackingRetentionDays: 30 });
    const left = await gateway.db.query<{ event_id: string }>(
      'SELECT event_id FROM tracking_events WHERE device_id = $1',
      [deviceId],
    );
    expect(left.map((row) => row.event_id)).toEqual([recent.event_id]);
  });
});

describe('persistence', () => {
  it('keeps accepted events across a restart of the gateway on the same database', async () => {
    // A data folder on PGlite, a database of its own on PostgreSQL.
    const store = await newEmptyStore();
    const email = uniqueEmail('restart-operator');
    const config: GatewayConfig = {
      host: '127.0.0.1',
      port: 0,
      dataDir: store.dataDir,
      databaseUrl: store.databaseUrl,
      seedDemo: false,
      secretsKey: 'ab'.repeat(32),
      ...DEFAULT_APP_CONFIG,
      ...CHALLENGES_OFF,
      ...GUARDS_RELAXED,
      operatorLoginNames: [email],
    };
    const events = [makeEvent(), makeEvent({ type: 3 })];
    let running: RunningGateway | undefined;
    try {
      running = await startGateway(config);
      expect((await upload(running, events)).json?.data).toEqual({
        accepted: 2,
        duplicates: 0,
        rejected: [],
      });
      await signUp(running, email);
      await running.stop();
      running = undefined;

      running = await startGateway(config);
      const visitor = new TestBrowser(running, { 'x-forwarded-for': nextIp() });
      const login = await visitor.post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
      expect(login.json?.code).toBe('00000');
      const reply = trackingOverviewReplySchema.parse(
        (await visitor.get(`${ApiPath.trackingOverview}?hours=1`)).json?.data,
      );
      expect(reply.total).toBe(2);
      expect(reply.latest.map((event) => event.eventId).sort()).toEqual(
        events.map((event) => event.event_id).sort(),
      );
      // Sent again after the restart, they are duplicates.
      expect((await upload(running, events)).json?.data).toEqual({
        accepted: 0,
        duplicates: 2,
        rejected: [],
      });
    } finally {
      await running?.stop();
      await store.remove();
    }
  }, 90_000);
});
