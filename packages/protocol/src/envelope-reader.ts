/**
 * Reads a reply body as the `{code, data, msg}` envelope of SPEC 7, without a schema library: the
 * one reader of the request client, the site's server-side calls and the tracker (whose size
 * budget has no room for zod).
 */
import type { Envelope } from './envelope';

/**
 * Reads a body as an envelope: an object with a string or number `code` and a `msg`; the code is
 * kept as a string (SPEC 5, 8: success may arrive as the number 200), a missing `data` is null.
 * @returns the envelope, or undefined when the body is not one
 * @example
 * readEnvelope({ code: 200, data: 1, msg: 'ok' }); // { code: '200', data: 1, msg: 'ok' }
 * readEnvelope('<html>'); // undefined
 */
export function readEnvelope(body: unknown): Envelope<unknown> | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body) || !('msg' in body))
    return undefined;
  const { code, msg } = body;
  const data = 'data' in body ? body.data : null;
  if (typeof code !== 'string' && typeof code !== 'number') return undefined;
  return { code: String(code), data, msg: typeof msg === 'string' ? msg : String(msg) };
}
