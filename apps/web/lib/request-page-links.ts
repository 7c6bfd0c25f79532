import type { GetServerSidePropsContext } from 'next';
import { pageLinks, type PageLinks } from './page-links';
import { shellRequestOf } from './shell-request';
import { siteOrigin } from './site-origin';

/** The canonical and hreflang links of the page at `path`, as this request reached it. */
export function requestPageLinks(
  ctx: Pick<GetServerSidePropsContext, 'req' | 'query' | 'locale'>,
  path: string,
): PageLinks {
  const shell = shellRequestOf(ctx);
  return pageLinks({ origin: siteOrigin(ctx.req.headers), prefix: shell.prefix, path });
}
