/// <reference types="node" />
// The header-footer server over real HTTP, as hostile traffic reaches it through the site: raw
// request lines on a socket (fetch and node:http would normalise or refuse them before sending).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib.mjs';
import { requestBytes, requestHead, sendRaw } from '../../../scripts/raw-http.mjs';

const SERVER = fileURLToPath(new URL('../server.mjs', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
const ENTRY = 'console.log("the header-footer entry");\n';
// Beside the served folder: what a traversal would reach.
const SECRET = 'secret beside the build';

/** Sends `request` as written on a fresh connection; resolves with what came back. */
const raw = (port: number, request: string) => sendRaw(`http://127.0.0.1:${port}`, request);

const get = (target: string, method = 'GET', headers = '') =>
  requestHead(target, { method, host: '127.0.0.1', headerLines: headers });

const MALFORMED: [string, string][] = [
  ['a lone %', get('/%')],
  ['an escape that is no hex', get('/%zz')],
  ['an overlong UTF-8 slash', get('/%c0%af')],
  ['a truncated UTF-8 sequence', get('/remoteEntry%E2%82.js')],
  ['a NUL', get('/%00')],
  ['a NUL after the name', get('/remoteEntry.js%00.js')],
  ['a dot-dot', get('/../secret.js')],
  ['a dot-dot in the middle', get('/x/../../secret.js')],
  ['an encoded dot-dot', get('/%2e%2e/secret.js')],
  ['an encoded dot-dot and slash', get('/%2e%2e%2fsecret.js')],
  ['an encoded slash', get('/..%2fsecret.js')],
  ['an encoded backslash', get('/..%5csecret.js')],
  ['a backslash', get('/..\\secret.js')],
  ['a double-encoded dot-dot', get('/%252e%252e%252fsecret.js')],
  ['two slashes', get('//etc/passwd')],
  ['an absolute path, encoded', get('/%2fetc%2fpasswd')],
  ['a hidden file', get('/.hidden.js')],
  ['a source map', get('/remoteEntry.js.map')],
  ['a file that is not an asset', get('/notes.txt')],
  ['the asterisk form', get('*')],
  ['the absolute form', get('http://127.0.0.1/remoteEntry.js')],
  ['a long URL', get(`/${'a'.repeat(4_000)}.js`)],
  ['a URL longer than the headers may be', get(`/${'a'.repeat(20_000)}.js`)],
  ['a header with a space in its name', get('/remoteEntry.js', 'GET', 'Bad Name: x\r\n')],
  ['a header without a colon', get('/remoteEntry.js', 'GET', 'no-colon\r\n')],
  [
    'two content lengths',
    get('/remoteEntry.js', 'GET', 'Content-Length: 1\r\nContent-Length: 2\r\n'),
  ],
  ['an unknown expectation', get('/remoteEntry.js', 'GET', 'Expect: the-unexpected\r\n')],
  ['no Host header', 'GET /remoteEntry.js HTTP/1.1\r\nConnection: close\r\n\r\n'],
  ['no request line at all', '\u0000\u0001\u0002\r\n\r\n'],
];

const METHODS: string[] = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'BREW'];

describe('the header-footer server under hostile requests', () => {
  let dir = '';
  let dist = '';
  let port = 0;
  let child: ChildProcess;
  let output = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'header-footer-server-'));
    dist = path.join(dir, 'dist');
    await mkdir(dist);
    await writeFile(path.join(dist, 'remoteEntry.js'), ENTRY);
    await writeFile(
      path.join(dist, 'remoteEntry.js.map'),
      JSON.stringify({ version: 3, sources: [`${REPO_ROOT}/apps/header-footer/src/Header.tsx`] }),
    );
    await writeFile(path.join(dist, '.hidden.js'), SECRET);
    await writeFile(path.join(dist, 'notes.txt'), SECRET);
    await writeFile(path.join(dir, 'secret.js'), SECRET);
    port = await freePort();
    child = spawn(process.execPath, [SERVER], {
      env: { ...process.env, HEADER_FOOTER_DIST: dist, HEADER_FOOTER_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not listen: ${output}`);
      const reply = await raw(port, get('/healthz')).catch(() => undefined);
      if (reply?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it.each(MALFORMED)('answers %s with a 4xx and nosniff, and keeps serving', async (_, request) => {
    const reply = await raw(port, request);
    expect(reply.status, reply.head).toBeGreaterThanOrEqual(400);
    expect(reply.status, reply.head).toBeLessThan(500);
    expect(reply.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(reply.body).not.toContain(SECRET);
    expect(reply.body).not.toContain(REPO_ROOT);
    expect(child.exitCode, output).toBeNull();
  });

  it.each(METHODS)('refuses %s with a 405 that names the methods allowed', async (method) => {
    const reply = await raw(port, get('/remoteEntry.js', method));
    expect(reply.status, reply.head).toBe(405);
    expect(reply.head.toLowerCase()).toContain('allow: get, head');
    expect(reply.head.toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  it('refuses CONNECT with a 405 rather than dropping the connection', async () => {
    const reply = await raw(port, 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n');
    expect(reply.status, reply.head).toBe(405);
    expect(reply.head.toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  it('still answers its health check and serves the entry afterwards', async () => {
    const health = await raw(port, get('/healthz'));
    expect(health.status).toBe(200);
    expect(health.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(health.body).toBe('{"status":"ok"}');

    const entry = await raw(port, get('/remoteEntry.js?v=1'));
    expect(entry.status).toBe(200);
    expect(entry.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(entry.head.toLowerCase()).toContain('content-type: text/javascript');
    expect(entry.body).toBe(ENTRY);

    const head = await raw(port, get('/remoteEntry.js', 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.head.toLowerCase()).toContain(`content-length: ${Buffer.byteLength(ENTRY)}`);
    expect(head.body).toBe('');

    const missing = await raw(port, get('/missing.js'));
    expect(missing.status).toBe(404);
    expect(missing.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(child.exitCode, output).toBeNull();
  });

  describe('compression', () => {
    // Big enough that compressing it pays, as the real entry does.
    const BIG_ENTRY = `${'console.log("the header-footer entry, built for compression");\n'.repeat(200)}`;
    beforeAll(async () => {
      await writeFile(path.join(dist, 'big.js'), BIG_ENTRY);
    });
    /** The big file, asked with these headers, its body as sent (not decompressed). */
    const big = (headers: Record<string, string>, method = 'GET') =>
      requestBytes(`http://127.0.0.1:${port}`, '/big.js', { headers, method });

    it('sends brotli to a browser that takes it, a fraction of the size, marked to vary', async () => {
      const reply = await big({
        'accept-encoding': 'gzip, deflate, br, zstd',
      });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers.vary).toBe('accept-encoding');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
      expect(reply.body.length).toBeLessThan(Buffer.byteLength(BIG_ENTRY) / 10);
      expect(brotliDecompressSync(reply.body).toString()).toBe(BIG_ENTRY);
    });

    it('sends gzip when brotli is refused or unknown to the client', async () => {
      for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=0.5, identity;q=0.1']) {
        const reply = await big({ 'accept-encoding': accept });
        expect(reply.headers['content-encoding'], accept).toBe('gzip');
        expect(gunzipSync(reply.body).toString(), accept).toBe(BIG_ENTRY);
      }
    });

    it('sends the plain file without an Accept-Encoding, or with one it cannot read', async () => {
      for (const accept of [undefined, 'identity', ';;;q=x', 'compress', 'br;q=0, gzip;q=0']) {
        const reply = await big(accept === undefined ? {} : { 'accept-encoding': accept });
        expect(reply.status, accept).toBe(200);
        expect(reply.headers['content-encoding'], accept).toBeUndefined();
        expect(reply.headers.vary, accept).toBe('accept-encoding');
        expect(reply.body.toString(), accept).toBe(BIG_ENTRY);
      }
    });

    it('answers HEAD with the compressed length and no body', async () => {
      const full = await big({ 'accept-encoding': 'br' });
      const head = await big({ 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-length']).toBe(String(full.body.length));
      expect(head.body.length).toBe(0);
    });

    it('compresses a rebuilt file anew instead of serving the old build', async () => {
      const before = await big({ 'accept-encoding': 'br' });
      const rebuilt = BIG_ENTRY.replace('entry', 'rebuilt entry');
      await writeFile(path.join(dist, 'big.js'), rebuilt);
      // The same size would hide a rebuild within one clock tick: its time moves on as a build's does.
      const later = new Date(Date.now() + 5_000);
      await utimes(path.join(dist, 'big.js'), later, later);
      const after = await big({ 'accept-encoding': 'br' });
      expect(brotliDecompressSync(before.body).toString()).toBe(BIG_ENTRY);
      expect(brotliDecompressSync(after.body).toString()).toBe(rebuilt);
    });
  });
});
