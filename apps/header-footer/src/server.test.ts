/// <reference types="node" />
// The header-footer server over real HTTP, as hostile traffic reaches it through the site: raw
// request lines on a socket (fetch and node:http would normalise or refuse them before sending).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib.mjs';
import { requestHead, sendRaw } from '../../../scripts/raw-http.mjs';

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
});
