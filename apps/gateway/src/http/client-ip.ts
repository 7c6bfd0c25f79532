import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The visitor's address. The site proxies API calls from loopback, so X-Forwarded-For is
 * trusted only when the direct peer is on this machine; anyone else cannot spoof it.
 */
export function clientIp(c: Context): string {
  let peer = '';
  try {
    peer = getConnInfo(c).remote.address ?? '';
  } catch {
    // In-process requests (app.request in tests) have no socket.
  }
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded && (peer === '' || LOOPBACK.test(peer))) return forwarded;
  return peer;
}
