import { LinkWarning } from '@exchange-web/protocol/registry';
import { isSafeHref } from './links';
import { consoleLogger, type Logger } from './logger';

/** What opening a window needs of the page. */
export interface WindowOpener {
  open(url: string, target: string, features: string): unknown;
  location: { href: string };
}

export interface OpenWindowOptions {
  /** @default '_blank' */
  target?: string;
  /** @default the page's window */
  opener?: WindowOpener;
  /** @default console */
  logger?: Logger;
}

/**
 * Opens a link in a new window (SPEC 5): an unsafe link is refused with the `invalid url` warning;
 * a window to another origin gets `noopener` (and `noreferrer`), so it cannot reach this page.
 * Returns whether a window was asked for.
 * @example openWindow('https://help.example.com/fees') // opened with noopener
 */
export function openWindow(url: unknown, options: OpenWindowOptions = {}): boolean {
  const logger = options.logger ?? consoleLogger;
  const opener = options.opener ?? (typeof window === 'undefined' ? undefined : window);
  if (!isSafeHref(url) || !opener) {
    logger.warn(LinkWarning.invalidUrl, url);
    return false;
  }
  const here = new URL(opener.location.href);
  const there = new URL(url.trim(), here);
  const crossOrigin = there.origin !== here.origin;
  opener.open(there.href, options.target ?? '_blank', crossOrigin ? 'noopener,noreferrer' : '');
  return true;
}
