import type { HeaderProps } from '@exchange-web/react/shell/contract';
import { SiteHeader } from '@exchange-web/react/shell/SiteHeader';

/** The header as the remote serves it: the shared header, marked with this build. */
export default function Header(props: HeaderProps) {
  return <SiteHeader {...props} source="remote" buildId={__HEADER_FOOTER_BUILD_ID__} />;
}
