// Serves the built header-footer remote (dist/) on its own port, apart from the site.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

// HEADER_FOOTER_DIST serves another build folder (the e2e tests swap builds without touching dist/).
const root = path.resolve(
  process.env.HEADER_FOOTER_DIST ||
    path.join(path.dirname(new URL(import.meta.url).pathname), 'dist'),
);
const port = Number(process.env.HEADER_FOOTER_PORT || 4200);
const host = process.env.HEADER_FOOTER_HOST || '127.0.0.1';
const types = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.map': 'application/json',
};

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://local');
  if (url.pathname === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const file = path.join(
    root,
    path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''),
  );
  if (!file.startsWith(root + path.sep)) {
    response.writeHead(404).end();
    return;
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      // The entry is re-read on every page load so a rebuilt remote shows without rebuilding the site.
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*',
    });
    createReadStream(file).pipe(response);
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});

server.listen(port, host, () => console.log(`header-footer listening on http://${host}:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
