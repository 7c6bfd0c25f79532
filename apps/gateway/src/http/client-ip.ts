import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Whether an address (at its place in the forwarding chain) is a proxy the gateway trusts. */
type TrustProxy = (address: string, hop: number) => boolean;

declare module 'hono' {
  interface ContextVariableMap {
    trustProxy: TrustProxy;
  }
}

// Without the middleware (a bare route in a unit test), only this machine's proxy is trusted.
const LOOPBACK_ONLY: TrustProxy = proxyaddr.compile('loopback');

/** Makes `trustedProxies` (config.trustedProxies) the proxies every request's address is read through. */
export function trustProxies(trustedProxies: readonly string[]): MiddlewareHandler {
  const trust = proxyaddr.compile([...trustedProxies]);
  return async (c, next) => {
    c.set('trustProxy', trust);
    await next();
  };
}

const trustOf = (c: Context): TrustProxy => c.get('trustProxy') ?? LOOPBACK_ONLY;

/** The direct peer's address; '' for in-process requests (app.request in tests), which have no socket. */
function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}

/**
 * Whether the direct peer is a trusted proxy (the site's proxy on this machine, or a balancer of
 * config.trustedProxies), so its X-Forwarded-* headers can be believed; anyone else could spoof them.
 */
export function isFromTrustedProxy(c: Context): boolean {
  const peer = peerAddress(c);
  return peer === '' || trustOf(c)(peer, 0);
}

/**
 * The visitor's address: walking X-Forwarded-For from the nearest hop, the first address that
 * is not a trusted proxy (proxy-addr's rule). Entries a client wrote itself sit to the left of
 * what the trusted proxies appended, so they are never reached while a trusted proxy is in front.
 */
export function clientIp(c: Context): string {
  const peer = peerAddress(c);
  const forwardedFor = c.req.header('x-forwarded-for');
  // In process there is no socket: the test's forwarded address stands for the client.
  if (peer === '') return forwardedFor?.split(',')[0]?.trim() ?? '';
  const request = {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
  };
  return proxyaddr(request as unknown as IncomingMessage, trustOf(c));
}

/**
 * The host name the browser used, without port: a trusted proxy passes it as X-Forwarded-Host,
 * else the Host header.
 */
export function requestHostname(c: Context): string {
  const forwarded = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
  const host = (forwarded && isFromTrustedProxy(c) ? forwarded : c.req.header('host')) ?? '';
  // Strip the port: '[::1]:3000' -> '[::1]', 'localhost:3000' -> 'localhost'.
  return host.replace(/:\d+$/, '').toLowerCase();
}
