// Serves the built header-footer remote (dist/) on its own port, apart from the site.
//
// Visitors reach it through the site (/_mfe/header-footer/*), so anything may arrive: it answers
// every request it cannot serve with a 4xx and keeps running. It serves only the built assets
// (see `assetName`), never source maps, hidden files or anything outside the folder.
import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { answerParserErrors, refuseOnSocket } from '@exchange-web/node-guards/parser-errors';

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
  response.writeHead(200, {
    ...NOSNIFF,
    'content-type': types[path.extname(file)],
    'content-length': info.size,
    // The entry is re-read on every page load so a rebuilt remote shows without rebuilding the site.
    'cache-control': 'no-cache',
    'access-control-allow-origin': '*',
  });
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
