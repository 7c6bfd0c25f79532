import { buildPath } from '@exchange-web/client/language';
import { DOWNLOAD_PAGE_PATH } from '@exchange-web/protocol/paths';
import type { GetServerSideProps } from 'next';
import { DownloadView, type DownloadPageProps } from '../components/download/DownloadView';
import { requestPageLinks } from '../lib/request-page-links';
import { shellRequestOf } from '../lib/shell-request';
import { siteOrigin } from '../lib/site-origin';

export const getServerSideProps: GetServerSideProps<DownloadPageProps> = async (ctx) => {
  const shell = shellRequestOf(ctx);
  return {
    props: {
      pageUrl: `${siteOrigin(ctx.req.headers)}${buildPath(DOWNLOAD_PAGE_PATH, shell.prefix)}`,
      links: requestPageLinks(ctx, DOWNLOAD_PAGE_PATH),
    },
  };
};

/** Installing the site as an app (SPEC 2 `download`). */
export default function DownloadPage(props: DownloadPageProps) {
  return <DownloadView {...props} />;
}
