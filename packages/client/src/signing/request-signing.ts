import { HeaderName, SignMode } from '@exchange-web/protocol/registry';
import { signData } from '@exchange-web/protocol/signing';
import type { RequestHook } from '../request/hooks';
import type { KeyPairStore } from './key-pairs';
import type { SignConfig, SignConfigSource } from './sign-config';
import { md5Hex, signText, type WebCrypto } from './wire-crypto';
import { fixWireForm, pathnameOf } from './wire-form';

export interface RequestSigningOptions {
  signConfig: SignConfigSource;
  keyPairs: KeyPairStore;
  crypto(): WebCrypto | undefined;
  isSecureContext(): boolean;
}

/** Whether the config lists a call path for signing: exactUrls exactly, prefixUrls as prefixes. */
export function isSignedPath(config: SignConfig, pathname: string): boolean {
  return (
    config.exactUrls.includes(pathname) ||
    config.prefixUrls.some((prefix) => pathname.startsWith(prefix))
  );
}

/**
 * The mode the config asks of a listed path: its own signModes entry, else its longest matching
 * prefixUrls entry's, else 0.
 */
// SPEC 3 keys signModes by path only: we let a prefix's entry cover the paths under it, as the
// gateway's guard does, so a call added under a prefix is signed in the mode the gateway wants.
export function signModeFor(config: SignConfig, pathname: string): SignMode {
  const own = config.signModes[pathname];
  if (own !== undefined) return own;
  const prefix = config.prefixUrls
    .filter((candidate) => pathname.startsWith(candidate))
    .sort((left, right) => right.length - left.length)[0];
  return (prefix === undefined ? undefined : config.signModes[prefix]) ?? SignMode.pathTime;
}

/**
 * Core request signing (SPEC 7): when the config's clientOpen is on, the user is signed in and the
 * path is listed, the request gets `device-sign` (the client key's signature over the sign data,
 * base64), `device-sign-mode`, `device-sign-data-md5` (MD5 hex of the sign data) and
 * `device-sign-key` (the public key, base64 SPKI). The mode is the config's for the path
 * ({@link signModeFor}), raised to 2 for a request with a body. The path signed is the path and query string
 * as sent, the body the JSON text as sent (both fixed here), tm and uhti the common headers',
 * and the `paptrading` header (SPEC 4) when the request carries one.
 * With no key bound to the user the request goes unsigned, and the gateway answers 00020.
 * Runs after every hook that may change the request (last before the transport).
 */
// Ours: a key bound to another user (or to none) would be refused as invalid (00023, a forced
// logout); unsigned, the reply is 00020 (toast, config refetch), the gentler of the two.
export function requestSigningHook(options: RequestSigningOptions): RequestHook {
  return {
    slot: 'request-signing',
    async beforeRequest(request) {
      // SPEC 6: signed-in state decides whether core requests are signed.
      if (request.userId === '') return;
      const config = await options.signConfig.get();
      if (!config?.clientOpen) return;
      const pathname = pathnameOf(request.path);
      if (!isSignedPath(config, pathname)) return;
      const crypto = options.crypto();
      if (!options.isSecureContext() || !crypto?.subtle) return;
      const pair = await options.keyPairs.current();
      if (!pair || pair.boundUserId !== request.userId) return;
      const tm = request.headers[HeaderName.tm];
      // Without the common headers' tm no signature can be fresh: leave the request unsigned.
      if (!tm) return;
      try {
        const wire = fixWireForm(request);
        const mode = request.method === 'POST' ? SignMode.withBody : signModeFor(config, pathname);
        const data = signData(mode, {
          path: wire.path,
          tm,
          uhti: request.headers[HeaderName.uhti] ?? '',
          body: wire.body,
          // Signed when sent (protocol signData): it picks the real or the paper account.
          paptrading: request.headers[HeaderName.paptrading] ?? '',
        });
        const signature = await signText(crypto.subtle, pair.privateKey, data);
        request.headers[HeaderName.deviceSign] = signature;
        request.headers[HeaderName.deviceSignMode] = String(mode);
        request.headers[HeaderName.deviceSignDataMd5] = md5Hex(data);
        request.headers[HeaderName.deviceSignKey] = pair.publicKey;
      } catch {
        // A body JSON cannot write (the transport refuses it too) or WebCrypto refusing: unsigned.
      }
    },
  };
}
