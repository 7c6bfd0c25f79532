import {
  rewriteAffiliatedLink,
  type AffiliatedLinkOptions,
} from '@exchange-web/client/images/affiliated-links';
import { sanitizeHref } from '@exchange-web/client/links';
import { openWindow } from '@exchange-web/client/open-window';
import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

const AffiliatedLinksContext = createContext<AffiliatedLinkOptions | null>(null);

/**
 * Turns on the affiliated-link rule (SPEC 3) for every {@link SafeLink} below: an absolute link to
 * one of `value.affiliated` becomes a relative path (or one on `value.targetHost`) keeping the
 * language prefix `value.prefix`. The shell provides it.
 */
export function AffiliatedLinksProvider(props: {
  value: AffiliatedLinkOptions;
  children: ReactNode;
}) {
  return (
    <AffiliatedLinksContext.Provider value={props.value}>
      {props.children}
    </AffiliatedLinksContext.Provider>
  );
}

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
 * `noopener noreferrer`. Inside {@link AffiliatedLinksProvider}, an absolute link to an affiliated
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
