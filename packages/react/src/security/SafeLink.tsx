import { rewriteAffiliatedLink } from '@exchange-web/client/images/affiliated-links';
import { sanitizeHref } from '@exchange-web/client/links';
import { openWindow } from '@exchange-web/client/open-window';
import { useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { AffiliatedLinksContext } from './affiliated-links-context';

export interface SafeLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An untrusted link: only the schemes and relative forms of SPEC 5 survive. */
  href: unknown;
}

// An absolute link may lead to another origin; a relative one stays on this site. Judged from the
// text alone, so the server and the browser render the same `rel`.
const mayLeaveSite = (href: string) => /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href);

/**
 * The only way the site renders an untrusted link (SPEC 5): an unsafe `href` renders as a link
 * with no target (and the `invalid href` warning); a new window to another origin gets
 * `noopener noreferrer`. Inside `AffiliatedLinksProvider`, an absolute link to an affiliated
 * domain stays on this site with the current language prefix.
 * @example <SafeLink href={announcement.url} target="_blank">{announcement.title}</SafeLink>
 */
export function SafeLink({ href, target, rel, onClick, ...attributes }: SafeLinkProps) {
  const affiliated = useContext(AffiliatedLinksContext);
  const sanitized = sanitizeHref(href);
  // Judged first, moved after: only an http(s) link that passed the scheme check is rewritten.
  const safe = affiliated && sanitized ? rewriteAffiliatedLink(sanitized, affiliated) : sanitized;
  const newWindow = target === '_blank';
  const guardedRel = newWindow && mayLeaveSite(safe) ? 'noopener noreferrer' : rel;
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !newWindow || !safe) return;
    // Opened through openWindow, which decides noopener by the real origin.
    event.preventDefault();
    openWindow(safe);
  };
  return (
    <a
      {...attributes}
      {...(safe ? { href: safe } : {})}
      {...(target === undefined ? {} : { target })}
      {...(guardedRel === undefined ? {} : { rel: guardedRel })}
      onClick={click}
    />
  );
}
