import type { ApiPath } from '@exchange-web/protocol/paths';
import {
  PageStatus,
  TRACKER_LIBRARY_VERSION,
  TRACKING_MAX_EVENT_BYTES,
  TrackingEventType,
  TrackType,
} from '@exchange-web/protocol/registry';
import type { TrackingEvent } from '@exchange-web/protocol/schemas';
import { declaredClick } from './auto-clicks';
import { deviceInfo, loadBrowserInfo, platformCode, type BrowserInfo } from './base-info';
import { createConfigClient } from './config-client';
import { invalidEventTrackingIdWarning, isValidEventTrackingId } from './event-id';
import { createIdentity, randomId } from './identity';
import { resolveLogEnv } from './log-env';
import { detectNativeBridge, type NativeBridge } from './native-bridge';
import type { inscriptionPageEvent } from './inscription-page';
import { watchPageLifecycle } from './page-lifecycle';
import { browserPlatform, type PageState, type TrackerPlatform, type Unlisten } from './platform';
import { createQueue } from './queue';
import type { UploadQueue } from './upload-queue';
import { byteLength } from './wire';

export { configFailedWarning } from './config-client';

/** Options of {@link createTracker}. */
export interface TrackerOptions {
  /** `app_id` from the brand configuration (never hard-coded in the tracker). */
  appId: string;
  /** `app_name` from the brand configuration. */
  appName: string;
  /** Base of the config call, GET `{configBaseUrl}/v1/mix/public/clientCommonConfig`. @default '' */
  configBaseUrl?: string;
  /** Base of the upload, POST `{reportBaseUrl}/v1/buried/log/info`. @default '' */
  reportBaseUrl?: string;
  /** The configured log_env, checked by resolveLogEnv against the host (SPEC 5). */
  logEnv?: string;
  /** @default browserPlatform() */
  platform?: TrackerPlatform;
  /** @default detectNativeBridge(platform) at start; null forces HTTP. */
  nativeBridge?: NativeBridge | null;
  /** @default console.warn */
  warn?: (message: string) => void;
  /** `user_language` of each event. */
  userLanguage?: () => string;
  /** Extra headers of the config and upload calls, e.g. pfb in test environments (SPEC 7). */
  extraHeaders?: () => Record<string, string>;
}

/** One event as the site reports it. */
export interface TrackInput {
  /** `'click'` or its number 2 (SPEC 3). */
  type: keyof typeof TrackingEventType | TrackingEventType;
  /** `/` or `b` plus digits, else the event is dropped with a warning (SPEC 5). */
  eventTrackingId: string;
  eventTracking?: string;
  ext?: Record<string, unknown>;
  business1?: string;
  business2?: string;
  /** Merge with a queued unsent event of the same id; exts are collected in a list (SPEC 5). */
  merge?: boolean;
  timely?: boolean;
  pageStatus?: 'show' | 'hide';
  /** An expose event for another URL waits until that URL is current (SPEC 4). */
  url?: string;
  currPageExt?: string | Record<string, unknown>;
}

/** The tracker. */
export interface Tracker {
  /** Idempotent: config fetch, identity, loop, listeners, first page-show. */
  start(): void;
  /** Never throws, never blocks: bad input is dropped with a warning. */
  track(input: TrackInput): void;
  /** The uid of later events ('' when logged out); overrides the config's userId. */
  setUserId(uid: string): void;
  /** The stored fingerprint, '' until created: the `deviceId` request header. */
  deviceId(): string;
  /** The stored terminal code, '' when storage is unsupported: the `terminalCode` header. */
  terminalCode(): string;
  /** Sends what is queued now by beacon (the hide path). */
  flush(): void;
  /** Removes every listener and timer (tests, hot reload). */
  stop(): void;
}

/** The warning of an event over TRACKING_MAX_EVENT_BYTES, which is dropped. */
export const eventTooLargeWarning = (eventTrackingId: string, bytes: number): string =>
  `Tracking event ${eventTrackingId} dropped: ${bytes} bytes is over the ${TRACKING_MAX_EVENT_BYTES}-byte limit`;

/** The warning of an unknown event type, which is dropped. */
export const unknownEventTypeWarning = (type: unknown): string =>
  `Tracking event type ${String(type)} is invalid!`;

// Room for the fields filled in once identity and the UA parser are ready (device_id, session_id,
// uid, browser fields), so an event accepted early stays under the limit when completed.
const PENDING_FIELDS_RESERVE = 640;

// Paths pinned by type to protocol's ApiPath: its module carries tables the init chunk avoids.
const BURIED_LOG_INFO_PATH: (typeof ApiPath)['buriedLogInfo'] = '/v1/buried/log/info';
const CLIENT_COMMON_CONFIG_PATH: (typeof ApiPath)['clientCommonConfig'] =
  '/v1/mix/public/clientCommonConfig';

const eventTypes = Object.values(TrackingEventType) as number[];

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Creates the behaviour tracker. Nothing happens until {@link Tracker.start}.
 *
 * @example
 * const tracker = createTracker({ appId: brand.appId, appName: brand.appName });
 * tracker.start();
 * tracker.track({ type: 'click', eventTrackingId: 'b6055', ext: { tab: 'hot' } });
 */
export function createTracker(options: TrackerOptions): Tracker {
  const platform = options.platform ?? browserPlatform();
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const headers = () => options.extraHeaders?.() ?? {};
  const identity = createIdentity(platform, warn);
  const queue = createQueue(platform, identity.tabId, warn, TRACKING_MAX_EVENT_BYTES);
  const config = createConfigClient(
    platform,
    `${options.configBaseUrl ?? ''}${CLIENT_COMMON_CONFIG_PATH}`,
    headers,
    warn,
  );

  let bridge: NativeBridge | null = null;
  let started = false;
  let generation = 0;
  let unlisten: Unlisten[] = [];
  let ready = false;
  let browser: BrowserInfo | undefined;
  let bridgeWaiting: TrackingEvent[] = [];
  let explicitUid: string | undefined;
  let uploads: UploadQueue | undefined;
  // Page state.
  let page: PageState | undefined;
  let pageUniqueId = '';
  let seq = 0;
  let logSeq = 0;
  let waitingExposes: TrackInput[] = [];
  let labelPage: typeof inscriptionPageEvent | undefined;

  const uidNow = (): string | undefined => explicitUid ?? config.uid;

  const build = (
    input: TrackInput,
    type: number,
    trackType: string,
    at: PageState | undefined,
  ): TrackingEvent => {
    const now = platform.now();
    seq += 1;
    logSeq += 1;
    const href = at?.href ?? '';
    const event: TrackingEvent = {
      event_id: platform.randomUUID(),
      type,
      event_tracking_id: input.eventTrackingId,
      track_type: trackType as TrackingEvent['track_type'],
      timestamp: now,
      ctime: now,
      seq,
      log_seq: logSeq,
      retry_count: 0,
      page_unique_id: pageUniqueId,
      url: clip(href, 4096),
      url_host: clip(at?.host ?? '', 256),
      title: clip(at?.title ?? '', 1024),
      referer: clip(at?.referrer ?? '', 4096),
      curr_page: clip(at?.pathname ?? '', 2048),
      device_id: identity.deviceId(),
      session_id: identity.sessionId(),
      first_visit_time: identity.firstVisitTime(),
      first_day: identity.firstDay(),
      log_env: clip(resolveLogEnv(options.logEnv, at?.host ?? ''), 32),
      app_id: options.appId,
      app_name: options.appName,
      ...deviceInfo(platform.device()),
      ...identity.source(),
      ...browser,
    };
    const uid = uidNow();
    if (uid !== undefined) event.uid = uid;
    const language = options.userLanguage?.();
    if (language !== undefined) event.user_language = clip(language, 32);
    if (input.pageStatus !== undefined) event.page_status = input.pageStatus;
    if (input.eventTracking !== undefined) event.event_tracking = clip(input.eventTracking, 256);
    if (input.ext !== undefined) event.event_tracking_ext = input.ext;
    if (input.business1 !== undefined) event.business1 = clip(input.business1, 1024);
    if (input.business2 !== undefined) event.business2 = clip(input.business2, 1024);
    if (input.merge !== undefined) event.merge = input.merge;
    if (input.timely !== undefined) event.timely = input.timely;
    if (input.currPageExt !== undefined) event.curr_page_ext = input.currPageExt;
    return event;
  };

  // Fills what was unknown when the event was built (identity, parser, config uid).
  const complete = (event: TrackingEvent): TrackingEvent => {
    const done: TrackingEvent = { ...browser, ...event };
    // SPEC 3 "Base info": platform code, library version and visitor id on every event.
    if (done.sys) done.platform = platformCode(done.sys);
    done.lib_version = TRACKER_LIBRARY_VERSION;
    done.visitor_id ??= identity.visitorId();
    if (!done.device_id) done.device_id = identity.deviceId();
    if (!done.session_id) done.session_id = identity.sessionId();
    // No uid at build time means neither setUserId nor the config was known then: the config's.
    const configUid = config.uid;
    if (done.uid === undefined && configUid !== undefined) done.uid = configUid;
    // Automatic page views built before the label module loaded: labelled from curr_page, so
    // every sender of this event_id sends the same content.
    const label =
      done.type === TrackingEventType.page && done.track_type === TrackType.auto
        ? labelPage?.(done.curr_page ?? '')
        : undefined;
    if (label) {
      done.event_tracking_id = label.eventTrackingId;
      done.event_tracking_ext = label.ext;
    }
    return done;
  };

  const enqueue = (event: TrackingEvent) => {
    if (bridge) {
      if (ready) bridge.send(complete(event));
      else bridgeWaiting.push(event);
      return;
    }
    queue.add(event);
    config.refreshIfOff();
  };

  const pageEvent = (status: 'show' | 'hide', at: PageState | undefined) => {
    const label = labelPage?.(at?.pathname ?? '');
    const input: TrackInput = {
      type: TrackingEventType.page,
      eventTrackingId: label?.eventTrackingId ?? '/',
      pageStatus: status,
    };
    if (label) input.ext = label.ext;
    enqueue(build(input, TrackingEventType.page, TrackType.auto, at));
  };

  const showPage = (at: PageState | undefined) => {
    page = at;
    pageUniqueId = randomId(platform);
    logSeq = 0;
    pageEvent(PageStatus.show, at);
  };

  const sameUrl = (url: string, at: PageState | undefined) => {
    if (!at) return false;
    try {
      return new URL(url, at.href).href === at.href;
    } catch {
      return false;
    }
  };

  const accept = (input: TrackInput, type: number, trackType: string = TrackType.manual) => {
    const event = build(input, type, trackType, page ?? platform.page());
    const bytes = byteLength(JSON.stringify(event)) + (ready ? 0 : PENDING_FIELDS_RESERVE);
    if (bytes > TRACKING_MAX_EVENT_BYTES) {
      warn(eventTooLargeWarning(input.eventTrackingId, bytes));
      return;
    }
    enqueue(event);
  };

  // Checks and queues one event of the page (manual) or of declared markup (auto); never throws.
  const record = (input: TrackInput, trackType: string) => {
    try {
      if (!isValidEventTrackingId(input.eventTrackingId)) {
        warn(invalidEventTrackingIdWarning(input.eventTrackingId));
        return;
      }
      const type =
        typeof input.type === 'number'
          ? input.type
          : (TrackingEventType as Record<string, number>)[input.type];
      if (type === undefined || !eventTypes.includes(type)) {
        warn(unknownEventTypeWarning(input.type));
        return;
      }
      if (type === TrackingEventType.expose && input.url && !sameUrl(input.url, page)) {
        waitingExposes.push(input);
        return;
      }
      accept(input, type, trackType);
    } catch (error) {
      warn(String(error));
    }
  };

  const releaseExposes = () => {
    const due = waitingExposes.filter((input) => input.url && sameUrl(input.url, page));
    waitingExposes = waitingExposes.filter((input) => !due.includes(input));
    for (const input of due) accept(input, TrackingEventType.expose);
  };

  const becomeReady = async (mine: number) => {
    const device = platform.device();
    const parsing = loadBrowserInfo(
      device?.userAgent ?? '',
      bridge !== null,
      device?.userAgentHints,
    ).catch(() => undefined);
    // In the tracker's own file (tracker-loader.ts): every page loads both parts with it.
    const labelling = import(/* webpackChunkName: "tracker" */ './inscription-page').then(
      (module) => {
        labelPage = module.inscriptionPageEvent;
      },
      () => undefined,
    );
    // Nothing is sent before ready, which waits for the UA parser anyway: the sender loads with it,
    // out of the init chunk (DESIGN "Budgets"), in the tracker's file. The native app sends none.
    const sending = bridge
      ? undefined
      : import(/* webpackChunkName: "tracker" */ './upload-queue').then(
          ({ createUploadQueue }) => {
            uploads ??= createUploadQueue({
              platform,
              queue,
              url: `${options.reportBaseUrl ?? ''}${BURIED_LOG_INFO_PATH}`,
              headers,
              warn,
              canSend: () => started && ready && config.uploadOn && !bridge,
              complete,
              onForbidden: () => config.turnOff(),
            });
          },
          () => undefined,
        );
    void identity.ensureTerminalCode();
    await config.load();
    // SPEC 7: the client IP from the config call joins the fingerprint data.
    await identity.ensureFingerprint(config.ip);
    browser = await parsing;
    await labelling;
    await sending;
    if (mine !== generation) return;
    ready = true;
    const waiting = bridgeWaiting;
    bridgeWaiting = [];
    for (const event of waiting) bridge?.send(complete(event));
  };

  return {
    start() {
      try {
        if (started) return;
        started = true;
        generation += 1;
        const mine = generation;
        bridge =
          options.nativeBridge === undefined ? detectNativeBridge(platform) : options.nativeBridge;
        identity.firstVisitTime();
        identity.source();
        queue.adoptOrphans();
        unlisten = [
          watchPageLifecycle(platform, {
            onTick() {
              queue.heartbeat();
              queue.adoptOrphans();
              // While uploading is off (switch off, or after a 403) the config is read again, once
              // a silence, so queued events go out when it comes back on without a new event.
              config.refreshIfOff();
              void uploads?.send();
            },
            onHide: () => pageEvent(PageStatus.hide, page),
            onLeave(unloading) {
              uploads?.flush();
              // The beacon is unconfirmed: what it carried stays mirrored for the next page to
              // resend at once. A page restored from the back/forward cache claims its mirror
              // again on its next write; anything both send meanwhile is stored once (event ids).
              if (unloading) queue.release();
            },
            onShow: () => uploads?.shown(),
            onRestore: () => showPage(platform.page()),
            onUrlChange(previous, next) {
              pageEvent(PageStatus.hide, page ?? previous);
              showPage(next);
              releaseExposes();
            },
          }),
          // Clicks declared in markup (data-tracking-id) are tracked without page code.
          platform.listen('document', 'click', (event) => {
            const click = declaredClick(event.target, warn);
            if (click) record({ type: TrackingEventType.click, ...click }, TrackType.auto);
          }),
          // Back online: try the waiting batch now instead of after the backoff.
          platform.listen('window', 'online', () => uploads?.retryNow()),
        ];
        showPage(platform.page());
        becomeReady(mine).catch((error: unknown) => warn(String(error)));
      } catch (error) {
        warn(String(error));
      }
    },
    track(input) {
      record(input, TrackType.manual);
    },
    setUserId(uid) {
      explicitUid = uid;
    },
    deviceId: () => identity.deviceId(),
    terminalCode: () => identity.terminalCode(),
    flush() {
      try {
        uploads?.flush();
      } catch (error) {
        warn(String(error));
      }
    },
    stop() {
      started = false;
      ready = false;
      generation += 1;
      uploads?.stop();
      for (const off of unlisten) off();
      unlisten = [];
    },
  };
}
