import { readEnvelope } from '@exchange-web/protocol/envelope-reader';
import { Timing } from '@exchange-web/protocol/registry';
import type { ClientCommonConfigReply } from '@exchange-web/protocol/schemas';
import type { TrackerPlatform } from './platform';
import { isEnvelopeSuccess, requestFailedWarning } from './wire';

/** The warning when the config call fails: uploading stays off, no uid, no ip (SPEC 8). */
export const configFailedWarning = (reason: string): string =>
  `Tracking config failed (${reason}): uploading is off`;

/** The tracking config of the gateway (SPEC 7 clientCommonConfig), loaded and held. */
export interface ConfigClient {
  /** The upload switch: off until loaded, after a failed load and after a 403. */
  readonly uploadOn: boolean;
  /** The config's userId: undefined until the first load settles, '' when it had none or failed. */
  readonly uid: string | undefined;
  /** The client IP of the last good reply, for the fingerprint (SPEC 7). */
  readonly ip: string | undefined;
  /** Reads the config; a call while one is loading returns at once without a second read. */
  load(): Promise<void>;
  /** Reads it again while uploading is off, at most once a silence (SPEC 7 "on update"). */
  refreshIfOff(): void;
  /** Uploading was refused (403): off until the config, read again now, turns it back on. */
  turnOff(): void;
}

/**
 * Creates the config client of `GET {url}`. Never throws: a failure warns and leaves uploading off.
 *
 * @example
 * const config = createConfigClient(platform, `${base}/v1/mix/public/clientCommonConfig`, headers, warn);
 * await config.load();
 * if (config.uploadOn) upload();
 */
export function createConfigClient(
  platform: TrackerPlatform,
  url: string,
  headers: () => Record<string, string>,
  warn: (message: string) => void,
): ConfigClient {
  let settled = false;
  let loading = false;
  let loadedAt = Number.NEGATIVE_INFINITY;
  let uploadOn = false;
  let uid: string | undefined;
  let ip: string | undefined;

  const load = async (): Promise<void> => {
    if (loading) return;
    loading = true;
    loadedAt = platform.now();
    try {
      if (!platform.fetch) throw new Error('no fetch');
      const response = await platform.fetch(url, {
        method: 'GET',
        headers: headers(),
        credentials: 'same-origin',
        keepalive: false,
      });
      const envelope = readEnvelope(await response.json().catch(() => undefined));
      if (response.status < 200 || response.status >= 300) {
        throw new Error(requestFailedWarning(response.status));
      }
      const data = envelope?.data as Partial<ClientCommonConfigReply> | null | undefined;
      const config = data?.clientCommonConfig;
      if (!envelope || !isEnvelopeSuccess(envelope.code) || !config) {
        throw new Error(String(envelope?.code));
      }
      uploadOn = config.eventLogUploadSwitch === true;
      uid = typeof config.userId === 'string' ? config.userId : undefined;
      const replyIp = data.localVo?.ip;
      ip = typeof replyIp === 'string' && replyIp ? replyIp : undefined;
    } catch (error) {
      warn(configFailedWarning(error instanceof Error ? error.message : String(error)));
      uploadOn = false;
    } finally {
      loading = false;
      settled = true;
    }
  };

  return {
    get uploadOn() {
      return uploadOn;
    },
    get uid() {
      return settled ? (uid ?? '') : undefined;
    },
    get ip() {
      return ip;
    },
    load,
    refreshIfOff() {
      if (
        settled &&
        !uploadOn &&
        !loading &&
        platform.now() - loadedAt >= Timing.trackingSilenceMs
      ) {
        void load();
      }
    },
    turnOff() {
      uploadOn = false;
      void load();
    },
  };
}
