import { isLoginEncryptionPath } from '@exchange-web/protocol/paths';
import type { RequestHook, RequestState } from '../request/hooks';
import type { RequestSlot } from '../request/slots';

/** The slots request signing and login encryption fill (REQUEST_SLOTS places them). */
export const SIGNING_SLOTS = [
  'login-encryption',
  'device-check',
  'request-signing',
  'sign-error',
] as const satisfies readonly RequestSlot[];

/**
 * Slots the sign config call skips: the signing hooks' (it is what they wait for) and the error
 * notice (SPEC 8: a config load failure is logged, not shown).
 */
export const SIGN_CONFIG_SKIPPED_HOOKS: readonly RequestSlot[] = [...SIGNING_SLOTS, 'error-notice'];

/** What the signing code gives the wrapper once loaded: its hooks, one per signing slot. */
export interface LoadedSigning {
  readonly hooks: readonly RequestHook[];
  prepare(): Promise<void>;
}

/** The signing hooks as the wrapper holds them before their code is loaded. */
export interface LazySigning {
  /** One stand-in per signing slot; each runs the loaded hook of its slot. */
  readonly hooks: readonly RequestHook[];
  /** Loads the signing code and readies signing ahead of need. */
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
export function lazySigningHooks(load: () => Promise<LoadedSigning>): LazySigning {
  let loading: Promise<LoadedSigning> | undefined;
  const loaded = async (slot: RequestSlot) =>
    (await (loading ??= load())).hooks.find((hook) => hook.slot === slot);
  const standIn = (slot: RequestSlot): RequestHook => ({
    slot,
    async beforeRequest(request) {
      if (!concernsSigning(request)) return undefined;
      return (await loaded(slot))?.beforeRequest?.(request);
    },
    async afterResponse(response) {
      if (!concernsSigning(response.request)) return undefined;
      return (await loaded(slot))?.afterResponse?.(response);
    },
    async onTransportError(error, request) {
      if (!concernsSigning(request)) return;
      await (await loaded(slot))?.onTransportError?.(error, request);
    },
  });
  return {
    hooks: SIGNING_SLOTS.map(standIn),
    prepare: async () => (await (loading ??= load())).prepare(),
  };
}
