import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressStatic } from '../../../scripts/precompress-static.mjs';
import { requestBytes } from '../../../scripts/raw-http.mjs';
import { createStaticAssets } from './static-assets';

// A build's static folder as `next build` leaves it, compressed by the build step, behind a
// server that answers what the static assets did not serve as Next would (here: a marker).
const SCRIPT = `globalThis.page = ${JSON.stringify('a script '.repeat(400))};\n`;
const STYLES = `.page { color: red; }\n`.repeat(50);

let dir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'static-assets-'));
  await mkdir(path.join(dir, 'chunks'), { recursive: true });
  await writeFile(path.join(dir, 'chunks/0abc-_~def.js'), SCRIPT);
  await mkdir(path.join(dir, 'chunks/pages/spot'), { recursive: true });
  await writeFile(path.join(dir, 'chunks/pages/spot/[symbol]-1a2b.js'), SCRIPT);
  await writeFile(path.join(dir, 'chunks/page.css'), STYLES);
  await writeFile(path.join(dir, 'chunks/uncompressed.js'), SCRIPT);
  await writeFile(path.join(dir, '.hidden.js'), SCRIPT);
  expect(await precompressStatic(dir)).toBe(5);
  // A file the build did not compress (written after the step).
  await unlink(path.join(dir, 'chunks/uncompressed.js.br'));
  await writeFile(path.join(dir, 'build-manifest.json'), '{}');
  await writeFile(path.join(dir, 'build-manifest.json.br'), '{}');
  const assets = createStaticAssets(dir);
  server = createServer((request, response) => {
    void assets.serve(request, response).then((served) => {
      if (!served) response.end('next');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const withBrotli = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('static assets in brotli', () => {
  it('sends a script as its brotli copy, typed, immutable and varying by encoding', async () => {
    const reply = await requestBytes(origin, '/_next/static/chunks/0abc-_~def.js?dpl=1', {
      headers: withBrotli,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers).toMatchObject({
      'content-type': 'application/javascript; charset=utf-8',
      'content-encoding': 'br',
      'content-length': String(reply.body.length),
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT);
    expect(reply.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it("sends a dynamic page's chunk, its brackets encoded as a browser sends them or not", async () => {
    for (const target of [
      '/_next/static/chunks/pages/spot/%5Bsymbol%5D-1a2b.js',
      '/_next/static/chunks/pages/spot/%5bsymbol%5d-1a2b.js',
      '/_next/static/chunks/pages/spot/[symbol]-1a2b.js',
    ]) {
      const reply = await requestBytes(origin, target, { headers: withBrotli });
      expect(reply.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT);
    }
  });

  it('sends a stylesheet the same way', async () => {
    const reply = await requestBytes(origin, '/_next/static/chunks/page.css', {
      headers: withBrotli,
    });
    expect(reply.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(brotliDecompressSync(reply.body).toString()).toBe(STYLES);
  });

  it('answers HEAD with the headers and no body', async () => {
    const reply = await requestBytes(origin, '/_next/static/chunks/page.css', {
      method: 'HEAD',
      headers: withBrotli,
    });
    expect(reply.status).toBe(200);
    expect(Number(reply.headers['content-length'])).toBeGreaterThan(0);
    expect(reply.body.length).toBe(0);
  });

  it.each([
    ['a browser that does not take brotli', '/_next/static/chunks/page.css', 'gzip, deflate'],
    ['a browser that refuses brotli', '/_next/static/chunks/page.css', 'br;q=0, gzip'],
    ['no Accept-Encoding at all', '/_next/static/chunks/page.css', undefined],
    ['a file without a copy', '/_next/static/chunks/uncompressed.js', 'br'],
    ['a file that does not exist', '/_next/static/chunks/missing.js', 'br'],
    ['a file of another type', '/_next/static/build-manifest.json', 'br'],
    ['a path outside the static folder', '/chunks/page.css', 'br'],
    ['a hidden file', '/_next/static/.hidden.js', 'br'],
    ['a climb out of the folder', '/_next/static/../static/chunks/page.css', 'br'],
    ['an encoded climb', '/_next/static/%2e%2e/static/chunks/page.css', 'br'],
    ['an encoded slash', '/_next/static/chunks%2fpage.css', 'br'],
    ['an encoded climb beside a bracket', '/_next/static/%5B%2e%2e/chunks/page.css', 'br'],
    ['a backslash', '/_next/static/chunks\\page.css', 'br'],
  ])('leaves %s to Next', async (_case, target, acceptEncoding) => {
    const reply = await requestBytes(origin, target, {
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.toString()).toBe('next');
  });

  it('leaves a method other than GET and HEAD to Next', async () => {
    const reply = await requestBytes(origin, '/_next/static/chunks/page.css', {
      method: 'POST',
      headers: withBrotli,
    });
    expect(reply.body.toString()).toBe('next');
  });
});
