// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isNetworkError, isTimeoutError } from '../errors';
import { requestState } from '../testing/request-state';
import { axiosTransport } from './axios-transport';

/**
 * SPEC 8's generic client errors as axios's own XHR adapter raises them, over a real XMLHttpRequest
 * (jsdom's, which sends real HTTP) to a real server: the messages the error notice shows come from
 * axios itself, not from strings a test wrote (axios-transport.test.ts names each code).
 */

/** The requests the server is holding without an answer. */
const held: ServerResponse[] = [];
let server: Server;
let origin = '';
let arrived: (() => void) | undefined;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    // The page's origin (jsdom's) is another than the server's: answer CORS as the gateway would.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') {
      response.end();
      return;
    }
    held.push(response);
    arrived?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const response of held.splice(0)) response.destroy();
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const xhrTransport = (baseURL: string, timeoutMs = 5_000) =>
  axiosTransport(axios.create({ adapter: 'xhr', baseURL }), timeoutMs);

const failureOf = (send: Promise<unknown>) =>
  send.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );

describe('axios transport over a real XMLHttpRequest', () => {
  it('rejects with "Request aborted" when the browser drops the request', async () => {
    // The browser aborts a request the page did not cancel (a navigation, the stop button): here
    // the XMLHttpRequest axios made is aborted from outside axios, once the server holds it.
    const made: XMLHttpRequest[] = [];
    const Original = window.XMLHttpRequest;
    window.XMLHttpRequest = class extends Original {
      constructor() {
        super();
        made.push(this);
      }
    };
    try {
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const failure = failureOf(xhrTransport(origin)(requestState()));
      await reached;
      made[0]?.abort();
      const error = await failure;
      expect(isNetworkError(error)).toBe(true);
      expect((error as Error).message).toBe('Request aborted');
    } finally {
      window.XMLHttpRequest = Original;
      arrived = undefined;
    }
  });

  it('rejects with "Unsupported protocol ftp:" for a base URL the browser cannot send to', async () => {
    const error = await failureOf(xhrTransport('ftp://127.0.0.1/')(requestState()));
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).message).toBe('Unsupported protocol ftp:');
    expect(held).toEqual([]);
  });

  it('rejects with "timeout of N ms exceeded" when no answer comes in time', async () => {
    const error = await failureOf(xhrTransport(origin, 100)(requestState()));
    expect(isTimeoutError(error)).toBe(true);
    expect((error as Error).message).toBe('timeout of 100ms exceeded');
  });

  it('rejects with "Network Error" when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failureOf(xhrTransport(`http://127.0.0.1:${port}`)(requestState()));
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).message).toBe('Network Error');
  });
});
