import { createHtmlSanitizer } from '@exchange-web/client/html';
import type { SanitizeHtml } from '@exchange-web/react/security/HtmlSanitizer';
import { JSDOM } from 'jsdom';

let sanitizer: SanitizeHtml | undefined;

/**
 * The server's HTML sanitiser: the same DOMPurify rules as the browser's, over a jsdom window made
 * once per process. Only the document imports this, so jsdom never reaches a browser bundle.
 */
export function serverHtmlSanitizer(): SanitizeHtml {
  sanitizer ??= createHtmlSanitizer(new JSDOM('').window);
  return sanitizer;
}
