import { GatewayCode } from '@exchange-web/protocol/codes';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Input the gateway refuses: answered as an envelope with a specific code, never as a 500. */
export class BadInputError extends Error {
  override readonly name = 'BadInputError';
  constructor(
    message: string,
    readonly code: string = GatewayCode.validationFailed,
    readonly status: ContentfulStatusCode = 400,
  ) {
    super(message);
  }
}

export const isBadInputError = (error: unknown): error is BadInputError =>
  error instanceof BadInputError;
