import { GatewayCode } from '@exchange-web/protocol/codes';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A request the gateway refuses on purpose: answered as an envelope with its code and HTTP
 * status, never as a 500. Handlers throw it; `app.onError` answers it.
 */
export class RefusedError extends Error {
  override readonly name: string = 'RefusedError';
  constructor(
    message: string,
    readonly code: string,
    readonly status: ContentfulStatusCode,
    /** Seconds after which a retry may succeed, sent as `Retry-After` (throttling). */
    readonly retryAfterSeconds?: number,
    /** The reply's `data`; refusals carry none unless the client needs it (a challenge's scene). */
    readonly data: object | null = null,
  ) {
    super(message);
  }
}

/** Input the gateway refuses: a specific code, never a 500. */
export class BadInputError extends RefusedError {
  override readonly name = 'BadInputError';
  constructor(
    message: string,
    code: string = GatewayCode.validationFailed,
    status: ContentfulStatusCode = 400,
  ) {
    super(message, code, status);
  }
}

export const isRefusedError = (error: unknown): error is RefusedError =>
  error instanceof RefusedError;

export const isBadInputError = (error: unknown): error is BadInputError =>
  error instanceof BadInputError;
