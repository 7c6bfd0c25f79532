import { TRACKING_MAX_EVENT_BYTES } from '@exchange-web/protocol/registry';
import { describe, expect, it } from 'vitest';
import { checkEvent, pagePath } from './events';

const event = {
  event_id: 'e-1',
  type: 1,
  event_tracking_id: '/',
  track_type: 'auto',
  timestamp: 1_700_000_000_000,
  url: 'https://exchange-web.test/en/spot?x=1',
  device_id: 'd',
  session_id: 's',
};

describe('pagePath', () => {
  it.each([
    ['https://exchange-web.test/en/spot/BTCUSDT?ref=1#top', '/en/spot/BTCUSDT'],
    ['/en/markets?tab=spot', '/en/markets'],
    ['relative/page#x', '/relative/page'],
    ['https://exchange-web.test', '/'],
  ])('%s -> %s', (url, path) => {
    expect(pagePath(url)).toBe(path);
  });
});

describe('checkEvent', () => {
  it('accepts a valid event and keeps its JSON', () => {
    const checked = checkEvent(event);
    expect(checked).toEqual({ ok: true, event, json: JSON.stringify(event) });
  });

  it('refuses an event over the size limit before parsing it', () => {
    const big = { ...event, business1: 'x'.repeat(TRACKING_MAX_EVENT_BYTES) };
    expect(checkEvent(big)).toMatchObject({ ok: false, reason: expect.stringMatching(/bytes/) });
  });

  it('refuses a client time no date holds, and text PostgreSQL cannot store', () => {
    expect(checkEvent({ ...event, timestamp: 9e15 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^timestamp: /),
    });
    expect(checkEvent({ ...event, event_tracking_ext: { note: 'a\uD800b' } })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^event_tracking_ext\.note: /),
    });
    expect(checkEvent({ ...event, title: '\u{1F600} fine' }).ok).toBe(true);
  });

  it('takes a merged list of web-vitals metrics and names the bad one', () => {
    const metric = { name: 'INP', value: 120, rating: 'good', id: 'v1' };
    const vitals = { ...event, event_tracking_id: 'b8972' };
    expect(checkEvent({ ...vitals, event_tracking_ext: [metric, metric] }).ok).toBe(true);
    expect(
      checkEvent({ ...vitals, event_tracking_ext: [metric, { ...metric, rating: 'fine' }] }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^event_tracking_ext\.1\.rating: /),
    });
    expect(checkEvent({ ...vitals, event_tracking_ext: [] })).toMatchObject({ ok: false });
  });
});
