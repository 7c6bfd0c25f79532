import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The direct peer's address; '' for in-process requests (app.request in tests), which have no socket. */
function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}

/**
 * Whether the direct peer is on this machine (the site's proxy), so its X-Forwarded-* headers
 * can be trusted; anyone else cannot spoof them.
 */
export function isFromLocalProxy(c: Context): boolean {
  const peer = peerAddress(c);
  return peer === '' || LOOPBACK.test(peer);
}

/**
 * The visitor's address. The site proxies API calls from loopback, so X-Forwarded-For is
 * trusted only when the direct peer is on this machine.
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded && isFromLocalProxy(c)) return forwarded;
  return peerAddress(c);
}

/**
 * The host name the browser used, without port: the site's proxy passes it as X-Forwarded-Host
 * (trusted from loopback only), else the Host header.
 */
export function requestHostname(c: Context): string {
  const forwarded = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
  const host = (forwarded && isFromLocalProxy(c) ? forwarded : c.req.header('host')) ?? '';
  // Strip the port: '[::1]:3000' -> '[::1]', 'localhost:3000' -> 'localhost'.
  return host.replace(/:\d+$/, '').toLowerCase();
}
