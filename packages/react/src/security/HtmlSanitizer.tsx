import { createHtmlSanitizer } from '@exchange-web/client/html';
import { createContext, useContext, type ReactNode } from 'react';

/** Turns untrusted HTML into HTML safe to render (see `createHtmlSanitizer`). */
export type SanitizeHtml = (html: string) => string;

const HtmlSanitizerContext = createContext<SanitizeHtml | null>(null);

let browserSanitizer: SanitizeHtml | undefined;

/**
 * Provides the sanitiser: server rendering passes one over a jsdom window (the site's document
 * does), so the server and the browser sanitise with the same DOMPurify rules.
 */
export function HtmlSanitizerProvider(props: { sanitize: SanitizeHtml; children: ReactNode }) {
  return (
    <HtmlSanitizerContext.Provider value={props.sanitize}>
      {props.children}
    </HtmlSanitizerContext.Provider>
  );
}

/** The sanitiser in force: the provided one, else (in a page) one over the page's window. */
export function useHtmlSanitizer(): SanitizeHtml {
  const provided = useContext(HtmlSanitizerContext);
  if (provided) return provided;
  if (typeof window === 'undefined') {
    throw new Error('SafeHtml needs an HtmlSanitizerProvider while server rendering');
  }
  browserSanitizer ??= createHtmlSanitizer(window);
  return browserSanitizer;
}
