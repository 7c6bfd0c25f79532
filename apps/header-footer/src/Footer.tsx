import type { FooterProps } from '@exchange-web/react/shell/contract';
import { SiteFooter } from '@exchange-web/react/shell/SiteFooter';

/** The footer as the remote serves it: the shared footer, marked with this build. */
export default function Footer(props: FooterProps) {
  return <SiteFooter {...props} source="remote" buildId={__HEADER_FOOTER_BUILD_ID__} />;
}
