import type { TdkEntry } from '@exchange-web/protocol/inscription';
import Head from 'next/head';
import type { PageLinks } from '../../lib/page-links';

/** What a crawler reads in a page's head, gathered on the server. */
export interface PageSeo {
  /** The page's search-engine texts in its language (getTdkMltQueryList), null when unavailable. */
  texts: Pick<TdkEntry, 'title' | 'description' | 'keywords'> | null;
  links: PageLinks;
  /** An empty or search-results view: crawled for its links, kept out of the index. */
  noindex: boolean;
}

/**
 * The head of an inscription page: title, description and keywords (the gateway's texts, else
 * the catalogue's), canonical, the 23 hreflang alternates plus x-default, and Open Graph.
 */
export function SeoHead({
  seo,
  fallback,
  decorateTitle = (title) => title,
}: {
  seo: PageSeo;
  fallback: { title: string; description: string };
  /** Adds to the title what tells this view apart (the page number). */
  decorateTitle?: (title: string) => string;
}) {
  const title = decorateTitle(seo.texts?.title ?? fallback.title);
  const description = seo.texts?.description ?? fallback.description;
  const keywords = seo.texts?.keywords ?? [];
  return (
    <Head>
      <title>{title}</title>
      <meta name="description" content={description} key="description" />
      {keywords.length > 0 ? (
        <meta name="keywords" content={keywords.join(', ')} key="keywords" />
      ) : null}
      {seo.noindex ? <meta name="robots" content="noindex, follow" key="robots" /> : null}
      <link rel="canonical" href={seo.links.canonical} key="canonical" />
      {seo.links.alternates.map((link) => (
        <link
          key={`alternate-${link.hrefLang}`}
          rel="alternate"
          hrefLang={link.hrefLang}
          href={link.href}
        />
      ))}
      <meta property="og:type" content="website" key="og:type" />
      <meta property="og:title" content={title} key="og:title" />
      <meta property="og:description" content={description} key="og:description" />
      <meta property="og:url" content={seo.links.canonical} key="og:url" />
    </Head>
  );
}
