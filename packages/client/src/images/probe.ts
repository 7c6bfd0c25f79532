import {
  IMAGE_PROBE_PATH,
  IMAGE_PROBE_QUERY_PARAM,
  IMAGE_PROBE_TIMEOUT_MS,
} from '@exchange-web/protocol/images';
import type { Timers } from '../timers';

/** Loads one image; resolves when it loaded, rejects when it failed (a browser `Image`). */
export type LoadImage = (url: string) => Promise<void>;

/** Every candidate failed to load the probe image within its time (SPEC 8 "Image probe"). */
export class ImageProbeError extends Error {
  override readonly name = 'ImageProbeError';
  constructor(
    /** The candidates probed, in list order. */
    readonly domains: readonly string[],
    /** Why each failed, in the same order. */
    readonly causes: readonly unknown[],
  ) {
    super(`no image domain loaded the probe image: ${domains.join(', ')}`);
  }
}

export const isImageProbeError = (error: unknown): error is ImageProbeError =>
  error instanceof ImageProbeError;

/** A candidate that did not load the probe image within {@link IMAGE_PROBE_TIMEOUT_MS}. */
export class ImageProbeTimeoutError extends Error {
  override readonly name = 'ImageProbeTimeoutError';
  constructor(readonly domain: string) {
    super(`image probe timed out: ${domain}`);
  }
}

export interface ProbeOptions {
  loadImage: LoadImage;
  /** A fresh random cache-busting value for each probe URL. */
  random(): string;
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  /** @default IMAGE_PROBE_TIMEOUT_MS (5000) */
  timeoutMs?: number;
  /** Told of each candidate as it loads, the winner first, later ones as they come. */
  onLoad?(domain: string): void;
  /** Told of each candidate that failed or timed out. */
  onFail?(domain: string, cause: unknown): void;
}

/**
 * The probe URL of one candidate: the small test image with a random cache-busting query (SPEC 4).
 * @example probeUrl('https://img1.test', 'f3a9c07b1e2') // 'https://img1.test/images/probe.png?probe=f3a9c07b1e2'
 */
export const probeUrl = (domain: string, random: string) =>
  `${domain}${IMAGE_PROBE_PATH}?${IMAGE_PROBE_QUERY_PARAM}=${encodeURIComponent(random)}`;

/**
 * Loads the probe image from every candidate at once; the first to load wins (SPEC 4) and the
 * promise resolves with it. Later loads are only reported through `onLoad`. When every candidate
 * fails or times out, it rejects with an {@link ImageProbeError}.
 */
export function probeImageDomains(
  domains: readonly string[],
  options: ProbeOptions,
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? IMAGE_PROBE_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const causes: unknown[] = domains.map(() => undefined);
    let failed = 0;
    let won = false;
    if (domains.length === 0) {
      reject(new ImageProbeError(domains, causes));
      return;
    }
    domains.forEach((domain, index) => {
      let handle: unknown;
      const timeout = new Promise<never>((_, onTimeout) => {
        handle = options.timers.setTimeout(
          () => onTimeout(new ImageProbeTimeoutError(domain)),
          timeoutMs,
        );
      });
      Promise.race([options.loadImage(probeUrl(domain, options.random())), timeout]).then(
        () => {
          options.timers.clearTimeout(handle);
          options.onLoad?.(domain);
          if (won) return;
          won = true;
          resolve(domain);
        },
        (cause: unknown) => {
          options.timers.clearTimeout(handle);
          options.onFail?.(domain, cause);
          causes[index] = cause;
          failed += 1;
          if (failed === domains.length) reject(new ImageProbeError(domains, causes));
        },
      );
    });
  });
}
