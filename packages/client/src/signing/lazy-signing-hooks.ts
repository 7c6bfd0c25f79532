import { isLoginEncryptionPath } from '@exchange-web/protocol/paths';
import type { RequestHook, RequestState } from '../request/hooks';
import {
  DEVICE_CHECK_HOOK,
  LOGIN_ENCRYPTION_HOOK,
  REQUEST_SIGNING_HOOK,
  SIGN_ERROR_HOOK,
} from './hook-names';
import { placeSigningHooks, type SigningHookSet } from './hook-order';

/** What the wrapper needs of the signing hooks. */
export interface PlacedSigning {
  place(hooks: readonly RequestHook[]): RequestHook[];
  prepare(): Promise<void>;
}

/**
 * Whether a request can concern signing at all: every rule needs a signed-in user (core signing,
 * its refusals) or a login path (encryption, binding, the device check, which the gateway asks
 * only on login paths).
 */
const concernsSigning = (request: Readonly<RequestState>) =>
  request.userId !== '' || isLoginEncryptionPath(request.path);

/**
 * The signing hooks, with their code (the crypto, the sign-config schema) loaded on the first
 * request that concerns signing: a visitor's first calls (rates, the shell) never load it.
 * @example const signing = lazySigningHooks(() => import('./signing-hooks').then((m) => m.createSigningHooks(options)));
 */
export function lazySigningHooks(
  load: () => Promise<SigningHookSet & PlacedSigning>,
): PlacedSigning {
  let loading: Promise<SigningHookSet & PlacedSigning> | undefined;
  const real = () => (loading ??= load());
  const stand = (name: string, pick: (set: SigningHookSet) => RequestHook): RequestHook => ({
    name,
    async beforeRequest(request) {
      if (!concernsSigning(request)) return undefined;
      return pick(await real()).beforeRequest?.(request);
    },
    async afterResponse(response) {
      if (!concernsSigning(response.request)) return undefined;
      return pick(await real()).afterResponse?.(response);
    },
    async onTransportError(error, request) {
      if (!concernsSigning(request)) return;
      await pick(await real()).onTransportError?.(error, request);
    },
  });
  return {
    place: (hooks) =>
      placeSigningHooks(hooks, {
        loginEncryption: stand(LOGIN_ENCRYPTION_HOOK, (set) => set.loginEncryption),
        signError: stand(SIGN_ERROR_HOOK, (set) => set.signError),
        deviceCheck: stand(DEVICE_CHECK_HOOK, (set) => set.deviceCheck),
        requestSigning: stand(REQUEST_SIGNING_HOOK, (set) => set.requestSigning),
      }),
    prepare: async () => (await real()).prepare(),
  };
}
