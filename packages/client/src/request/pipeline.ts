import { isSuccessCode } from '@exchange-web/protocol/codes';
import { normaliseApiPath } from '@exchange-web/protocol/paths';
import { Timing } from '@exchange-web/protocol/registry';
import { ApiError, MalformedReplyError, WrongApiNameError, type HttpStatusError } from '../errors';
import {
  readEnvelope,
  type HttpMethod,
  type InternalRequestOptions,
  type RequestHook,
  type RequestState,
  type ResponseState,
  type RetryAction,
} from './hooks';
import { REQUEST_SLOTS, type RequestSlot } from './slots';

/** What a transport brings back from a send that got an HTTP response. */
export interface TransportReply {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: unknown;
  /** The error of a non-2xx status, rejected with when no envelope explains the status. */
  error?: HttpStatusError;
}

/**
 * Sends one prepared request; rejects only when no response came, with TimeoutError,
 * NetworkError or CancelledError.
 */
export type Transport = (request: Readonly<RequestState>) => Promise<TransportReply>;

export interface PipelineOptions {
  transport: Transport;
  /** The hooks, in any order: each fills its own slot, and they run in REQUEST_SLOTS order. */
  hooks: readonly RequestHook[];
  /** The signed-in user's id, '' when anonymous (SPEC 6). @default () => '' */
  userId?: () => string;
}

// Ours, SPEC names no limit: a hook may ask twice, so a server that keeps asking cannot loop.
/** Retries a hook may ask for within one call. */
export const MAX_RETRIES = 2;

interface Deferred {
  promise: Promise<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

function deferred(): Deferred {
  let resolve!: (value: unknown) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<unknown>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

/** SPEC 7, 8: success codes resolve `data`; any other code rejects with the server's msg. */
function settle(response: ResponseState): unknown {
  const { envelope } = response;
  if (envelope) {
    if (isSuccessCode(envelope.code)) return envelope.data;
    throw new ApiError(envelope.msg, envelope.code, envelope.data);
  }
  // A non-2xx reply without an envelope rejects with its HttpStatusError (SPEC 8 generic errors).
  if (response.transportError !== undefined) throw response.transportError;
  throw new MalformedReplyError(response.body);
}

const slotRank: ReadonlyMap<string, number> = new Map(
  REQUEST_SLOTS.map((slot, index) => [slot, index]),
);

/**
 * The hooks in slot order. Refuses a hook in a slot the pipeline does not have, and two hooks in
 * one slot: a step is where its slot is, and nowhere else.
 */
function inSlotOrder(hooks: readonly RequestHook[]): RequestHook[] {
  const filled = new Set<RequestSlot>();
  for (const hook of hooks) {
    if (!slotRank.has(hook.slot))
      throw new Error(
        `unknown request slot: ${String(hook.slot)} (the slots are ${REQUEST_SLOTS.join(', ')})`,
      );
    if (filled.has(hook.slot)) throw new Error(`request slot ${hook.slot} is filled twice`);
    filled.add(hook.slot);
  }
  const rank = (hook: RequestHook) => slotRank.get(hook.slot) ?? 0;
  return [...hooks].sort((left, right) => rank(left) - rank(right));
}

/**
 * Runs calls through the hooks in slot order: empty path refused; each attempt builds a fresh
 * request that every `beforeRequest` prepares (or answers); the transport sends it; every
 * `afterResponse` reads the reply and may retry, reject or replace the body; the envelope then
 * decides the outcome.
 */
export function createPipeline(options: PipelineOptions) {
  const ordered = inSlotOrder(options.hooks);
  const userId = options.userId ?? (() => '');

  async function run(
    method: HttpMethod,
    path: string,
    payload: unknown,
    call: InternalRequestOptions,
    result: Promise<unknown>,
  ): Promise<unknown> {
    const skipped = new Set<RequestSlot>(call.skipHooks ?? []);
    if (call.fresh) skipped.add('duplicate-guard');
    if (call.quiet) skipped.add('error-notice');
    const hooks = ordered.filter((hook) => !skipped.has(hook.slot));
    const callUserId = userId();
    let retryHeaders: Readonly<Record<string, string>> = {};
    for (let attempt = 0; ; attempt += 1) {
      const request: RequestState = {
        method,
        path,
        headers: { ...call.headers, ...retryHeaders },
        // SPEC 7: the default body is JSON, so a post without one sends `{}`.
        body: method === 'POST' ? (payload ?? {}) : undefined,
        query:
          method === 'GET' ? (payload as Readonly<Record<string, unknown>> | undefined) : undefined,
        attempt,
        userId: callUserId,
        signal: call.signal,
        ...(call.long ? { timeoutMs: Timing.longRequestTimeoutMs } : {}),
        result,
      };
      for (const hook of hooks) {
        const answer = await hook.beforeRequest?.(request);
        if (answer) return answer.result;
      }

      let reply: TransportReply;
      try {
        reply = await options.transport(request);
      } catch (error) {
        for (const hook of hooks) await hook.onTransportError?.(error, request);
        throw error;
      }

      let response: ResponseState = {
        request,
        status: reply.status,
        headers: reply.headers,
        body: reply.body,
        envelope: readEnvelope(reply.body),
        transportError: reply.error,
      };
      let retry: RetryAction | undefined;
      for (const hook of hooks) {
        const action = await hook.afterResponse?.(response);
        if (!action) continue;
        if (action.action === 'reject') throw action.error;
        if (action.action === 'retry') {
          retry = action;
          break;
        }
        response = { ...response, body: action.body, envelope: readEnvelope(action.body) };
      }
      if (retry && attempt < MAX_RETRIES) {
        // The extra headers go on the next attempt only (SPEC 5: captcha-token is sent once).
        retryHeaders = retry.headers;
        continue;
      }
      return settle(response);
    }
  }

  /** Sends one call; rejects with 'wrong api name!' before any hook runs when the path is empty. */
  return function send(
    method: HttpMethod,
    path: string,
    payload: unknown,
    call: InternalRequestOptions = {},
  ): Promise<unknown> {
    // SPEC 5: a post or get with an empty path is refused before any request is made.
    if (!path) return Promise.reject(new WrongApiNameError());
    const outcome = deferred();
    run(method, normaliseApiPath(path), payload, call, outcome.promise).then(
      outcome.resolve,
      outcome.reject,
    );
    return outcome.promise;
  };
}

export type Pipeline = ReturnType<typeof createPipeline>;
