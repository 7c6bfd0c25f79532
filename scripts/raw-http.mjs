// Raw HTTP/1.1 exchanges for the tests of hostile traffic: bytes sent exactly as written on a
// fresh connection, the reply read until the server closes it. fetch and node:http would
// normalise or refuse to send most of what those tests send.
import { request } from 'node:http';
import { connect } from 'node:net';

/** How long one exchange may take before the server is deemed hung, unless told otherwise. */
const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * A request head that asks the server to close the connection after answering: the request line,
 * a Host header when `host` is given, then `headerLines` (each ending in CRLF) as written.
 */
export function requestHead(target, { method = 'GET', host, headerLines = '' } = {}) {
  const hostLine = host === undefined ? '' : `Host: ${host}\r\n`;
  return `${method} ${target} HTTP/1.1\r\n${hostLine}${headerLines}Connection: close\r\n\r\n`;
}

/** Decodes a chunked body (latin1: a character a byte); returns what it could when cut short. */
function dechunk(text) {
  let rest = text;
  let out = '';
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) return out;
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!Number.isFinite(size) || size === 0) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/**
 * Reads what a server sent. The head is read as latin1 (a byte a character, whatever a hostile
 * header holds); the body is de-chunked on those bytes, then decoded as UTF-8.
 */
function parseReply(raw) {
  const text = raw.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  const head = headEnd === -1 ? text : text.slice(0, headEnd);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers = new Map();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  const rawBody = headEnd === -1 ? '' : text.slice(headEnd + 4);
  const chunked = headers.get('transfer-encoding')?.some((value) => /chunked/i.test(value));
  const body = Buffer.from(chunked ? dechunk(rawBody) : rawBody, 'latin1').toString('utf8');
  return { status, head, headers, body };
}

/**
 * Sends `text` exactly as written (a string as latin1: a character a byte) on a fresh connection
 * to `origin` and reads until the server closes it. A reset after the answer is no failure: the
 * reply read so far is the answer (status 0 when there was none). Rejects only when the server
 * has not closed the connection within `timeoutMs`.
 */
export function sendRaw(origin, text, { timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
  const { hostname, port } = new URL(origin);
  const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
  return new Promise((resolve, reject) => {
    // An IPv6 literal comes bracketed out of a URL.
    const socket = connect(Number(port || 80), hostname.replace(/^\[(.*)\]$/, '$1'));
    const chunks = [];
    const timer = setTimeout(() => {
      socket.destroy();
      const start = JSON.stringify(bytes.subarray(0, 80).toString('latin1'));
      reject(new Error(`${origin} did not answer and close within ${timeoutMs} ms: ${start}`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    // A reset, after the answer or instead of one: the close that follows resolves.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseReply(Buffer.concat(chunks)));
    });
    // Written, not ended: a half-closed request counts as abandoned for Node's servers.
    socket.write(bytes);
  });
}

/**
 * A request through node:http with the path sent exactly as written (fetch would resolve `..`
 * and `%2e%2e` itself) and the body kept as bytes (nothing decoded or decompressed).
 */
export function requestBytes(origin, rawPath, { method = 'GET', headers = {} } = {}) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, path: rawPath, method, headers }, (reply) => {
      const chunks = [];
      reply.on('data', (chunk) => chunks.push(chunk));
      reply.on('end', () =>
        resolve({
          status: reply.statusCode ?? 0,
          headers: reply.headers,
          body: Buffer.concat(chunks),
        }),
      );
      reply.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
