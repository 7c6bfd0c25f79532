import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, isWrongApiNameError } from './errors';
import { createHttpClient } from './http-client';

// A real local server, not a mocked transport: what it saw is what the wrapper sent.
const seen: { method: string; url: string; body: string; contentType: string | undefined }[] = [];
let server: Server;
let baseURL: string;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      body,
      contentType: request.headers['content-type'],
    });
    const reply = (status: number, payload: unknown) =>
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify(payload));
    if (request.url?.startsWith('/v1/ok'))
      return reply(200, { code: '00000', data: { echo: body }, msg: 'success' });
    if (request.url?.startsWith('/v1/two-hundred'))
      return reply(200, { code: '200', data: 7, msg: 'ok' });
    if (request.url?.startsWith('/v1/refused'))
      return reply(200, { code: '30001', data: null, msg: 'Insufficient balance' });
    if (request.url?.startsWith('/v1/bad-input'))
      return reply(400, { code: '40001', data: null, msg: 'locale: Required' });
    if (request.url?.startsWith('/v1/plain-500')) return response.writeHead(500).end('oops');
    return reply(200, 'not an envelope');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe('http wrapper', () => {
  it('posts JSON under the site root and resolves data on 00000', async () => {
    const http = createHttpClient({ baseURL });
    await expect(http.post('v1/ok', { locale: 'en' })).resolves.toEqual({
      echo: '{"locale":"en"}',
    });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v1/ok',
      contentType: 'application/json',
    });
  });

  it('gets with query parameters and resolves data on 200', async () => {
    const http = createHttpClient({ baseURL });
    await expect(http.get('/v1/two-hundred', { symbol: 'BTCUSDT', page: 2 })).resolves.toBe(7);
    expect(seen.at(-1)).toMatchObject({
      method: 'GET',
      url: '/v1/two-hundred?symbol=BTCUSDT&page=2',
    });
  });

  it('rejects any other code with the server msg and code', async () => {
    const http = createHttpClient({ baseURL });
    const error = await http.post('/v1/refused').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Insufficient balance', code: '30001' });
  });

  it('rejects an HTTP refusal that carries an envelope the same way', async () => {
    const http = createHttpClient({ baseURL });
    await expect(http.post('/v1/bad-input')).rejects.toMatchObject({
      message: 'locale: Required',
      code: '40001',
    });
  });

  it('keeps axios messages for transport failures', async () => {
    const http = createHttpClient({ baseURL });
    await expect(http.get('/v1/plain-500')).rejects.toThrow('Request failed with status code 500');
    const closed = createHttpClient({ baseURL: 'http://127.0.0.1:1' });
    await expect(closed.get('/v1/ok')).rejects.toThrow('Network Error');
  });

  it('refuses an empty path with "wrong api name!" before any request', async () => {
    const http = createHttpClient({ baseURL });
    const before = seen.length;
    const post = await http.post('', {}).catch((caught: unknown) => caught);
    const get = await http.get('').catch((caught: unknown) => caught);
    expect([isWrongApiNameError(post), isWrongApiNameError(get)]).toEqual([true, true]);
    expect((post as Error).message).toBe('wrong api name!');
    expect(seen.length).toBe(before);
  });

  it('rejects a reply that is not an envelope', async () => {
    const http = createHttpClient({ baseURL });
    await expect(http.get('/v1/other')).rejects.toThrow('malformed reply');
  });
});
