/** Where the site serves the header-footer remote on its own origin (see proxy.ts). */
export const HEADER_FOOTER_BASE_PATH = '/_mfe/header-footer/';
export const HEADER_FOOTER_ENTRY = `${HEADER_FOOTER_BASE_PATH}remoteEntry.js`;
/** How long the page waits for the remote before it keeps the built-in header and footer. */
export const HEADER_FOOTER_TIMEOUT_MS = 3_000;
