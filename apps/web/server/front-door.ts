import { GatewayCode } from '@exchange-web/protocol/codes';
import { IMAGE_PATH_PREFIX } from '@exchange-web/protocol/images';
import { HeaderName, RequestLimit } from '@exchange-web/protocol/registry';
import { answerParserErrors } from '@exchange-web/node-guards/parser-errors';
import { ProxyServer } from 'httpxy';
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIPv4 } from 'node:net';
import type { TLSSocket } from 'node:tls';
import proxyaddr from 'proxy-addr';
import { HEADER_FOOTER_BASE_PATH } from '../lib/header-footer-paths';
import { isGatewayPath } from '../lib/simulation-request';

/** Whether an address (at its place in the forwarding chain) is a proxy the site trusts. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Trusts no proxy: the socket's peer is the visitor (the site is the edge). */
export const TRUST_NO_PROXY: TrustProxy = () => false;

export interface FrontDoorOptions {
  /** Renders everything that is not forwarded: Next's request handler. */
  handlePage(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Where API and image paths go (GATEWAY_URL). */
  gatewayUrl: string;
  /** Where `/_mfe/header-footer/*` goes (HEADER_FOOTER_URL). */
  headerFooterUrl: string;
  /**
   * The proxies in front of the site whose forwarding headers are believed (SITE_TRUSTED_PROXIES).
   * @default TRUST_NO_PROXY
   */
  trustProxy?: TrustProxy;
  /** Where failures to reach an upstream are reported. @default console.error */
  logError?: (message: string, error: unknown) => void;
}

/**
 * Headers every reply of the site carries (README "Security"). Permissions-Policy turns off the
 * powerful features no page uses, so an injected script or a framed ad cannot ask for them; it
 * names only features Chromium knows (an unknown one, such as `bluetooth`, is a console error
 * in every visitor's browser; e2e console-clean checks it).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), browsing-topics=()',
};

/** The methods a page answers. */
const PAGE_METHODS = ['GET', 'HEAD'];

/** How long an idle connection to the gateway or header-footer server is kept for reuse. */
const UPSTREAM_IDLE_MS = 5_000;

/** HSTS for replies served over https: a year, subdomains too. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

// Headers through which a visitor could choose what the servers behind believe about the request.
// x-middleware-subrequest: Next's internal recursion marker, never a visitor's to send.
const DROPPED_REQUEST_HEADERS = [
  'forwarded',
  'x-real-ip',
  'x-client-ip',
  'x-forwarded-port',
  'x-middleware-subrequest',
];

const IPV4_MAPPED_PREFIX = '::ffff:';

const firstValue = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/** Why a request target is refused before anything reads it, or undefined when it is sound. */
export function targetProblem(
  target: string | undefined,
): { status: 400 | 414; code: string; msg: string } | undefined {
  if (target === undefined || !target.startsWith('/'))
    return { status: 400, code: GatewayCode.badRequest, msg: 'the request target must be a path' };
  if (target.length > RequestLimit.maxTargetLength)
    return {
      status: 414,
      code: GatewayCode.targetTooLong,
      msg: `the request target is longer than ${RequestLimit.maxTargetLength} characters`,
    };
  let decoded: string;
  try {
    // DESIGN "Known traps": a lone `%` or an invalid UTF-8 escape throws URIError.
    decoded = decodeURIComponent(target);
  } catch {
    return {
      status: 400,
      code: GatewayCode.badRequest,
      msg: 'the request target has a malformed escape',
    };
  }
  if (decoded.includes('\0'))
    return {
      status: 400,
      code: GatewayCode.badRequest,
      msg: 'the request target holds a NUL character',
    };
  return undefined;
}

/** A request naming more than one Host is ambiguous (RFC 9112, 3.2): which site did it ask for? */
function hostProblem(request: IncomingMessage) {
  const hosts = request.rawHeaders.filter(
    (_, index) => index % 2 === 0 && /^host$/i.test(request.rawHeaders[index] ?? ''),
  );
  return hosts.length > 1
    ? {
        status: 400 as const,
        code: GatewayCode.badRequest,
        msg: 'the request has more than one Host header',
      }
    : undefined;
}

/**
 * Answers a request Node's parser refused (a malformed request line or header, CR/LF in a value,
 * an oversized header block, a timeout) with the status it stands for and the security headers,
 * then closes: the connection's framing can no longer be trusted.
 */
export const answerClientError = answerParserErrors({ headers: SECURITY_HEADERS });

/** Where a request goes: the gateway, the header-footer server (with its own path), or Next. */
export type Route =
  { to: 'gateway'; path: string } | { to: 'header-footer'; path: string } | { to: 'page' };

/** API paths have no language prefix (`/ja/v1/...` is a page path, a 404), nor do images. */
export function routeOf(target: string): Route {
  const queryStart = target.indexOf('?');
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  if (pathname.startsWith(HEADER_FOOTER_BASE_PATH))
    return { to: 'header-footer', path: `/${target.slice(HEADER_FOOTER_BASE_PATH.length)}` };
  if (isGatewayPath(pathname) || pathname.startsWith(IMAGE_PATH_PREFIX))
    return { to: 'gateway', path: target };
  return { to: 'page' };
}

/**
 * The visitor's address, host and scheme as the site may believe them: through the trusted proxies
 * only, else the socket's own. Whatever else a visitor wrote into forwarding headers is dropped.
 */
export function forwardingOf(request: IncomingMessage, trustProxy: TrustProxy) {
  const peer = request.socket.remoteAddress ?? '';
  const fromTrustedProxy = peer !== '' && trustProxy(peer, 0);
  // `::ffff:127.0.0.1` is 127.0.0.1 reached over a dual-stack socket: one client, one form.
  const reported = proxyaddr(request, trustProxy);
  const address =
    reported.startsWith(IPV4_MAPPED_PREFIX) && isIPv4(reported.slice(IPV4_MAPPED_PREFIX.length))
      ? reported.slice(IPV4_MAPPED_PREFIX.length)
      : reported;
  const encrypted = (request.socket as Partial<TLSSocket>).encrypted === true;
  const forwardedProto = fromTrustedProxy
    ? firstValue(request.headers[HeaderName.forwardedProto])?.toLowerCase()
    : undefined;
  const proto =
    forwardedProto === 'https' || forwardedProto === 'http'
      ? forwardedProto
      : encrypted
        ? 'https'
        : 'http';
  const host =
    (fromTrustedProxy ? firstValue(request.headers[HeaderName.forwardedHost]) : undefined) ??
    request.headers.host ??
    '';
  return { address, proto, host };
}

function sendEnvelope(response: ServerResponse, status: number, code: string, msg: string) {
  const body = JSON.stringify({ code, data: null, msg });
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  response.end(body);
}

/** The most of a refused body the front door reads (and drops) so its refusal arrives. */
const MAX_DISCARDED_BODY_BYTES = 16 * RequestLimit.maxBodyBytes;

/**
 * Reads and drops a refused body. A server that closes with unread bytes makes the kernel reset
 * the connection, and a client still sending loses the refusal with it; past a cap (or a body that
 * declares more), the connection is closed anyway.
 */
function discardBody(request: IncomingMessage): void {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_DISCARDED_BODY_BYTES) {
    request.socket.end();
    return;
  }
  let read = 0;
  request.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > MAX_DISCARDED_BODY_BYTES) request.socket.destroy();
  });
  request.resume();
}

/** Why a body may not be forwarded (too large, or of unknown length), or undefined. */
function bodyProblem(request: IncomingMessage) {
  const declared = request.headers['content-length'];
  if (declared !== undefined) {
    return Number(declared) > RequestLimit.maxBodyBytes
      ? {
          status: 413,
          code: GatewayCode.payloadTooLarge,
          msg: `request body is larger than ${RequestLimit.maxBodyBytes} bytes`,
        }
      : undefined;
  }
  // A chunked body could be any size: browsers always declare the length of what they send.
  return request.headers['transfer-encoding'] !== undefined
    ? {
        status: 411,
        code: GatewayCode.lengthRequired,
        msg: 'the request body must declare its length',
      }
    : undefined;
}

/**
 * The site's front door: the first server a visitor reaches. It refuses malformed and oversized
 * requests with a 4xx before anything reads them, replaces the forwarding headers with what it
 * knows (DESIGN "Known traps": replace, never append), forwards API, image and header-footer
 * paths, gives every reply the security headers, and hands the rest to Next.
 */
export function createFrontDoor({
  handlePage,
  gatewayUrl,
  headerFooterUrl,
  trustProxy = TRUST_NO_PROXY,
  logError = (message, error) => console.error(message, error),
}: FrontDoorOptions) {
  // changeOrigin: the gateway answers on its own host; the visitor's travels as x-forwarded-host.
  // Idle upstream connections are dropped after 5 s, well before the gateway's 65 s keep-alive,
  // so a request never goes out on a connection the other side is closing.
  const proxy = new ProxyServer({
    changeOrigin: true,
    xfwd: false,
    agent: new Agent({ keepAlive: true, timeout: UPSTREAM_IDLE_MS }),
  });
  // The upstream's keep-alive hint is about its connection to the front door, not the visitor's.
  proxy.on('proxyRes', (upstreamResponse) => {
    delete upstreamResponse.headers['keep-alive'];
  });
  proxy.on('error', (error, _request, response) => {
    logError('front door: upstream failed', error);
    if (response && 'headersSent' in response && !response.headersSent) {
      sendEnvelope(
        response as ServerResponse,
        502,
        GatewayCode.upstreamUnavailable,
        'the server behind the site is not reachable',
      );
    } else {
      response?.destroy();
    }
  });

  return function handle(request: IncomingMessage, response: ServerResponse): void {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    const problem = targetProblem(request.url) ?? hostProblem(request);
    if (problem) {
      sendEnvelope(response, problem.status, problem.code, problem.msg);
      return;
    }
    const requestTarget = request.url as string;
    const { address, proto, host } = forwardingOf(request, trustProxy);
    if (proto === 'https')
      response.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    for (const name of DROPPED_REQUEST_HEADERS) delete request.headers[name];
    request.headers[HeaderName.forwardedFor] = address;
    request.headers[HeaderName.forwardedHost] = host;
    request.headers[HeaderName.forwardedProto] = proto;

    const route = routeOf(requestTarget);
    if (route.to === 'page') {
      // Pages are read, never written to (the site has no API routes of its own): TRACE and the
      // like would otherwise render a page, or echo a request back.
      if (!PAGE_METHODS.includes(request.method ?? '')) {
        response.setHeader('allow', PAGE_METHODS.join(', '));
        sendEnvelope(
          response,
          405,
          GatewayCode.methodNotAllowed,
          `${request.method} is not allowed on pages`,
        );
        discardBody(request);
        return;
      }
      handlePage(request, response).catch((error: unknown) => {
        logError('front door: page handler failed', error);
        if (!response.headersSent)
          sendEnvelope(response, 500, GatewayCode.internalError, 'internal error');
        else response.destroy();
      });
      return;
    }
    const body = bodyProblem(request);
    if (body) {
      sendEnvelope(response, body.status, body.code, body.msg);
      discardBody(request);
      return;
    }
    // The target as sent, never re-parsed: the gateway checks signatures over the raw path.
    request.url = route.path;
    const upstream = new URL(route.to === 'gateway' ? gatewayUrl : headerFooterUrl);
    void proxy.web(request, response, { target: upstream }).catch(() => {
      // Reported by the 'error' listener above, which also answers the visitor.
    });
  };
}
