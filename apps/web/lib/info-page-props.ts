import type { GetServerSidePropsContext } from 'next';
import { gatewayCallFor, type VisitorGatewayCall } from './gateway-call';
import type { PageLinks } from './page-links';
import { requestPageLinks } from './request-page-links';

/**
 * What an information page at `path` renders on the server: its canonical and hreflang links,
 * and what `load` reads from the gateway, null when it cannot (the page says so, HTTP 503).
 */
export async function infoPageData<Data>(
  ctx: GetServerSidePropsContext,
  path: string,
  load: (call: VisitorGatewayCall) => Promise<Data>,
): Promise<{ data: Data | null; links: PageLinks }> {
  const links = requestPageLinks(ctx, path);
  try {
    return { data: await load(gatewayCallFor(ctx.req)), links };
  } catch {
    ctx.res.statusCode = 503;
    return { data: null, links };
  }
}
