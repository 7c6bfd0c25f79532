import type { AffiliatedLinkOptions } from '@exchange-web/client/images/affiliated-links';
import { createContext, type ReactNode } from 'react';

// Apart from SafeLink: the shell provides the rule on every page, while SafeLink and what it
// needs (the link checks, entity decoding, the window opener) load only with a page that renders
// one (issue 18: their weight stays out of every page's first load).
export const AffiliatedLinksContext = createContext<AffiliatedLinkOptions | null>(null);

/**
 * Turns on the affiliated-link rule (SPEC 3) for every `SafeLink` below: an absolute link to one
 * of `value.affiliated` becomes a relative path (or one on `value.targetHost`) keeping the
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
