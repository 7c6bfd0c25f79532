import { ApiPath } from '@exchange-web/protocol/paths';
import {
  buriedLogInfoReplySchema,
  trackingEventsReplySchema,
  type BuriedLogInfoReply,
  type TrackingEvent,
} from '@exchange-web/protocol/schemas';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallResult } from '../test/support';
import { ClusterBrowser, doors, register } from './support';

// Events are keyed by their id in the shared database (README "Behaviour tracking: ingestion"):
// an event re-sent after a failed reply, to whichever gateway the balancer picks, is stored once.
const { a, b, proxy } = doors();

let operator: ClusterBrowser;
beforeAll(async () => {
  operator = new ClusterBrowser(a);
  await register(operator, inject('cluster').operator);
});

/** Valid events of one new device, each with an id no other event uses. */
function makeEvents(count: number): { deviceId: string; events: TrackingEvent[] } {
  const deviceId = `cluster-device-${randomBytes(6).toString('hex')}`;
  const events = Array.from({ length: count }, (_, index): TrackingEvent => ({
    event_id: `${deviceId}-${index}`,
    type: 1,
    page_status: 'show',
    event_tracking_id: '/',
    track_type: 'auto',
    timestamp: Date.now() - 1000 + index,
    url: 'https://exchange-web.test/en/spot/BTCUSDT',
    device_id: deviceId,
    session_id: 'cluster-session',
  }));
  return { deviceId, events };
}

async function upload(door: typeof a, events: TrackingEvent[]): Promise<BuriedLogInfoReply> {
  const response: CallResult = await new ClusterBrowser(door).post(ApiPath.buriedLogInfo, events);
  expect(response.status, response.text).toBe(200);
  return buriedLogInfoReplySchema.parse(response.json?.data);
}

/** The ids of the stored events of one device, as the operators' events call answers them. */
async function storedIds(door: typeof a, deviceId: string): Promise<string[]> {
  const response = await operator
    .on(door)
    .get(`${ApiPath.trackingEvents}?deviceId=${encodeURIComponent(deviceId)}`);
  expect(response.json?.code, response.text).toBe('00000');
  return trackingEventsReplySchema
    .parse(response.json?.data)
    .events.map(({ event }) => String(event.event_id));
}

describe('an event stored through one gateway', () => {
  it('re-sent through the other and through the proxy counts as a duplicate', async () => {
    const { deviceId, events } = makeEvents(3);
    expect(await upload(a, events)).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    expect(await upload(b, events)).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    expect(await upload(proxy, events)).toEqual({ accepted: 0, duplicates: 3, rejected: [] });

    const ids = events.map((event) => event.event_id);
    for (const door of [a, b, proxy]) expect(await storedIds(door, deviceId)).toEqual(ids);
  });

  it('sent to both gateways at once is stored once: the uploads share out accepted and duplicates', async () => {
    const { deviceId, events } = makeEvents(50);
    const replies = await Promise.all([a, b, a, b].map((door) => upload(door, events)));
    expect(replies.reduce((sum, reply) => sum + reply.accepted, 0)).toBe(50);
    expect(replies.reduce((sum, reply) => sum + reply.duplicates, 0)).toBe(150);
    expect(await storedIds(proxy, deviceId)).toHaveLength(50);
  });

  it('mixed with new ones: only the new ones are stored through the other gateway', async () => {
    const { deviceId, events } = makeEvents(4);
    const [first, second, third, fourth] = events;
    if (!first || !second || !third || !fourth) throw new Error('four events expected');
    expect(await upload(b, [first, second])).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(await upload(a, [second, third, first, fourth])).toMatchObject({
      accepted: 2,
      duplicates: 2,
    });
    expect(await storedIds(a, deviceId)).toEqual(events.map((event) => event.event_id));
  });
});
