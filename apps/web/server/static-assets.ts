import Negotiator from 'negotiator';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Where Next serves its build's scripts and stylesheets from. */
const STATIC_PATH_PREFIX = '/_next/static/';

/** The suffix of the brotli copy the build writes beside each file (scripts/precompress-static). */
const BROTLI_SUFFIX = '.br';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

// A build file's path below the prefix: folders and names of letters, digits, `_`, `-`, `~`, `@`,
// brackets (a dynamic page's chunk: `pages/spot/[symbol]-1a2b.js`) and dots, never a segment that
// starts with a dot (`.`, `..`, hidden files).
const BUILD_FILE = /^(?:[\w~@[\]-][\w.~@[\]-]*\/)*[\w~@[\]-][\w.~@[\]-]*\.(?:js|css)$/;

/** A build file's name is its content's hash: a year, never revalidated, as Next sends them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StaticAssets {
  /**
   * Sends the brotli copy of a build script or stylesheet when the request is for one, the
   * browser accepts brotli and the copy exists, and answers true; answers false, having sent
   * nothing, for anything else, which Next then serves as it always does.
   */
  serve(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
}

/** The build file a request target names (below the static prefix), or undefined. */
function buildFileOf(target: string | undefined): string | undefined {
  if (!target?.startsWith(STATIC_PATH_PREFIX)) return undefined;
  const pathname = target.split(/[?#]/, 1)[0] ?? '';
  // As sent, but for the brackets a browser encodes: nothing else of a build file's name is ever
  // encoded, so `%2e%2e` or `%2f` stays as it is, and is no build file.
  const relative = pathname
    .slice(STATIC_PATH_PREFIX.length)
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');
  return BUILD_FILE.test(relative) ? relative : undefined;
}

/**
 * The build's scripts and stylesheets in brotli, from the copies the build wrote beside them
 * (issue 18): Next compresses with gzip only, and brotli makes a page's scripts about a sixth
 * smaller on a phone's network. The copy is streamed from disk, never compressed on a request.
 * @param staticDir the build's static folder (`.next/static`)
 * @example
 * const assets = createStaticAssets(path.join(dir, '.next/static'));
 * if (!(await assets.serve(request, response))) await handlePage(request, response);
 */
export function createStaticAssets(staticDir: string): StaticAssets {
  return {
    async serve(request, response) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const relative = buildFileOf(request.url);
      if (relative === undefined) return false;
      if (new Negotiator(request).encoding(['br', 'identity']) !== 'br') return false;
      const file = path.join(staticDir, `${relative}${BROTLI_SUFFIX}`);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return false;
        size = info.size;
      } catch {
        // No copy (a file the build did not compress): Next sends it as before.
        return false;
      }
      response.statusCode = 200;
      response.setHeader('content-type', CONTENT_TYPES[path.extname(relative)] ?? 'text/plain');
      response.setHeader('content-encoding', 'br');
      response.setHeader('content-length', size);
      response.setHeader('vary', 'Accept-Encoding');
      response.setHeader('cache-control', IMMUTABLE);
      if (request.method === 'HEAD') {
        response.end();
        return true;
      }
      try {
        await pipeline(createReadStream(file), response);
      } catch {
        // The visitor went away, or the file vanished mid-send (a rebuild): the length was
        // promised, so the connection ends rather than pretending the body is whole.
        response.destroy();
      }
      return true;
    },
  };
}
