import type { Envelope } from '@exchange-web/protocol/envelope';
import type { HttpStatusError } from '../errors';
import type { CallerSlot, RequestSlot } from './slots';

export { readEnvelope } from '@exchange-web/protocol/envelope-reader';

/**
 * The hook interface of the request pipeline (DESIGN.md "A request's way through the client"),
 * after ky's `source/types/hooks.ts`: every step of the way is one {@link RequestHook} filling one
 * slot of REQUEST_SLOTS (./slots.ts), and the wrapper only runs them in slot order.
 */

/** The two methods of the wrapper (SPEC 7). */
export type HttpMethod = 'GET' | 'POST';

/** Per-call options of `post` and `get`. */
export interface RequestOptions {
  /** Headers for this call only; they win over the common headers. @default {} */
  headers?: Readonly<Record<string, string>>;
  /**
   * Sends even when an identical call is in flight or was just sent: the duplicate guard (SPEC 7,
   * 9) lets it through. For reloads the visitor or a poll asked for.
   * @default false
   */
  fresh?: boolean;
  /**
   * Fails without a toast (SPEC 8's notice): for background loads whose failure the caller shows
   * in place, or does not show at all.
   * @default false
   */
  quiet?: boolean;
  /** Cancels the call; a cancelled call rejects with CancelledError, without a toast. */
  signal?: AbortSignal;
  /**
   * A slow call (an export reading a list through): SPEC 9's 60 s layer
   * (Timing.longRequestTimeoutMs) instead of the wrapper's timeout.
   * @default false
   */
  long?: boolean;
}

/**
 * Per-call options of the client's own calls: the session-ending calls, the captcha calls and
 * the sign config. Pages never skip steps; they have `fresh` and `quiet`.
 */
export interface InternalRequestOptions extends RequestOptions {
  /**
   * Slots not to run for this call.
   * @default []
   * @example
   * // The session-end calls must not end the session again.
   * send('POST', ApiPath.logout, {}, { skipHooks: ['session-expiry', 'sign-error', 'error-notice'] });
   */
  skipHooks?: readonly RequestSlot[];
}

/** The request as the hooks see it before it is sent; each attempt gets a fresh one. */
export interface RequestState {
  readonly method: HttpMethod;
  /** The call path with its leading slash (`normaliseApiPath`). */
  readonly path: string;
  /** Headers to send; hooks add or change entries. */
  headers: Record<string, string>;
  /**
   * The JSON body of a post (undefined for a get). Replace it; never mutate the caller's. A string
   * is taken as the JSON text itself and sent unchanged (the signing hooks fix it so).
   */
  body: unknown;
  /** The query parameters of a get (undefined for a post). */
  query: Readonly<Record<string, unknown>> | undefined;
  /**
   * The query string exactly as it goes on the wire (with its `?`, or '' for none), when a hook
   * fixed it: the transport then appends it to `path` unchanged and ignores `query`. The signing
   * hook sets it, so what is signed is byte-for-byte what is sent (SPEC 7).
   * @default undefined (the transport serialises `query`)
   */
  search?: string;
  /** 0 on the first send, then 1, 2 on the retries a hook asked for. */
  readonly attempt: number;
  /** The signed-in user's id when the call started, '' for an anonymous visitor (SPEC 6). */
  readonly userId: string;
  readonly signal: AbortSignal | undefined;
  /** How long the transport waits for this call: set for a `long` call, else the client's own. */
  readonly timeoutMs?: number;
  /** The call's final outcome, the promise its caller holds (the duplicate guard shares it). */
  readonly result: Promise<unknown>;
}

/** What came back, as the hooks see it after a send. */
export interface ResponseState {
  readonly request: Readonly<RequestState>;
  /** The HTTP status. */
  readonly status: number;
  /** Response headers, names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed body. */
  readonly body: unknown;
  /** The body read as a `{code, data, msg}` envelope (code and msg as strings), if it is one. */
  readonly envelope: Envelope<unknown> | undefined;
  /** The error of a non-2xx status; rejected with when no envelope explains the status. */
  readonly transportError: HttpStatusError | undefined;
}

/** Answers the call without sending it (ky: a beforeRequest hook returning a Response). */
export interface RespondAction {
  readonly action: 'respond';
  readonly result: Promise<unknown>;
}

/** Sends the same call again, built afresh by every hook, with these extra headers (once). */
export interface RetryAction {
  readonly action: 'retry';
  readonly headers: Readonly<Record<string, string>>;
}

/** Rejects the call with this error; later hooks do not run. */
export interface RejectAction {
  readonly action: 'reject';
  readonly error: Error;
}

/** Replaces the response body (and the envelope read from it) for the hooks after this one. */
export interface ReplaceBodyAction {
  readonly action: 'replaceBody';
  readonly body: unknown;
}

export type BeforeRequestResult = void | RespondAction;
export type AfterResponseResult = void | RetryAction | RejectAction | ReplaceBodyAction;

/**
 * One step of the pipeline, filling one slot of REQUEST_SLOTS. Hooks run in slot order in every
 * phase; any phase may be async.
 * @example
 * const simulation: RequestHook = {
 *   slot: 'simulation-header',
 *   beforeRequest(request) {
 *     if (isSimulation()) request.headers[HeaderName.paptrading] = HeaderValue.paptrading;
 *   },
 * };
 */
export interface RequestHook {
  /** The slot this hook fills: where it runs, and what `skipHooks` names. */
  readonly slot: RequestSlot;
  /** Before the send: change headers or body, or answer the call without sending it. */
  beforeRequest?(request: RequestState): BeforeRequestResult | Promise<BeforeRequestResult>;
  /** After any HTTP response (2xx or not): read it, retry, reject, or replace the body. */
  afterResponse?(response: ResponseState): AfterResponseResult | Promise<AfterResponseResult>;
  /**
   * After a failure with no response (TimeoutError, NetworkError, CancelledError); the error is
   * rethrown as is.
   */
  onTransportError?(error: unknown, request: Readonly<RequestState>): void | Promise<void>;
}

/** A hook of the request client's `hooks` option: it fills one of the caller slots. */
export interface CallerHook extends RequestHook {
  readonly slot: CallerSlot;
}
