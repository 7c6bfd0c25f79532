import { routerPathFor } from '@exchange-web/client/language';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link to a page of the site (`href` the page path, unprefixed): next/link, which adds the
 * router's locale, without prefetching what scrolls into view. Behind the site's proxy, each link
 * in view costs a data request as the page loads (the BRC-20 list made 14 at once, on a phone's
 * network and main thread); a pointer or touch on the link still prefetches it before the click
 * (issue 18). Under `/bg/{locale}/` the router's locale is `bg`, so the language segment is added
 * here: links there keep both segments (SPEC 2).
 */
export function PageLink({ href, ...props }: ComponentProps<typeof Link>) {
  const { prefix } = useShellState();
  const routed = typeof href === 'string' ? routerPathFor(href, prefix).asPath : href;
  return <Link prefetch={false} href={routed} {...props} />;
}
