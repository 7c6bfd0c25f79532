import { GatewayCode } from '@exchange-web/protocol/codes';
import { IMAGE_PATH_PREFIX, IMAGE_PROBE_PATH } from '@exchange-web/protocol/images';
import type { Context } from 'hono';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fail } from '../http/envelope-response';

/** The image types served, by file extension; any other file is not served. */
export const IMAGE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Images change only with a deployment; the probe must never come from a cache. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400';
export const PROBE_CACHE_CONTROL = 'no-store';

/** An SVG opened on its own must not run scripts or load anything. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

// One path segment: a plain file or folder name, never `.`, `..` or a hidden file.
const SEGMENT_PATTERN = /^[a-z0-9_-][a-z0-9._-]*$/i;
const MAX_SEGMENTS = 8;

/**
 * The file an image path names inside `dir`, or undefined when it names none we serve: not
 * under the prefix, a segment that does not decode or is not a plain name (`..`, an encoded
 * slash or backslash, a hidden file), or an extension not in {@link IMAGE_CONTENT_TYPES}.
 * `rawPath` is the path as sent (still percent-encoded).
 */
export function imageFileOf(dir: string, rawPath: string): string | undefined {
  if (!rawPath.startsWith(IMAGE_PATH_PREFIX)) return undefined;
  const segments = rawPath.slice(IMAGE_PATH_PREFIX.length).split('/');
  if (segments.length > MAX_SEGMENTS) return undefined;
  const names: string[] = [];
  for (const segment of segments) {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (!SEGMENT_PATTERN.test(name)) return undefined;
    names.push(name);
  }
  const root = path.resolve(dir);
  const file = path.resolve(root, ...names);
  // Belt and braces: the names cannot climb, and the result must still be inside the folder.
  if (!file.startsWith(root + path.sep)) return undefined;
  if (IMAGE_CONTENT_TYPES[path.extname(file).toLowerCase()] === undefined) return undefined;
  return file;
}

async function readImage(file: string): Promise<Buffer | undefined> {
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw error;
  }
}

/**
 * The handler of `GET /images/*`: the files of `dir`, with the headers that let the site's pages
 * on another origin load them (README "Image domains"); a 404 envelope for anything else.
 */
export function createImageHandler(dir: string) {
  return async (c: Context) => {
    const rawPath = new URL(c.req.url).pathname;
    const file = imageFileOf(dir, rawPath);
    const body = file === undefined ? undefined : await readImage(file);
    if (file === undefined || body === undefined) {
      return fail(c, 404, GatewayCode.notFound, `no such image: ${rawPath}`);
    }
    const contentType = IMAGE_CONTENT_TYPES[path.extname(file).toLowerCase()] ?? '';
    const headers: Record<string, string> = {
      'content-type': contentType,
      'content-length': String(body.length),
      'cache-control': rawPath === IMAGE_PROBE_PATH ? PROBE_CACHE_CONTROL : IMAGE_CACHE_CONTROL,
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    };
    if (contentType === IMAGE_CONTENT_TYPES['.svg']) {
      headers['content-security-policy'] = SVG_CONTENT_SECURITY_POLICY;
    }
    return c.body(new Uint8Array(body), 200, headers);
  };
}

/** Coin icons are `coins/{coin}.svg`, the coin in lower case. */
export const COIN_ICON_FOLDER = 'coins';
const COIN_ICON_PATTERN = /^([a-z0-9]+)\.svg$/;

/** The coin icons present in `dir`, by coin (upper case) in alphabetical order, as image paths. */
export async function listCoinIcons(dir: string): Promise<{ coin: string; url: string }[]> {
  let files: string[];
  try {
    files = await readdir(path.join(dir, COIN_ICON_FOLDER));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return files
    .map((file) => COIN_ICON_PATTERN.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([file = '', coin = '']) => ({
      coin: coin.toUpperCase(),
      url: `${IMAGE_PATH_PREFIX}${COIN_ICON_FOLDER}/${file}`,
    }))
    .sort((a, b) => (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0));
}
