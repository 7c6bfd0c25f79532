import { describe, expect, it } from 'vitest';
import type { TrackingEvent } from '@exchange-web/protocol/schemas';
import { detectNativeBridge } from './native-bridge';
import { fakePlatform } from './testing';

const event = { event_id: 'e1' } as TrackingEvent;

describe('detectNativeBridge', () => {
  it('finds the Android-style bridge and posts JSON through it as a method', () => {
    const platform = fakePlatform();
    const posted: string[] = [];
    platform.globals.ExchangeNativeBridge = {
      posted,
      postEvent(this: { posted: string[] }, json: string) {
        this.posted.push(json);
      },
    };
    detectNativeBridge(platform)?.send(event);
    expect(posted).toEqual([JSON.stringify(event)]);
  });

  it('finds the iOS-style message handler', () => {
    const platform = fakePlatform();
    const posted: unknown[] = [];
    platform.globals.webkit = {
      messageHandlers: { exchangeTracking: { postMessage: (m: unknown) => posted.push(m) } },
    };
    detectNativeBridge(platform)?.send(event);
    expect(posted).toEqual([JSON.stringify(event)]);
  });

  it('answers null in a plain browser', () => {
    expect(detectNativeBridge(fakePlatform())).toBeNull();
  });
});
