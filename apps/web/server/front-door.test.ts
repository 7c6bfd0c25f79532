import { GatewayCode } from '@exchange-web/protocol/codes';
import { RequestLimit } from '@exchange-web/protocol/registry';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import proxyaddr from 'proxy-addr';
import { afterEach, describe, expect, it } from 'vitest';
import { requestHead, sendRaw } from '../../../scripts/raw-http.mjs';
import {
  answerClientError,
  createFrontDoor,
  routeOf,
  targetProblem,
  type FrontDoorOptions,
} from './front-door';

/** What an upstream (gateway, header-footer, or Next's page handler) saw of a request. */
interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

function listen(server: Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** An upstream that records each request and answers `{ upstream: name }`. */
async function upstream(name: string) {
  const seen: Seen[] = [];
  // A keep-alive of its own, longer than the front door's, to see that its hint stays behind.
  const url = await listen(
    createServer({ keepAliveTimeout: 65_000 }, (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ url: request.url ?? '', headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ upstream: name }));
      });
    }),
  );
  return { url, seen };
}

/** A front door over two recording upstreams and a recording page handler. */
async function frontDoor(options: Partial<FrontDoorOptions> = {}) {
  const gateway = await upstream('gateway');
  const headerFooter = await upstream('header-footer');
  const pages: Seen[] = [];
  const errors: unknown[] = [];
  const server = createServer(
    createFrontDoor({
      gatewayUrl: gateway.url,
      headerFooterUrl: headerFooter.url,
      handlePage: (request, response) => {
        pages.push({ url: request.url ?? '', headers: request.headers, body: '' });
        response.writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>');
        return Promise.resolve();
      },
      logError: (_message, error) => errors.push(error),
      ...options,
    }),
  );
  server.on('clientError', answerClientError);
  const url = await listen(server);
  return { url, gateway, headerFooter, pages, errors };
}

describe('targetProblem', () => {
  it('accepts paths and queries with sound escapes', () => {
    for (const target of ['/', '/ja/spot/BTCUSDT', '/v1/x?q=%E2%82%AC&a=b', '/%25'])
      expect(targetProblem(target)).toBeUndefined();
  });

  it('refuses malformed escapes, NUL, absolute forms and overlong targets', () => {
    expect(targetProblem('/%')?.status).toBe(400);
    expect(targetProblem('/%zz')?.status).toBe(400);
    expect(targetProblem('/%c0%af')?.status).toBe(400);
    expect(targetProblem('/a%00b')?.status).toBe(400);
    expect(targetProblem('http://evil.example/')?.status).toBe(400);
    expect(targetProblem('*')?.status).toBe(400);
    expect(targetProblem(undefined)?.status).toBe(400);
    expect(targetProblem(`/${'a'.repeat(RequestLimit.maxTargetLength)}`)).toMatchObject({
      status: 414,
      code: GatewayCode.targetTooLong,
    });
  });
});

describe('routeOf', () => {
  it('sends API and image paths to the gateway and the remote to the header-footer server', () => {
    expect(routeOf('/v1/user/login')).toEqual({ to: 'gateway', path: '/v1/user/login' });
    expect(routeOf('/btapi/common/logout?x=1')).toEqual({
      to: 'gateway',
      path: '/btapi/common/logout?x=1',
    });
    expect(routeOf('/images/probe.png')).toEqual({ to: 'gateway', path: '/images/probe.png' });
    expect(routeOf('/_mfe/header-footer/remoteEntry.js?v=2')).toEqual({
      to: 'header-footer',
      path: '/remoteEntry.js?v=2',
    });
    expect(routeOf('/ja/v1/user/login')).toEqual({ to: 'page' });
    expect(routeOf('/v1x')).toEqual({ to: 'page' });
    expect(routeOf('/')).toEqual({ to: 'page' });
  });
});

describe('createFrontDoor', () => {
  it('answers a malformed target with a 400 envelope and keeps serving', async () => {
    const door = await frontDoor();
    for (const target of ['/%', '/v1/%zz', '/_mfe/header-footer/%', '/images/%c0%af']) {
      const reply = await sendRaw(
        door.url,
        `GET ${target} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`,
      );
      expect([target, reply.status]).toEqual([target, 400]);
      expect((JSON.parse(reply.body) as { code: string }).code).toBe(GatewayCode.badRequest);
    }
    expect(door.pages).toEqual([]);
    expect(door.gateway.seen).toEqual([]);
    expect((await fetch(`${door.url}/`)).status).toBe(200);
  });

  it('replaces the forwarding headers a visitor sends with the socket address', async () => {
    const door = await frontDoor();
    const forged = {
      'x-forwarded-for': '203.0.113.66',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-real-ip': '203.0.113.66',
      forwarded: 'for=203.0.113.66',
      'x-middleware-subrequest': 'proxy',
    };
    await fetch(`${door.url}/v1/mix/public/clientCommonConfig`, { headers: forged });
    await fetch(`${door.url}/ja/login`, { headers: forged });
    const host = new URL(door.url).host;
    for (const seen of [door.gateway.seen[0], door.pages[0]]) {
      expect(seen?.headers).toMatchObject({
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-host': host,
        'x-forwarded-proto': 'http',
      });
      expect(seen?.headers).not.toHaveProperty('x-real-ip');
      expect(seen?.headers).not.toHaveProperty('forwarded');
      expect(seen?.headers).not.toHaveProperty('x-middleware-subrequest');
    }
  });

  it('believes the forwarding headers of a proxy it is told to trust, and sends HSTS over https', async () => {
    const door = await frontDoor({ trustProxy: proxyaddr.compile('loopback') });
    const reply = await fetch(`${door.url}/v1/x`, {
      headers: {
        'x-forwarded-for': '198.51.100.7',
        'x-forwarded-host': 'www.exchange.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(door.gateway.seen[0]?.headers).toMatchObject({
      'x-forwarded-for': '198.51.100.7',
      'x-forwarded-host': 'www.exchange.example',
      'x-forwarded-proto': 'https',
    });
    expect(reply.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });

  it('gives every reply the security headers, and HSTS only over https', async () => {
    const door = await frontDoor();
    for (const path of ['/', '/v1/x', '/%']) {
      const reply = await fetch(`${door.url}${path}`);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(reply.headers.get('permissions-policy')).toContain('camera=()');
      expect(reply.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('forwards the remote under its own path and API calls with their target as sent', async () => {
    const door = await frontDoor();
    const remote = await fetch(`${door.url}/_mfe/header-footer/remoteEntry.js?v=1`);
    expect(await remote.json()).toEqual({ upstream: 'header-footer' });
    expect(door.headerFooter.seen[0]?.url).toBe('/remoteEntry.js?v=1');
    // Raw: fetch itself would resolve the dot segment before sending.
    const call = await sendRaw(
      door.url,
      'POST /v1/a/./b?x=%41 HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n' +
        'Content-Length: 7\r\nConnection: close\r\n\r\n{"a":1}',
    );
    expect(call.status).toBe(200);
    expect(door.gateway.seen[0]).toMatchObject({ url: '/v1/a/./b?x=%41', body: '{"a":1}' });
    // Next renders neither.
    expect(door.pages).toEqual([]);
  });

  it('refuses an oversized API body with 413 and a body of unknown length with 411', async () => {
    const door = await frontDoor();
    const big = await fetch(`${door.url}/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(RequestLimit.maxBodyBytes + 1),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: GatewayCode.payloadTooLarge, data: null });

    const chunked = await new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(door.url);
      const request = httpRequest(
        {
          hostname,
          port,
          path: '/v1/user/logout',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.write('{}');
      request.end();
    });
    expect(chunked).toBe(411);
    expect(door.gateway.seen).toEqual([]);
  });

  it('delivers the 413 to a client that sends its whole oversized body, every time', async () => {
    const door = await frontDoor();
    const body = 'x'.repeat(2 * RequestLimit.maxBodyBytes);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const reply = await sendRaw(
        door.url,
        `POST /v1/user/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect([attempt, reply.status]).toEqual([attempt, 413]);
    }
    expect(door.gateway.seen).toEqual([]);
  });

  it("answers what Node's parser refuses with its status and the security headers", async () => {
    const door = await frontDoor();
    const injected = await sendRaw(door.url, 'GET / HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n');
    expect(injected.status).toBe(400);
    expect(injected.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    const oversized = await sendRaw(
      door.url,
      `GET / HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(oversized.status).toBe(431);
    expect(oversized.head.toLowerCase()).toContain(
      'referrer-policy: strict-origin-when-cross-origin',
    );
    const twoHosts = await sendRaw(
      door.url,
      'GET / HTTP/1.1\r\nHost: a\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    );
    expect(twoHosts.status).toBe(400);
    expect(door.pages).toEqual([]);
  });

  it("keeps the upstream's keep-alive hint out of the visitor's reply", async () => {
    const door = await frontDoor();
    const agent = new Agent({ keepAlive: true });
    const hint = await new Promise<string | string[] | undefined>((resolve, reject) => {
      httpRequest(`${door.url}/v1/x`, { agent }, (response) => {
        response.resume();
        resolve(response.headers['keep-alive']);
      })
        .on('error', reject)
        .end();
    });
    agent.destroy();
    // Not the upstream's 65 s: the visitor's connection is the front door's, idle-closed after 5 s.
    expect(hint).toBeUndefined();
  });

  it('answers pages to GET and HEAD only, and leaves API methods to the gateway', async () => {
    const door = await frontDoor();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const reply = await fetch(`${door.url}/ja/login`, { method });
      expect([method, reply.status, reply.headers.get('allow')]).toEqual([
        method,
        405,
        'GET, HEAD',
      ]);
    }
    // Raw: fetch refuses to send TRACE, which would echo a request back.
    const trace = await sendRaw(door.url, requestHead('/', { method: 'TRACE', host: 'a' }));
    expect(trace.status).toBe(405);
    expect((await fetch(`${door.url}/ja/login`, { method: 'HEAD' })).status).toBe(200);
    expect(door.pages).toHaveLength(1);
    const api = await fetch(`${door.url}/v1/x`, { method: 'PUT' });
    expect(await api.json()).toEqual({ upstream: 'gateway' });
  });

  it('answers 502 with an envelope when the server behind is down, and keeps serving', async () => {
    const door = await frontDoor({ gatewayUrl: 'http://127.0.0.1:9' });
    const reply = await fetch(`${door.url}/v1/mix/public/usdtRate`);
    expect(reply.status).toBe(502);
    expect(await reply.json()).toMatchObject({ code: GatewayCode.upstreamUnavailable });
    expect(door.errors).toHaveLength(1);
    expect((await fetch(`${door.url}/`)).status).toBe(200);
  });
});
