// The site's server: Next.js behind the front door (front-door.ts). Built into dist/server.js by
// build-server.mjs and started by `npm start`, the e2e stack and the cluster alike.
import next from 'next';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyaddr from 'proxy-addr';
import { gatewayUrl, headerFooterUrl } from '../lib/gateway-url';
import { answerClientError, createFrontDoor, TRUST_NO_PROXY, type TrustProxy } from './front-door';
import { createStaticAssets } from './static-assets';

/** How long a visitor may take to send the request headers, then the whole request. */
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * SITE_TRUSTED_PROXIES: the proxies in front of the site (a TLS terminator, a balancer), as
 * addresses, CIDR ranges or proxy-addr's names (`loopback`); unset, none: the site is the edge.
 */
function trustedProxies(value: string | undefined): TrustProxy {
  const list = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return list.length === 0 ? TRUST_NO_PROXY : proxyaddr.compile(list);
}

const port = Number(process.env.PORT || 3000);
// Unset: every interface, like `next start`.
const host = process.env.HOST || undefined;
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = next({ dev: false, dir, hostname: host ?? 'localhost', port });
const handlePage = app.getRequestHandler();
await app.prepare();
// The build's scripts in brotli where the browser takes it; Next sends everything else.
const staticAssets = createStaticAssets(path.join(dir, '.next/static'));

const server = createServer(
  {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
  },
  createFrontDoor({
    handlePage: async (request, response) => {
      if (!(await staticAssets.serve(request, response))) await handlePage(request, response);
    },
    gatewayUrl: gatewayUrl(),
    headerFooterUrl: headerFooterUrl(),
    trustProxy: trustedProxies(process.env.SITE_TRUSTED_PROXIES),
  }),
);
server.on('clientError', answerClientError);
server.listen(port, host, () => console.log(`site listening on port ${port}`));

// Open market streams would hold the close forever: end every connection, then exit.
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
