import { IMAGE_DOMAIN_PATTERN } from '@exchange-web/protocol/images';
import { randomBytes } from 'node:crypto';

/** A fresh nonce for one response's scripts. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * The image origins of IMAGE_DOMAINS (a comma list, read at request time so one build serves any
 * deployment), each checked against IMAGE_DOMAIN_PATTERN; a bad entry is left out with a warning.
 */
export function configuredImageOrigins(
  value: string | undefined = process.env.IMAGE_DOMAINS,
  warn: (message: string) => void = (message) => console.warn(message),
): string[] {
  const origins: string[] = [];
  for (const entry of (value ?? '').split(',')) {
    const origin = entry.trim().replace(/\/+$/, '');
    if (origin === '') continue;
    if (!IMAGE_DOMAIN_PATTERN.test(origin)) {
      warn(`IMAGE_DOMAINS: ignored ${JSON.stringify(entry.trim())}, not an origin`);
      continue;
    }
    if (!origins.includes(origin.toLowerCase())) origins.push(origin.toLowerCase());
  }
  return origins;
}

// IMAGE_DOMAINS read again only when it changed, so a bad entry warns once, not on every response.
let lastRead: { value: string | undefined; origins: string[] } | undefined;
function currentImageOrigins(): string[] {
  const value = process.env.IMAGE_DOMAINS;
  if (lastRead?.value !== value || lastRead === undefined)
    lastRead = { value, origins: configuredImageOrigins(value) };
  return lastRead.origins;
}

/**
 * The site's Content-Security-Policy (issue: strict, with nonces, no inline scripts). Inline
 * scripts run only with this response's nonce; script files only from this origin (Next's chunks,
 * the header-footer remote under /_mfe/). No 'strict-dynamic': it would trust any script a page
 * script creates, an injected one included. Styles may be inline: antd writes its CSS at run time.
 * Images may also come from the configured image domains (SPEC 4), plain-http ones included.
 */
export function contentSecurityPolicy(
  nonce: string,
  imageOrigins: readonly string[] = currentImageOrigins(),
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob: https:", ...imageOrigins].join(' '),
    "font-src 'self' data:",
    // The challenge widget solves its proof of work in workers it makes from blob: URLs.
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
