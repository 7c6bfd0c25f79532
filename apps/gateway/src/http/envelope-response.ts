import { SUCCESS_CODES } from '@exchange-web/protocol/codes';
import type { Envelope } from '@exchange-web/protocol/envelope';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A success envelope: code 00000 with the data. */
export const ok = <T>(c: Context, data: T) =>
  c.json<Envelope<T>>({ code: SUCCESS_CODES[0], data, msg: 'success' });

/** A failure envelope with its code and a message a developer can act on; `data` is mostly null. */
export const fail = <T extends object | null = null>(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  msg: string,
  data: T | null = null,
) => c.json<Envelope<T | null>>({ code, data, msg }, status);
