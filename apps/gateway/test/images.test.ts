import { GatewayCode } from '@exchange-web/protocol/codes';
import {
  IMAGE_PROBE_PATH,
  IMAGE_PROBE_QUERY_PARAM,
  ImagePath,
} from '@exchange-web/protocol/images';
import { ApiPath } from '@exchange-web/protocol/paths';
import { coinIconsReplySchema, domainConfigReplySchema } from '@exchange-web/protocol/schemas';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBytes, requestHead, sendRaw } from '../../../scripts/raw-http.mjs';
import { IMAGE_ASSETS_DIR, type ImageServer } from '../src/config';
import type { RunningGateway } from '../src/server';
import { call, startTestGateway } from './support';

const SLOW_DELAY_MS = 400;

/** A request as written, with `Connection: close` (node:http would refuse to send most of these). */
const rawRequest = (target: string, method = 'GET', headers = 'Host: 127.0.0.1\r\n') =>
  requestHead(target, { method, headerLines: headers });

/** The status `text` is answered with on a fresh connection (0 when it closes without one). */
const rawStatus = async (origin: string, text: string) => (await sendRaw(origin, text)).status;

const assetBytes = (file: string) => readFile(path.join(IMAGE_ASSETS_DIR, file));

describe('domain config', () => {
  it('answers empty lists by default', async () => {
    const gateway = await startTestGateway();
    try {
      const { status, json } = await call(gateway, 'GET', ApiPath.domainConfigList);
      expect(status).toBe(200);
      expect(json?.code).toBe('00000');
      expect(domainConfigReplySchema.parse(json?.data)).toEqual({
        imgDomainConfig: { foreignDomainList: [], internalDomainList: [] },
      });
    } finally {
      await gateway.stop();
    }
  });

  it('answers the configured lists in their order', async () => {
    const foreign = ['http://127.0.0.1:4303', 'http://127.0.0.1:4302', 'https://img.example.com'];
    const internal = ['https://img.example.cn'];
    const gateway = await startTestGateway({
      imageForeignDomains: foreign,
      imageInternalDomains: internal,
    });
    try {
      const { json } = await call(gateway, 'GET', ApiPath.domainConfigList);
      expect(domainConfigReplySchema.parse(json?.data)).toEqual({
        imgDomainConfig: { foreignDomainList: foreign, internalDomainList: internal },
      });
      const wrongMethod = await call(gateway, 'POST', ApiPath.domainConfigList, '{}');
      expect(wrongMethod.status).toBe(405);
    } finally {
      await gateway.stop();
    }
  });
});

describe('images and the extra image origins', () => {
  let gateway: RunningGateway;
  let fast: string;
  let slow: string;
  const servers: ImageServer[] = [
    { host: '127.0.0.1', port: 0, delayMs: 0 },
    { host: '127.0.0.1', port: 0, delayMs: SLOW_DELAY_MS },
  ];

  beforeAll(async () => {
    gateway = await startTestGateway({ imageServers: servers });
    [fast = '', slow = ''] = gateway.imageUrls;
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('reports the origins of the extra listeners with the ports they got', () => {
    expect(gateway.imageUrls).toHaveLength(2);
    for (const url of gateway.imageUrls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fast).not.toBe(slow);
  });

  it('serves the probe as a PNG that is never cached, loadable from any origin', async () => {
    const response = await fetch(
      `${gateway.url}${IMAGE_PROBE_PATH}?${IMAGE_PROBE_QUERY_PARAM}=${Math.random()}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    // A 1×1 image: the IHDR width and height.
    expect(bytes.readUInt32BE(16)).toBe(1);
    expect(bytes.readUInt32BE(20)).toBe(1);
    expect(bytes).toEqual(await assetBytes('probe.png'));
  });

  it('serves an SVG icon cacheable for a day, with a policy that forbids scripts', async () => {
    const response = await fetch(`${gateway.url}/images/coins/btc.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const text = await response.text();
    expect(text).toContain('<svg');
    expect(text).not.toContain('<script');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${gateway.url}/images/coins/eth.svg`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toBe('');
  });

  it.each([
    '/images/nothing.png',
    '/images/coins/xyz.svg',
    '/images/coins',
    '/images/coins/',
    '/images/',
    '/images/probe.PNG.txt',
  ])('answers a 404 envelope for %s', async (imagePath) => {
    const { status, json, headers } = await call(gateway, 'GET', imagePath);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('application/json');
    expect(json).toMatchObject({ code: GatewayCode.notFound, data: null });
  });

  it.each([
    '/images/../package.json',
    '/images/coins/../../package.json',
    '/images/%2e%2e/package.json',
    '/images/%2E%2E/%2E%2E/package.json',
    '/images/..%2fpackage.json',
    '/images/..%2F..%2Fpackage.json',
    '/images/%2e%2e%2f%2e%2e%2fpackage.json',
    '/images/coins/..%2f..%2f..%2fpackage.json',
    '/images/..%5c..%5cpackage.json',
    '/images/%252e%252e/package.json',
    '/images/.%2e/.%2e/package.json',
    '/images//etc/passwd',
    '/images/%2fetc%2fpasswd',
    '/images/%00.png',
    '/images/%e0%a4%a.png',
    '/images/../src/config.ts',
    '/images/.hidden.png',
  ])('refuses the traversal attempt %s', async (rawPath) => {
    for (const origin of [gateway.url, fast]) {
      const response = await requestBytes(origin, rawPath);
      expect([400, 404]).toContain(response.status);
      const text = response.body.toString('utf8');
      expect(text).not.toContain('@exchange-web/gateway');
      expect(text).not.toContain('root:');
      expect(text).not.toContain('import ');
    }
  });

  it.each([
    ['a lone % at the root', rawRequest('/%')],
    ['a lone % in an image path', rawRequest('/images/%')],
    ['a lone % in a folder', rawRequest('/images/coins/%/btc.svg')],
    ['an escape that is no hex', rawRequest('/images/%zz.png')],
    ['an escape that is no hex outside the images', rawRequest('/%zz')],
    ['an overlong UTF-8 slash', rawRequest('/images/%c0%af..%c0%afpackage.json')],
    ['a truncated UTF-8 sequence', rawRequest('/images/probe%E2%82.png')],
    ['a NUL', rawRequest('/images/probe.png%00.svg')],
    ['a backslash', rawRequest('/images/..\\package.json')],
    ['the asterisk form', rawRequest('*')],
    ['a long URL', rawRequest(`/images/${'a'.repeat(20_000)}.png`)],
    ['a Host header with a path in it', rawRequest('/images/probe.png', 'GET', 'Host: a/../b\r\n')],
    ['a Host header with a %', rawRequest('/images/probe.png', 'GET', 'Host: %\r\n')],
    ['no Host header', rawRequest('/images/probe.png', 'GET', '')],
    [
      'a header with a space in its name',
      rawRequest('/images/probe.png', 'GET', 'Bad Name: x\r\n'),
    ],
    ['an unknown method', rawRequest('/images/probe.png', 'BREW')],
    ['a POST', rawRequest('/images/probe.png', 'POST', 'Host: 127.0.0.1\r\nContent-Length: 0\r\n')],
  ])('answers %s with a 4xx on an extra origin, and keeps serving', async (_, text) => {
    const status = await rawStatus(fast, text);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(await rawStatus(fast, rawRequest(IMAGE_PROBE_PATH))).toBe(200);
  });

  it('serves the same bytes on the extra origins, and nothing but images there', async () => {
    for (const file of ['probe.png', 'coins/btc.svg', 'coins/doge.svg']) {
      const expected = await assetBytes(file);
      for (const origin of [gateway.url, fast, slow]) {
        const response = await fetch(`${origin}/images/${file}`);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer())).toEqual(expected);
      }
    }
    const probe = await fetch(`${fast}${IMAGE_PROBE_PATH}?${IMAGE_PROBE_QUERY_PARAM}=1`);
    expect(probe.headers.get('cache-control')).toBe('no-store');
    expect(probe.headers.get('access-control-allow-origin')).toBe('*');
    for (const apiPath of ['/healthz', ApiPath.domainConfigList, ImagePath.coinIcons]) {
      const { status, json } = await call({ ...gateway, url: fast }, 'GET', apiPath);
      expect(status).toBe(404);
      expect(json?.code).toBe(GatewayCode.notFound);
    }
  });

  it('answers on the slow origin only after its delay', async () => {
    const started = performance.now();
    const response = await fetch(`${slow}${IMAGE_PROBE_PATH}?${IMAGE_PROBE_QUERY_PARAM}=2`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_DELAY_MS);
  });

  it('lists the coin icons present, as paths on the default host', async () => {
    const { status, json } = await call(gateway, 'GET', ImagePath.coinIcons);
    expect(status).toBe(200);
    const reply = coinIconsReplySchema.parse(json?.data);
    expect(reply.icons).toEqual([
      { coin: 'BTC', url: '/images/coins/btc.svg' },
      { coin: 'DOGE', url: '/images/coins/doge.svg' },
      { coin: 'ETH', url: '/images/coins/eth.svg' },
      { coin: 'SOL', url: '/images/coins/sol.svg' },
      { coin: 'USDT', url: '/images/coins/usdt.svg' },
    ]);
    for (const { url } of reply.icons) {
      const response = await fetch(gateway.url + url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
    }
  });
});

describe('starting and stopping the extra image origins', () => {
  it('refuses to start when an image port is taken, naming it', async () => {
    const first = await startTestGateway({
      imageServers: [{ host: '127.0.0.1', port: 0, delayMs: 0 }],
    });
    const taken = Number(new URL(first.imageUrls[0] ?? '').port);
    try {
      await expect(
        startTestGateway({
          imageServers: [
            { host: '127.0.0.1', port: 0, delayMs: 0 },
            { host: '127.0.0.1', port: taken, delayMs: 0 },
          ],
        }),
      ).rejects.toThrow(`127.0.0.1:${taken}`);
    } finally {
      await first.stop();
    }
  });

  it('stops the extra origins with the gateway', async () => {
    const gateway = await startTestGateway({
      imageServers: [{ host: '127.0.0.1', port: 0, delayMs: 0 }],
    });
    const [origin = ''] = gateway.imageUrls;
    expect((await fetch(`${origin}${IMAGE_PROBE_PATH}`)).status).toBe(200);
    await gateway.stop();
    await expect(fetch(`${origin}${IMAGE_PROBE_PATH}`)).rejects.toThrow();
  });
});
