import type { HTMLAttributes } from 'react';
import { useHtmlSanitizer } from './HtmlSanitizer';

export interface SafeHtmlProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'dangerouslySetInnerHTML'
> {
  /** Untrusted HTML, e.g. a token description from the content store. */
  html: string;
}

/**
 * The only way the site renders untrusted HTML (SPEC 5): sanitised with DOMPurify's whitelist
 * on the server and in the browser alike.
 * @example <SafeHtml html={token.description} className="token-about" />
 */
export function SafeHtml({ html, ...attributes }: SafeHtmlProps) {
  const sanitize = useHtmlSanitizer();
  return <div {...attributes} dangerouslySetInnerHTML={{ __html: sanitize(html) }} />;
}
