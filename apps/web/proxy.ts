import { NextResponse, type NextRequest } from 'next/server';
import { gatewayUrl } from './lib/gateway-url';

/**
 * Every API path of the spec (/v1/..., /btapi/...) goes to the gateway, so a browser only ever
 * talks to the site's origin (cookies, CSP and beacons stay same-origin).
 */
export function proxy(request: NextRequest) {
  const target = new URL(request.nextUrl.pathname + request.nextUrl.search, gatewayUrl());
  return NextResponse.rewrite(target);
}

export const config = {
  matcher: ['/v1/:path*', '/btapi/:path*'],
};
