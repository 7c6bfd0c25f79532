import type { ApiPath } from '@exchange-web/protocol/paths';
import {
  PageStatus,
  Timing,
  TRACKING_BATCH_SIZE,
  TRACKER_LIBRARY_VERSION,
  TRACKING_MAX_EVENT_BYTES,
  TrackingEventType,
  TrackType,
} from '@exchange-web/protocol/registry';
import type { ClientCommonConfigReply, TrackingEvent } from '@exchange-web/protocol/schemas';
import { declaredClick } from './auto-clicks';
import { deviceInfo, loadBrowserInfo, platformCode, type BrowserInfo } from './base-info';
import { invalidEventTrackingIdWarning, isValidEventTrackingId } from './event-id';
import { createIdentity, randomId } from './identity';
import { resolveLogEnv } from './log-env';
import { detectNativeBridge, type NativeBridge } from './native-bridge';
import type { inscriptionPageEvent } from './inscription-page';
import { watchPage } from './page-views';
import { browserPlatform, type PageState, type TrackerPlatform, type Unlisten } from './platform';
import { byteLength, createQueue } from './queue';
import { beaconEvents, isEnvelopeSuccess, requestFailedWarning, uploadBatch } from './uploader';

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

/** The warning when the config call fails: uploading stays off, no uid, no ip (SPEC 8). */
export const configFailedWarning = (reason: string): string =>
  `Tracking config failed (${reason}): uploading is off`;

// Room for the fields filled in once identity and the UA parser are ready (device_id, session_id,
// uid, browser fields), so an event accepted early stays under the limit when completed.
const PENDING_FIELDS_RESERVE = 640;

// Paths pinned by type to protocol's ApiPath: its module carries tables the init chunk avoids.
const BURIED_LOG_INFO_PATH: (typeof ApiPath)['buriedLogInfo'] = '/v1/buried/log/info';
const CLIENT_COMMON_CONFIG_PATH: (typeof ApiPath)['clientCommonConfig'] =
  '/v1/mix/public/clientCommonConfig';

const eventTypes = Object.values(TrackingEventType) as number[];

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

interface Envelope {
  code?: unknown;
  data?: Partial<ClientCommonConfigReply> | null;
}

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
  const reportUrl = `${options.reportBaseUrl ?? ''}${BURIED_LOG_INFO_PATH}`;
  const configUrl = `${options.configBaseUrl ?? ''}${CLIENT_COMMON_CONFIG_PATH}`;
  const headers = () => options.extraHeaders?.() ?? {};
  const identity = createIdentity(platform, warn);
  const queue = createQueue(platform, identity.tabId, warn, TRACKING_MAX_EVENT_BYTES);

  let bridge: NativeBridge | null = null;
  let started = false;
  let generation = 0;
  let unlisten: Unlisten[] = [];
  let loop: unknown;
  let ready = false;
  let browser: BrowserInfo | undefined;
  let bridgeWaiting: TrackingEvent[] = [];
  // Config state (SPEC 7 clientCommonConfig).
  let configSettled = false;
  let configLoading = false;
  let lastConfigAt = Number.NEGATIVE_INFINITY;
  let uploadOn = false;
  let configUid: string | undefined;
  let ip: string | undefined;
  let explicitUid: string | undefined;
  // Upload state.
  let inFlight = false;
  let silencedUntil = 0;
  let retryDelay = 0;
  let retryAt = 0;
  // Page state.
  let page: PageState | undefined;
  let pageUniqueId = '';
  let seq = 0;
  let logSeq = 0;
  let hidden = false;
  const beaconedThisHide = new Set<string>();
  let waitingExposes: TrackInput[] = [];
  let labelPage: typeof inscriptionPageEvent | undefined;

  const uidNow = (): string | undefined =>
    explicitUid ?? (configSettled ? (configUid ?? '') : undefined);

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
    if (done.uid === undefined && configSettled) done.uid = configUid ?? '';
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

  const canUpload = () =>
    ready && uploadOn && !bridge && platform.now() >= silencedUntil && started;

  const fetchConfig = async (): Promise<void> => {
    if (configLoading) return;
    configLoading = true;
    lastConfigAt = platform.now();
    try {
      if (!platform.fetch) throw new Error('no fetch');
      const response = await platform.fetch(configUrl, {
        method: 'GET',
        headers: headers(),
        credentials: 'same-origin',
        keepalive: false,
      });
      const body = (await response.json().catch(() => undefined)) as Envelope | undefined;
      const config = body?.data?.clientCommonConfig;
      if (response.status < 200 || response.status >= 300) {
        throw new Error(requestFailedWarning(response.status));
      }
      if (!body || !isEnvelopeSuccess(body.code) || !config) throw new Error(String(body?.code));
      uploadOn = config.eventLogUploadSwitch === true;
      configUid = typeof config.userId === 'string' ? config.userId : undefined;
      const replyIp = body.data?.localVo?.ip;
      ip = typeof replyIp === 'string' && replyIp ? replyIp : undefined;
    } catch (error) {
      warn(configFailedWarning(error instanceof Error ? error.message : String(error)));
      uploadOn = false;
    } finally {
      configLoading = false;
      configSettled = true;
    }
  };

  // SPEC 7: the config is read again "on update" while uploading is off, at most once a silence.
  const refreshConfigIfOff = () => {
    if (
      configSettled &&
      !uploadOn &&
      !configLoading &&
      platform.now() - lastConfigAt >= Timing.trackingSilenceMs
    ) {
      void fetchConfig();
    }
  };

  const enqueue = (event: TrackingEvent) => {
    if (bridge) {
      if (ready) bridge.send(complete(event));
      else bridgeWaiting.push(event);
      return;
    }
    queue.add(event);
    refreshConfigIfOff();
  };

  const upload = async () => {
    if (!canUpload() || inFlight || queue.size === 0 || platform.now() < retryAt) return;
    const batch = queue.markSending(queue.peek(TRACKING_BATCH_SIZE).map(complete));
    inFlight = true;
    const mine = generation;
    const outcome = await uploadBatch(platform, reportUrl, batch, headers(), warn);
    inFlight = false;
    if (mine !== generation) return;
    if (outcome.kind === 'done') {
      queue.remove(outcome.ids);
      retryDelay = 0;
      retryAt = 0;
    } else if (outcome.kind === 'forbidden') {
      // SPEC 4/6: Forbid silences uploading for 10 s; the config is read again.
      silencedUntil = platform.now() + Timing.trackingSilenceMs;
      uploadOn = false;
      void fetchConfig();
    } else {
      retryDelay = retryDelay
        ? Math.min(retryDelay * 2, Timing.trackingRetryMaxMs)
        : Timing.trackingRetryBaseMs;
      retryAt = platform.now() + retryDelay;
    }
  };

  const tick = () => {
    loop = undefined;
    if (!started || hidden) return;
    try {
      queue.heartbeat();
      queue.adoptOrphans();
      // While uploading is off (switch off, or after a 403) the config is read again, once a
      // silence, so queued events go out when it comes back on without waiting for a new event.
      refreshConfigIfOff();
      void upload();
    } finally {
      schedule();
    }
  };

  function schedule() {
    if (loop === undefined && started && !hidden) {
      loop = platform.setTimeout(tick, Timing.trackingLoopMs);
    }
  }

  const cancelLoop = () => {
    if (loop !== undefined) platform.clearTimeout(loop);
    loop = undefined;
  };

  const flush = () => {
    if (!canUpload()) return;
    const fresh = queue.all().filter((event) => !beaconedThisHide.has(event.event_id));
    if (fresh.length === 0) return;
    const outgoing = queue.markSending(fresh.map(complete));
    // Unconfirmed delivery: the events stay queued and mirrored (gateway dedupes by event_id).
    for (const event of beaconEvents(platform, reportUrl, outgoing)) {
      beaconedThisHide.add(event.event_id);
    }
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

  const onHidden = (unloading: boolean) => {
    if (!started) return;
    if (!hidden) {
      hidden = true;
      cancelLoop();
      pageEvent(PageStatus.hide, page);
    }
    flush();
    // The beacon is unconfirmed: what it carried stays mirrored for the next page to resend at
    // once. A page restored from the back/forward cache claims its mirror again on its next
    // write; anything both send meanwhile is stored once (event ids).
    if (unloading) queue.release();
  };

  const onVisible = (restored: boolean) => {
    if (!started) return;
    if (hidden) {
      hidden = false;
      beaconedThisHide.clear();
    }
    if (restored) showPage(platform.page());
    schedule();
  };

  const becomeReady = async (mine: number) => {
    const parsing = loadBrowserInfo(platform.device()?.userAgent ?? '', bridge !== null).catch(
      () => undefined,
    );
    const labelling = import('./inscription-page').then(
      (module) => {
        labelPage = module.inscriptionPageEvent;
      },
      () => undefined,
    );
    void identity.ensureTerminalCode();
    await fetchConfig();
    // SPEC 7: the client IP from the config call joins the fingerprint data.
    await identity.ensureFingerprint(ip);
    browser = await parsing;
    await labelling;
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
          watchPage(platform, {
            onUrlChange: (previous, next) => {
              pageEvent(PageStatus.hide, page ?? previous);
              showPage(next);
              releaseExposes();
            },
            onHidden,
            onVisible,
          }),
          // Clicks declared in markup (data-tracking-id) are tracked without page code.
          platform.listen('document', 'click', (event) => {
            const click = declaredClick(event.target, warn);
            if (click) record({ type: TrackingEventType.click, ...click }, TrackType.auto);
          }),
          // Back online: try the waiting batch now instead of after the backoff.
          platform.listen('window', 'online', () => {
            retryAt = 0;
          }),
        ];
        hidden = platform.page()?.hidden ?? false;
        showPage(platform.page());
        becomeReady(mine).catch((error: unknown) => warn(String(error)));
        schedule();
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
        flush();
      } catch (error) {
        warn(String(error));
      }
    },
    stop() {
      started = false;
      ready = false;
      generation += 1;
      cancelLoop();
      for (const off of unlisten) off();
      unlisten = [];
    },
  };
}
