import { randomBytes } from 'node:crypto';

/** A fresh nonce for one response's scripts. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * The site's Content-Security-Policy (issue: strict, with nonces, no inline scripts). Inline
 * scripts run only with this response's nonce; script files only from this origin (Next's chunks,
 * the header-footer remote under /_mfe/). No 'strict-dynamic': it would trust any script a page
 * script creates, an injected one included. Styles may be inline: antd writes its CSS at run time.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
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
