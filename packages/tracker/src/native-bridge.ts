import { NativeBridgeName } from '@exchange-web/protocol/registry';
import type { TrackingEvent } from '@exchange-web/protocol/schemas';
import type { TrackerPlatform } from './platform';

/** The native app wrapper's tracking channel: events go through it one by one (SPEC 7). */
export interface NativeBridge {
  send(event: TrackingEvent): void;
}

type PostFunction = (json: string) => void;

/**
 * The bridge of the native app wrapper when the page runs inside it, else null: Android-style
 * `window.ExchangeNativeBridge.postEvent(json)` or iOS-style
 * `window.webkit.messageHandlers.exchangeTracking.postMessage(json)` (names in the registry).
 */
export function detectNativeBridge(platform: TrackerPlatform): NativeBridge | null {
  const android = platform.global(NativeBridgeName.androidObject) as
    Record<string, PostFunction | undefined> | undefined;
  if (android && typeof android[NativeBridgeName.androidMethod] === 'function') {
    // Called as a method: the Android interface object needs its own `this`.
    return { send: (event) => android[NativeBridgeName.androidMethod]?.(JSON.stringify(event)) };
  }
  // `webkit` is WebKit's own global for script message handlers.
  const webkit = platform.global('webkit') as
    { messageHandlers?: Record<string, { postMessage?: PostFunction } | undefined> } | undefined;
  const handler = webkit?.messageHandlers?.[NativeBridgeName.iosHandler];
  if (handler && typeof handler.postMessage === 'function') {
    return { send: (event) => handler.postMessage?.(JSON.stringify(event)) };
  }
  return null;
}
