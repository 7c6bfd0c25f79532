import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestHead, sendRaw } from '../../../scripts/raw-http.mjs';
import { answerParserErrors, parserErrorStatus } from './parser-errors.mjs';

const NOSNIFF = { 'x-content-type-options': 'nosniff' };
let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server that answers 200 to every request it can parse, and its parser errors with ours. */
async function serve(options: Parameters<typeof answerParserErrors>[0]): Promise<string> {
  server = createServer((_request, response) => response.end('ok'));
  server.on('clientError', answerParserErrors(options));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('parserErrorStatus', () => {
  it('maps each kind of parser refusal to its status, anything else to 400', () => {
    expect(parserErrorStatus({ code: 'HPE_HEADER_OVERFLOW' })).toBe(431);
    expect(parserErrorStatus({ code: 'HPE_INVALID_METHOD' })).toBe(405);
    expect(parserErrorStatus({ code: 'ERR_HTTP_REQUEST_TIMEOUT' })).toBe(408);
    expect(parserErrorStatus({ code: 'HPE_INVALID_HEADER_TOKEN' })).toBe(400);
    expect(parserErrorStatus(undefined)).toBe(400);
  });
});

describe('answerParserErrors', () => {
  it('answers a header with CR in its value 400, with the headers given', async () => {
    const origin = await serve({ headers: NOSNIFF });
    const reply = await sendRaw(origin, 'GET / HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n');
    expect(reply.status).toBe(400);
    expect(reply.headers.get('x-content-type-options')).toEqual(['nosniff']);
    expect(reply.headers.get('connection')).toEqual(['close']);
  });

  it('answers an oversized header block 431', async () => {
    const origin = await serve({ headers: NOSNIFF });
    const reply = await sendRaw(
      origin,
      requestHead('/', { host: 'a', headerLines: `X-Big: ${'a'.repeat(20_000)}\r\n` }),
    );
    expect(reply.status).toBe(431);
    expect(reply.headers.get('x-content-type-options')).toEqual(['nosniff']);
  });

  it('answers a method the parser does not know 405, with Allow when given', async () => {
    const origin = await serve({ headers: NOSNIFF, allow: 'GET, HEAD' });
    const reply = await sendRaw(origin, requestHead('/', { method: 'BREW', host: 'a' }));
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toEqual(['GET, HEAD']);
    // The server still serves.
    expect((await sendRaw(origin, requestHead('/', { host: 'a' }))).status).toBe(200);
  });
});
