import {
  CookieName,
  COOKIE_PREFERENCE_DAYS,
  LocalStorageKey,
  MAX_FINGERPRINT_MARKER_COOKIES,
  RANDOM_ID_LENGTH,
  SESSION_ID_RANDOM_MAX,
  SessionStorageKey,
  Timing,
  TRACKING_QR_QUERY_PARAM,
} from '@exchange-web/protocol/registry';
import type { CookieJar, TrackerPlatform, TrackerStorage } from './platform';

/** The warning when local storage cannot hold the terminal code (SPEC 8); the code is then ''. */
export const UNSUPPORTED_TERMINAL_CODE_STORAGE = 'Unsupported storage type for terminal code';

/** A random id: the first 11 hex characters of 16 random bytes (SPEC 9). */
export const randomId = (platform: TrackerPlatform): string =>
  platform.randomUUID().replace(/-/g, '').slice(0, RANDOM_ID_LENGTH);

const nineDigits = (platform: TrackerPlatform) =>
  String(Math.floor(platform.random() * 1e9)).padStart(9, '0');

/** A visitor id, `w-{9 digits}-{time}-{9 digits}` (SPEC 9). */
export const createVisitorId = (platform: TrackerPlatform): string =>
  `w-${nineDigits(platform)}-${platform.now()}-${nineDigits(platform)}`;

/** The session-wide source fields of an event, kept in session storage (SPEC 3). */
export interface SessionSource {
  source_referer: string;
  source_target: string;
  qr_val: string;
}

interface Lock {
  owner: string;
  time: number;
}

/** The identity of this browser, tab and session. */
export interface Identity {
  /** This tab's random id (its queue mirror key). */
  readonly tabId: string;
  /** The stored fingerprint, or '' until created. */
  deviceId(): string;
  /** The stored terminal code; '' (with a warning) when local storage is unsupported. */
  terminalCode(): string;
  /** Creates the terminal code once across tabs (lock in local storage). */
  ensureTerminalCode(): Promise<string>;
  /** Restores or creates the fingerprint once across tabs; the client IP joins its data. */
  ensureFingerprint(ip: string | undefined): Promise<string>;
  /** Ensures the visitor id and first visit time exist; returns the first visit time. */
  firstVisitTime(): number;
  /** True while the first visit is under a day ago (SPEC 9). */
  firstDay(): boolean;
  /** The stored visitor id, `w-{9 digits}-{time}-{9 digits}`; '' when storage is unusable. */
  visitorId(): string;
  /** `{device id}-{session start}-{0..100}`, '' until the fingerprint exists. */
  sessionId(): string;
  /** Source referrer, target and qr value, set once per session. */
  source(): SessionSource;
}

function read(storage: TrackerStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: TrackerStorage | undefined, key: string, value: string): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function parseLock(text: string | null): Lock | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Lock>;
    return typeof value.owner === 'string' && typeof value.time === 'number'
      ? { owner: value.owner, time: value.time }
      : undefined;
  } catch {
    return undefined;
  }
}

interface Marker {
  name: string;
  time: number;
  value: string;
}

/** Creates the identity helpers over a platform. */
export function createIdentity(
  platform: TrackerPlatform,
  warn: (message: string) => void,
): Identity {
  const tabId = randomId(platform);
  const startedAt = platform.now();
  const sessionRandom = Math.floor(platform.random() * (SESSION_ID_RANDOM_MAX + 1));
  let memoryFingerprint = '';
  let warnedTerminal = false;
  const local = () => platform.localStorage();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      platform.setTimeout(resolve, ms);
    });

  const localUsable = (): boolean => {
    try {
      const storage = local();
      if (!storage) return false;
      storage.getItem(LocalStorageKey.terminalCode);
      return true;
    } catch {
      return false;
    }
  };

  // Two tabs starting together must agree on one value: the lock owner creates it, the other waits
  // Timing.tabLockWaitMs and reads it. A lock older than that wait is stale (its tab is gone).
  async function underLock(
    valueKey: string,
    lockKey: string,
    create: () => Promise<string>,
  ): Promise<string> {
    const existing = read(local(), valueKey);
    if (existing) return existing;
    const held = parseLock(read(local(), lockKey));
    const lockedByOther = (lock: Lock | undefined) =>
      lock !== undefined &&
      lock.owner !== tabId &&
      platform.now() - lock.time < Timing.tabLockWaitMs;
    if (!lockedByOther(held)) {
      write(local(), lockKey, JSON.stringify({ owner: tabId, time: platform.now() }));
      // A tab that wrote its lock in the same moment may have overwritten ours: look again.
      await sleep(0);
    }
    if (lockedByOther(parseLock(read(local(), lockKey)))) {
      await sleep(Timing.tabLockWaitMs);
      const won = read(local(), valueKey);
      if (won) return won;
    }
    const created = await create();
    // Another tab may have finished while we hashed: its value wins.
    const winner = read(local(), valueKey) ?? created;
    write(local(), valueKey, winner);
    if (parseLock(read(local(), lockKey))?.owner === tabId) {
      try {
        local()?.removeItem(lockKey);
      } catch {
        // storage gone: the lock goes stale on its own
      }
    }
    return winner;
  }

  const markers = (jar: CookieJar | undefined): Marker[] => {
    const found: Marker[] = [];
    for (let index = 0; index < MAX_FINGERPRINT_MARKER_COOKIES; index += 1) {
      const name = `${CookieName.fingerprintMarkerPrefix}${index}`;
      const text = jar?.get(name);
      const separator = text?.indexOf('.') ?? -1;
      if (text && separator > 0) {
        found.push({
          name,
          time: Number(text.slice(0, separator)) || 0,
          value: text.slice(separator + 1),
        });
      }
    }
    return found;
  };

  // Markers `fp_mark_{n}` = `{time}.{fingerprint}`: at most MAX_FINGERPRINT_MARKER_COOKIES, the
  // oldest slot is reused when all are taken.
  const writeMarker = (jar: CookieJar | undefined, fingerprint: string) => {
    if (!jar) return;
    const existing = markers(jar);
    if (existing.some((marker) => marker.value === fingerprint)) return;
    const used = new Set(existing.map((marker) => marker.name));
    let name: string | undefined;
    for (let index = 0; index < MAX_FINGERPRINT_MARKER_COOKIES && !name; index += 1) {
      const candidate = `${CookieName.fingerprintMarkerPrefix}${index}`;
      if (!used.has(candidate)) name = candidate;
    }
    name ??= existing.reduce((oldest, marker) =>
      marker.time < oldest.time ? marker : oldest,
    ).name;
    jar.set(name, `${platform.now()}.${fingerprint}`, COOKIE_PREFERENCE_DAYS);
  };

  const computeFingerprint = async (ip: string | undefined): Promise<string> => {
    const device = platform.device();
    const data = JSON.stringify([
      device?.userAgent,
      device?.languages,
      device?.screenWidth,
      device?.screenHeight,
      device?.colorDepth,
      device?.timezoneOffset,
      device?.hardwareConcurrency,
      device?.platform,
      ip ?? '',
    ]);
    try {
      if (platform.sha256Hex) return await platform.sha256Hex(data);
    } catch {
      // WebCrypto refused (insecure context): a random id still identifies the device
    }
    return platform.randomUUID().replace(/-/g, '');
  };

  let firstVisit: number | undefined;
  let visitor = '';
  let source: SessionSource | undefined;
  // Once known, the fingerprint is kept: it never changes for a device.
  let knownDevice = '';
  const deviceId = () => {
    if (!knownDevice) {
      knownDevice = read(local(), LocalStorageKey.deviceFingerprint) ?? memoryFingerprint;
    }
    return knownDevice;
  };

  return {
    tabId,
    deviceId,
    terminalCode() {
      if (!localUsable()) {
        if (!warnedTerminal) warn(UNSUPPORTED_TERMINAL_CODE_STORAGE);
        warnedTerminal = true;
        return '';
      }
      return read(local(), LocalStorageKey.terminalCode) ?? '';
    },
    async ensureTerminalCode() {
      if (!localUsable()) return this.terminalCode();
      return underLock(LocalStorageKey.terminalCode, LocalStorageKey.terminalCodeLock, () =>
        Promise.resolve(randomId(platform)),
      );
    },
    async ensureFingerprint(ip) {
      const jar = await platform.cookies().catch(() => undefined);
      let fingerprint = read(local(), LocalStorageKey.deviceFingerprint);
      if (!fingerprint) {
        const newest = markers(jar).sort((a, b) => b.time - a.time)[0];
        if (newest) {
          fingerprint = newest.value;
          write(local(), LocalStorageKey.deviceFingerprint, fingerprint);
        }
      }
      fingerprint ??= localUsable()
        ? await underLock(
            LocalStorageKey.deviceFingerprint,
            LocalStorageKey.deviceFingerprintLock,
            () => computeFingerprint(ip),
          )
        : memoryFingerprint || (await computeFingerprint(ip));
      memoryFingerprint = fingerprint;
      writeMarker(jar, fingerprint);
      return fingerprint;
    },
    // Visitor id, first visit and source never change within a page's life: read once, then
    // kept, so track() touches storage as little as it can (main-thread time, issue 7).
    firstVisitTime() {
      if (firstVisit !== undefined) return firstVisit;
      const storage = local();
      const storedVisitor = read(storage, LocalStorageKey.visitorId);
      if (storedVisitor) {
        visitor = storedVisitor;
      } else {
        visitor = createVisitorId(platform);
        write(storage, LocalStorageKey.visitorId, visitor);
      }
      const stored = Number(read(storage, LocalStorageKey.firstVisitTime));
      if (stored > 0) {
        firstVisit = stored;
      } else {
        write(storage, LocalStorageKey.firstVisitTime, String(startedAt));
        firstVisit = startedAt;
      }
      return firstVisit;
    },
    visitorId() {
      // Read at upload, not kept: two tabs starting together may each write one, and the last
      // written is the one both report. Where storage refuses, the id made for this page serves.
      this.firstVisitTime();
      return read(local(), LocalStorageKey.visitorId) || visitor;
    },
    firstDay() {
      return platform.now() - this.firstVisitTime() < Timing.firstDayMs;
    },
    sessionId() {
      const device = deviceId();
      return device ? `${device}-${startedAt}-${sessionRandom}` : '';
    },
    source() {
      if (source) return source;
      const storage = platform.sessionStorage();
      const page = platform.page();
      const once = (key: string, value: string) => {
        const stored = read(storage, key);
        if (stored !== null) return stored;
        write(storage, key, value);
        return value;
      };
      const qr = (() => {
        try {
          return new URLSearchParams(page?.search ?? '').get(TRACKING_QR_QUERY_PARAM) ?? '';
        } catch {
          return '';
        }
      })();
      source = {
        source_referer: once(SessionStorageKey.sourceReferrer, page?.referrer ?? ''),
        source_target: once(SessionStorageKey.sourceTarget, page?.href ?? ''),
        qr_val: once(SessionStorageKey.qrValue, qr),
      };
      return source;
    },
  };
}
