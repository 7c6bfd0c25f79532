import type { ImageDomains } from '@exchange-web/client/images/image-domains';
import { rewriteImageUrl } from '@exchange-web/client/images/image-url';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

const ImageDomainsContext = createContext<ImageDomains | null>(null);

/**
 * Gives the page's image domains (`createImageDomains`) to every {@link Img} and
 * {@link useImageSrc} below. The shell provides it; without one, images keep their sources.
 */
export function ImageDomainsProvider(props: { domains: ImageDomains | null; children: ReactNode }) {
  return (
    <ImageDomainsContext.Provider value={props.domains}>
      {props.children}
    </ImageDomainsContext.Provider>
  );
}

/** The page's image domains, or null (server rendering, or outside the provider). */
export function useImageDomains(): ImageDomains | null {
  return useContext(ImageDomainsContext);
}

const noSubscription = () => () => undefined;

/**
 * The image domain in use, re-rendering when the probe chooses another; the default host (the
 * site origin) while server rendering and hydrating, so the first HTML and hydration agree.
 */
export function useImageDomain(): string {
  const domains = useImageDomains();
  return useSyncExternalStore(
    domains?.subscribe ?? noSubscription,
    () => domains?.current() ?? '',
    () => domains?.siteOrigin ?? '',
  );
}

/**
 * `src` on the default host rewritten to the domain in use (SPEC 4), for backgrounds and other
 * non-`<img>` uses; unchanged when no domain is chosen.
 * @example const background = useImageSrc('/images/banners/spot.png');
 */
export function useImageSrc(src: string): string {
  const domains = useImageDomains();
  const domain = useImageDomain();
  return domains ? rewriteImageUrl(src, { siteOrigin: domains.siteOrigin, domain }) : src;
}
