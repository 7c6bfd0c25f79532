import { isSuccessCode } from '@exchange-web/protocol/codes';
import { readEnvelope } from '@exchange-web/protocol/envelope-reader';
import { HeaderName } from '@exchange-web/protocol/registry';
import type { IncomingHttpHeaders } from 'node:http';
import type { CopyPath } from '@exchange-web/protocol/copy-trading';
import type { ReservesPath } from '@exchange-web/protocol/reserves';
import type { FeePath } from '@exchange-web/protocol/fees';
import type { ApiPath } from '@exchange-web/protocol/paths';
import type { TradingPath } from '@exchange-web/protocol/trading';
import type * as z from 'zod/mini';
import { gatewayUrl } from './gateway-url';

/** The public market calls a trading page's server render reads. */
type MarketPath = (typeof TradingPath)['ticker' | 'depth' | 'trades' | 'klines'];

/** Every path a page's server render may call. */
export type GatewayPath = ApiPath | CopyPath | ReservesPath | FeePath | MarketPath;

/**
 * How long server rendering waits for one gateway call: past it the page renders without that
 * part (a crawler and a visitor get the rest) instead of hanging on the gateway.
 */
export const GATEWAY_CALL_TIMEOUT_MS = 5_000;

/**
 * A server-side gateway call that did not give its data: the gateway refused it (`code` is the
 * envelope's), or it failed on the way (`code` null: unreachable, timed out, not an envelope, or
 * data that fails the call's schema).
 */
export class GatewayCallError extends Error {
  override readonly name = 'GatewayCallError';
  constructor(
    message: string,
    /** The envelope's code when the gateway answered one, else null. */
    readonly code: string | null,
    /** The HTTP status when there was a reply, else null. */
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isGatewayCallError = (error: unknown): error is GatewayCallError =>
  error instanceof GatewayCallError;

export interface GatewayCallOptions {
  /** @default 'POST' (SPEC 7: JSON bodies); GET sends the payload as query parameters */
  method?: 'POST' | 'GET';
  /** @default GATEWAY_CALL_TIMEOUT_MS */
  timeoutMs?: number;
  /** @default gatewayUrl() (GATEWAY_URL, read at run time) */
  baseUrl?: string;
  /**
   * The visitor's address, as the front door set it: the gateway's per-client limits then count
   * the visitor, not the site (whose calls would otherwise all share one address).
   */
  forwardedFor?: string;
}

const queryOf = (payload: unknown): string => {
  if (payload === undefined || payload === null) return '';
  const entries = Object.entries(payload as Record<string, unknown>).filter(
    ([, value]) => value !== undefined,
  );
  return entries.length === 0
    ? ''
    : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
};

/**
 * Calls the gateway from the server (getServerSideProps) and resolves the reply's `data`
 * parsed with the call's schema. SPEC 7's envelope: success codes resolve, any other code
 * rejects with the gateway's `msg` and code.
 *
 * @example
 * const list = await callGateway(ApiPath.inscriptionListByPage, { tab: 'hot' }, inscriptionListReplySchema);
 */
export async function callGateway<S extends z.ZodMiniType>(
  path: GatewayPath,
  payload: unknown,
  schema: S,
  options: GatewayCallOptions = {},
): Promise<z.output<S>> {
  const method = options.method ?? 'POST';
  const timeoutMs = options.timeoutMs ?? GATEWAY_CALL_TIMEOUT_MS;
  const url = new URL(
    method === 'GET' ? `${path}${queryOf(payload)}` : path,
    options.baseUrl ?? gatewayUrl(),
  );
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(options.forwardedFor ? { [HeaderName.forwardedFor]: options.forwardedFor } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(payload ?? {}) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // The wording of the client layer's errors (SPEC 8), so logs read the same on both sides.
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new GatewayCallError(
      timedOut ? `timeout of ${timeoutMs} ms exceeded` : 'Network Error',
      null,
      null,
      { cause: error },
    );
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new GatewayCallError(
      `Request failed with status code ${response.status}`,
      null,
      response.status,
      { cause: error },
    );
  }
  const envelope = readEnvelope(json);
  if (!envelope) throw new GatewayCallError('malformed reply', null, response.status);
  if (!isSuccessCode(envelope.code))
    throw new GatewayCallError(
      envelope.msg || `Request failed with code ${envelope.code}`,
      envelope.code,
      response.status,
    );
  const data = schema.safeParse(envelope.data);
  if (!data.success)
    throw new GatewayCallError('malformed reply', null, response.status, { cause: data.error });
  return data.data;
}

/**
 * A server render's call whose failure only leaves its part of the page out: null, logged as
 * `what` failed; the browser then asks for that part itself.
 */
export function partOrNull<T>(what: string, load: Promise<T>): Promise<T | null> {
  return load.catch((error: unknown) => {
    console.error(`${what} failed to load, the browser will ask:`, error);
    return null;
  });
}

/** {@link callGateway} on behalf of the visitor whose page request is being rendered. */
export type VisitorGatewayCall = <S extends z.ZodMiniType>(
  path: GatewayPath,
  payload: unknown,
  schema: S,
  options?: Omit<GatewayCallOptions, 'forwardedFor'>,
) => Promise<z.output<S>>;

/**
 * Binds {@link callGateway} to a page request: its calls carry the visitor's address, which the
 * site's front door wrote into `x-forwarded-for` (replacing anything the visitor sent).
 */
export function gatewayCallFor(request: { headers: IncomingHttpHeaders }): VisitorGatewayCall {
  const header = request.headers[HeaderName.forwardedFor];
  const forwardedFor = Array.isArray(header) ? header[0] : header;
  return (path, payload, schema, options = {}) =>
    callGateway(path, payload, schema, {
      ...options,
      ...(forwardedFor ? { forwardedFor } : {}),
    });
}
