import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link to a page of the site: next/link without prefetching what scrolls into view. Behind the
 * site's proxy, each link in view costs a data request as the page loads (the BRC-20 list made
 * 14 at once, on a phone's network and main thread); a pointer or touch on the link still
 * prefetches it before the click (issue 18).
 */
export function PageLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
