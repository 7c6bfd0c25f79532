import { HeaderName, SignMode } from '@exchange-web/protocol/registry';
import { signData } from '@exchange-web/protocol/signing';
import type { RequestHook } from '../request/hooks';
import type { KeyPairStore } from './key-pairs';
import type { SentKeys } from './login-encryption';
import type { SignConfigSource } from './sign-config';
import { signText, type WebCrypto } from './wire-crypto';
import { fixWireForm, pathnameOf } from './wire-form';

export interface DeviceCheckOptions {
  signConfig: SignConfigSource;
  keyPairs: KeyPairStore;
  crypto(): WebCrypto | undefined;
  isSecureContext(): boolean;
  /** Shared with the login-encryption hook: a key made for this very request is no earlier key. */
  sentKeys: SentKeys;
}

/**
 * The device check of SPEC 7: on the config's userCheckDeviceUrl paths, when the device holds a
 * key pair from before this request, adds `userCheckDeviceSign` (that key's signature over the
 * mode-2 sign data of the request as sent: path, tm, uhti, final body) and `lastAlgorithm`.
 * Runs after login encryption, so the signed body is the encrypted one. Any failure leaves the
 * headers out: the gateway then treats the device as unknown.
 */
// SPEC 7 gives no mode for the device check: mode 2, so the signature covers the very body sent.
export function deviceCheckHook(options: DeviceCheckOptions): RequestHook {
  return {
    slot: 'device-check',
    async beforeRequest(request) {
      const sent = options.sentKeys.get(request);
      if (sent?.isNew) return;
      // No earlier key, no check: and no config call for a visitor who never logged in here.
      if (!sent && !options.keyPairs.hasStored()) return;
      try {
        const config = await options.signConfig.get();
        if (!config?.userCheckDeviceUrl.includes(pathnameOf(request.path))) return;
        const crypto = options.crypto();
        if (!options.isSecureContext() || !crypto?.subtle) return;
        const pair = sent?.pair ?? (await options.keyPairs.current());
        if (!pair) return;
        const wire = fixWireForm(request);
        const data = signData(SignMode.withBody, {
          path: wire.path,
          tm: request.headers[HeaderName.tm] ?? '',
          uhti: request.headers[HeaderName.uhti] ?? '',
          body: wire.body,
        });
        const signature = await signText(crypto.subtle, pair.privateKey, data);
        request.headers[HeaderName.userCheckDeviceSign] = signature;
        request.headers[HeaderName.lastAlgorithm] = pair.algorithm;
      } catch {
        // A body JSON cannot write, or WebCrypto refusing: the request goes without the check.
      }
    },
  };
}
