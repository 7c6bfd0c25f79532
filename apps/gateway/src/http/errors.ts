import { GatewayCode } from '@exchange-web/protocol/codes';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** What a refusal answers: the reply's HTTP status, its envelope code and message, and extras. */
export interface RefusalOptions {
  /** The HTTP status of the reply. */
  status: ContentfulStatusCode;
  /** The envelope's `code`. */
  code: string;
  /** The envelope's `msg`, and the error's message. */
  message: string;
  /** Seconds after which a retry may succeed, sent as `Retry-After` (throttling). */
  retryAfterSeconds?: number | undefined;
  /**
   * The reply's `data`; refusals carry none unless the client needs it (a challenge's scene).
   * @default null
   */
  data?: object | null;
}

/**
 * A request the gateway refuses on purpose: answered as an envelope with its code and HTTP
 * status, never as a 500. Handlers throw it; `app.onError` answers it.
 * @example throw new RefusedError({ status: 401, code: ErrorCode.sessionExpired, message: 'the session has expired' });
 */
export class RefusedError extends Error {
  override readonly name: string = 'RefusedError';
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;
  readonly data: object | null;

  constructor(options: RefusalOptions) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.data = options.data ?? null;
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
    super({ status, code, message });
  }
}

export const isRefusedError = (error: unknown): error is RefusedError =>
  error instanceof RefusedError;

export const isBadInputError = (error: unknown): error is BadInputError =>
  error instanceof BadInputError;
