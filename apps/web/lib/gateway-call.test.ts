import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiPath } from '@exchange-web/protocol/paths';
import * as z from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callGateway, gatewayCallFor, GatewayCallError, isGatewayCallError } from './gateway-call';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

// A real local server (STYLE "Tests": talk to a server rather than mocking the transport).
let server: Server;
let baseUrl: string;
let handle: Handler;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handle(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  handle = (_request, _body, response) => response.end();
});

const json = (response: ServerResponse, status: number, value: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
};
const itemsSchema = z.object({ items: z.array(z.string()) });

describe('callGateway', () => {
  it('posts JSON to the path and resolves the parsed data of a success envelope', async () => {
    let seen: Record<string, string | undefined> = {};
    handle = (request, body, response) => {
      seen = {
        method: request.method,
        url: request.url,
        type: request.headers['content-type'],
        body,
      };
      json(response, 200, { code: '00000', data: { items: ['ordi'] }, msg: 'success' });
    };
    const data = await callGateway(ApiPath.inscriptionSearch, { keyword: 'or' }, itemsSchema, {
      baseUrl,
    });
    expect(data).toEqual({ items: ['ordi'] });
    expect(seen).toEqual({
      method: 'POST',
      url: ApiPath.inscriptionSearch,
      type: 'application/json',
      body: '{"keyword":"or"}',
    });
  });

  it('gets with the payload as query parameters and takes the numeric success code 200', async () => {
    let url: string | undefined;
    handle = (request, _body, response) => {
      url = request.url;
      json(response, 200, { code: 200, data: { items: [] }, msg: '' });
    };
    await callGateway(ApiPath.indexLeaderboard, { limit: 5, skip: undefined }, itemsSchema, {
      baseUrl,
      method: 'GET',
    });
    expect(url).toBe(`${ApiPath.indexLeaderboard}?limit=5`);
  });

  it('rejects a refusal with its code, message and HTTP status', async () => {
    handle = (_request, _body, response) =>
      json(response, 404, { code: '44001', data: null, msg: 'There is no BRC-20 token.' });
    const failure = await callGateway(ApiPath.inscriptionDetail, { ticker: 'nope' }, itemsSchema, {
      baseUrl,
    }).catch((error: unknown) => error);
    expect(isGatewayCallError(failure)).toBe(true);
    expect(failure).toMatchObject({
      code: '44001',
      status: 404,
      message: 'There is no BRC-20 token.',
    });
  });

  it('rejects data that fails the schema, and a reply that is not an envelope', async () => {
    handle = (_request, _body, response) =>
      json(response, 200, { code: '00000', data: { items: [1] }, msg: '' });
    await expect(
      callGateway(ApiPath.inscriptionSearch, {}, itemsSchema, { baseUrl }),
    ).rejects.toMatchObject({ name: 'GatewayCallError', code: null, message: 'malformed reply' });
    handle = (_request, _body, response) => json(response, 200, { items: ['ordi'] });
    await expect(
      callGateway(ApiPath.inscriptionSearch, {}, itemsSchema, { baseUrl }),
    ).rejects.toMatchObject({ code: null, status: 200, message: 'malformed reply' });
    handle = (_request, _body, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<h1>Bad gateway</h1>');
    };
    await expect(
      callGateway(ApiPath.inscriptionSearch, {}, itemsSchema, { baseUrl }),
    ).rejects.toMatchObject({ code: null, status: 502 });
  });

  it('gives up after the timeout, and names an unreachable gateway a network error', async () => {
    handle = () => undefined; // never answers
    const slow = await callGateway(ApiPath.inscriptionSearch, {}, itemsSchema, {
      baseUrl,
      timeoutMs: 50,
    }).catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(GatewayCallError);
    expect((slow as GatewayCallError).message).toBe('timeout of 50 ms exceeded');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      callGateway(ApiPath.inscriptionSearch, {}, itemsSchema, {
        baseUrl: `http://127.0.0.1:${port}`,
      }),
    ).rejects.toMatchObject({ message: 'Network Error', code: null, status: null });
  });
});

describe('gatewayCallFor', () => {
  it("sends the visitor's address the front door set, so the gateway counts the visitor", async () => {
    const forwarded: (string | undefined)[] = [];
    handle = (request, _body, response) => {
      forwarded.push(request.headers['x-forwarded-for'] as string | undefined);
      json(response, 200, { code: '00000', data: { items: [] }, msg: 'success' });
    };
    const visitor = { headers: { 'x-forwarded-for': '198.51.100.23' } };
    await gatewayCallFor(visitor)(ApiPath.inscriptionSearch, { keyword: 'a' }, itemsSchema, {
      baseUrl,
    });
    // A page request the front door did not see (no header): nothing is made up.
    await gatewayCallFor({ headers: {} })(ApiPath.inscriptionSearch, {}, itemsSchema, { baseUrl });
    expect(forwarded).toEqual(['198.51.100.23', undefined]);
  });
});
