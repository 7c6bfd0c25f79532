// Serves the built header-footer remote (dist/) on its own port, apart from the site.
//
// Visitors reach it through the site (/_mfe/header-footer/*), so anything may arrive: it answers
// every request it cannot serve with a 4xx and keeps running. It serves only the built assets
// (see `assetName`), never source maps, hidden files or anything outside the folder.
import { createReadStream } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { answerParserErrors, refuseOnSocket } from '@exchange-web/node-guards/parser-errors';
import Negotiator from 'negotiator';

// HEADER_FOOTER_DIST serves another build folder (the e2e tests swap builds without touching dist/).
const root = path.resolve(
  process.env.HEADER_FOOTER_DIST ||
    path.join(path.dirname(new URL(import.meta.url).pathname), 'dist'),
);
const port = Number(process.env.HEADER_FOOTER_PORT || 4200);
const host = process.env.HEADER_FOOTER_HOST || '127.0.0.1';

/** The built assets served, by extension: the remote's entry and chunks (and any stylesheet). */
const types = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const METHODS = 'GET, HEAD';
const MAX_URL_LENGTH = 1024;
// One plain file name: letters, digits, `_`, `-` and dots, never a leading dot (`.`, `..`, hidden).
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
/**
 * How a visitor may receive an asset, best first: every page loads the entry, and compressed it is
 * a third of its size on a phone's network (issue 18). Compressed in zlib's thread pool, never on
 * the event loop, once per build of a file (see `compressedAsset`).
 */
const COMPRESSORS = {
  br: promisify((input, done) =>
    brotliCompress(input, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }, done),
  ),
  gzip: promisify((input, done) => gzip(input, { level: 9 }, done)),
};
const ENCODINGS = ['br', 'gzip', 'identity'];
// A handful of built files exist; the bound only keeps a rebuild loop from growing the cache.
const MAX_CACHED = 64;
/** Compressed bodies by file and encoding, each for the size and time of the file it was made of. */
const compressed = new Map();

/**
 * The asset's body in `encoding`, made once per version of the file (its size and mtime): a
 * rebuilt remote is compressed anew on its first request.
 */
function compressedAsset(file, info, encoding) {
  const key = `${encoding}:${file}`;
  const cached = compressed.get(key);
  if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) return cached.body;
  const body = readFile(file).then((bytes) => COMPRESSORS[encoding](bytes));
  // A failed read (the file vanished mid-rebuild) is not kept: the next request tries again.
  body.catch(() => compressed.delete(key));
  compressed.delete(key);
  compressed.set(key, { size: info.size, mtimeMs: info.mtimeMs, body });
  if (compressed.size > MAX_CACHED) compressed.delete(compressed.keys().next().value);
  return body;
}

/** On every reply, the error replies the HTTP parser makes included. */
const NOSNIFF = { 'x-content-type-options': 'nosniff' };

/**
 * The file name a request path (as sent, still percent-encoded, query removed) names, or a
 * status to refuse it with: 400 when it does not decode, 404 when it decodes to anything but one
 * plain name of an asset type (a slash or backslash, encoded or not, `..`, NUL, `.map`, ...).
 */
function assetName(rawPath) {
  if (!rawPath.startsWith('/')) return { status: 400 };
  let name;
  try {
    name = decodeURIComponent(rawPath.slice(1));
  } catch {
    return { status: 400 };
  }
  if (!ASSET_NAME.test(name) || !Object.hasOwn(types, path.extname(name))) return { status: 404 };
  return { name };
}

function reply(response, status, headers = {}, body = '') {
  response.writeHead(status, {
    ...NOSNIFF,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}

async function handle(request, response) {
  const url = request.url ?? '';
  if (url.length > MAX_URL_LENGTH) return reply(response, 414, {}, 'URI too long');
  if (request.headers.host === undefined && request.httpVersion !== '1.0') {
    return reply(response, 400, {}, 'no host');
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return reply(response, 405, { allow: METHODS }, 'method not allowed');
  }
  // Only the origin form (`/path?query`): not `*`, not an absolute URL. No URL parser here: it
  // would resolve `..` and `%2e%2e` before the check below could refuse them.
  const query = url.indexOf('?');
  const rawPath = query === -1 ? url : url.slice(0, query);
  if (rawPath === '/healthz') {
    return reply(response, 200, { 'content-type': 'application/json' }, '{"status":"ok"}');
  }
  const asset = assetName(rawPath);
  if (asset.name === undefined) {
    return reply(response, asset.status, {}, asset.status === 400 ? 'bad request' : 'not found');
  }
  const file = path.join(root, asset.name);
  let info;
  try {
    // lstat: a symbolic link is not a built asset, wherever it points.
    info = await lstat(file);
  } catch {
    info = undefined;
  }
  if (!info?.isFile()) return reply(response, 404, {}, 'not found');
  const headers = {
    ...NOSNIFF,
    'content-type': types[path.extname(file)],
    // The entry is re-read on every page load so a rebuilt remote shows without rebuilding the site.
    'cache-control': 'no-cache',
    'access-control-allow-origin': '*',
    vary: 'accept-encoding',
  };
  // An Accept-Encoding that refuses even identity still gets the plain file (RFC 9110 12.5.3).
  const encoding =
    new Negotiator(request).encoding(ENCODINGS, { preferred: ENCODINGS }) ?? 'identity';
  if (encoding !== 'identity') {
    // A file gone between the look and the read (a rebuild) is as missing as one never built.
    const body = await compressedAsset(file, info, encoding).catch(() => undefined);
    if (!body) return reply(response, 404, {}, 'not found');
    response.writeHead(200, {
      ...headers,
      'content-encoding': encoding,
      'content-length': body.length,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  response.writeHead(200, { ...headers, 'content-length': info.size });
  if (request.method === 'HEAD') return response.end();
  // The file may vanish between the look and the read (a rebuild): the reply is cut short then.
  await pipeline(createReadStream(file), response);
}

// Node would answer a request without a Host header itself, without the nosniff header.
const server = createServer({ requireHostHeader: false }, (request, response) => {
  handle(request, response).catch((error) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    console.error(error);
    reply(response, 500, {}, 'internal error');
  });
});

// What the HTTP parser refuses gets its status with the nosniff header every reply carries; a
// method the parser does not even know (BREW) is refused like one it knows (POST).
server.on('clientError', answerParserErrors({ headers: NOSNIFF, allow: METHODS }));
// CONNECT goes to this event, not to the request handler: without it Node drops the connection.
server.on('connect', (_request, socket) =>
  refuseOnSocket(socket, 405, { ...NOSNIFF, allow: METHODS }),
);
// An `Expect` other than 100-continue: Node answers 417 itself, without the header.
server.on('checkExpectation', (_request, response) => {
  reply(response, 417, {}, 'expectation failed');
});

server.listen(port, host, () => console.log(`header-footer listening on http://${host}:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
