import { ApiPath } from '@exchange-web/protocol/paths';
import type { GatewaySignConfigReply } from '@exchange-web/protocol/schemas';
import type { SigningConfig } from '../config';
import { ok } from '../http/envelope-response';
import type { Routes } from '../http/routes';
import { CORE_SIGN_PATHS } from '../signing/core-paths';
import type { ServerKeyStore } from '../signing/server-keys';
import type { TrustRoot } from '../signing/trust-root';

export interface SignConfigRouteDeps {
  serverKeys: ServerKeyStore;
  trustRoot: TrustRoot;
  config: Pick<SigningConfig, 'signClientOpen' | 'signDefaultAlgorithm'>;
}

/** The gateway sign config (SPEC 3 "Gateway sign config", SPEC 4 "Signing setup", SPEC 7). */
export function registerSignConfigRoutes(routes: Routes, deps: SignConfigRouteDeps) {
  routes.get(ApiPath.gatewaySignConfig, async (c) => {
    const key = await deps.serverKeys.current();
    const reply: GatewaySignConfigReply = {
      gatewaySignConfig: {
        clientOpen: deps.config.signClientOpen,
        serverPublicKey: key.publicKey,
        serverPublicKeySign: deps.trustRoot.signServerKey(key.publicKey),
        defaultAlgorithm: deps.config.signDefaultAlgorithm,
        exactUrls: [...CORE_SIGN_PATHS.exactUrls],
        prefixUrls: [...CORE_SIGN_PATHS.prefixUrls],
        signModes: { ...CORE_SIGN_PATHS.signModes },
        userCheckDeviceUrl: [...CORE_SIGN_PATHS.userCheckDeviceUrl],
      },
    };
    // The key rotates: the browser keeps the config in session storage (SPEC 7), no HTTP cache.
    c.header('cache-control', 'no-store');
    return ok(c, reply);
  });
}
