import type { FooterProps, HeaderProps } from '@exchange-web/react/shell/contract';
import { SiteFooter } from '@exchange-web/react/shell/SiteFooter';
import { SiteHeader } from '@exchange-web/react/shell/SiteHeader';
import { Activity, startTransition, useEffect, useMemo, useState } from 'react';
import { loadHeaderFooterRemote, type HeaderFooterRemote } from '../lib/header-footer-remote';

/**
 * The remote Header and Footer once they arrive; until then, and whenever the remote fails or is
 * slow, the built-in ones (also what the server renders, so the space never shifts).
 */
function useHeaderFooterRemote(): HeaderFooterRemote | null {
  const [remote, setRemote] = useState<HeaderFooterRemote | null>(null);
  useEffect(() => {
    let current = true;
    const load = () =>
      loadHeaderFooterRemote().then(
        // A transition: React renders the swap in slices it can interrupt, not in one long task.
        (loaded) => current && startTransition(() => setRemote(loaded)),
        (error: unknown) => console.warn('Using the built-in header and footer:', error),
      );
    // The built-in header is already on screen: fetch the remote once the page is loaded and idle,
    // so it never competes with hydration for the main thread.
    const whenIdle = () =>
      window.requestIdleCallback ? window.requestIdleCallback(load) : setTimeout(load, 1);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      current = false;
      window.removeEventListener('load', whenIdle);
    };
  }, []);
  return remote;
}

export function ShellChrome({
  header,
  footer,
  children,
  overlay,
  inert,
}: {
  header: HeaderProps;
  footer: FooterProps;
  children: React.ReactNode;
  /**
   * Rendered beside the page, outside what `inert` disables (the legal dialog). First in the
   * document: a first visit's largest paint is its text, and the browser paints what it has parsed,
   * so after the whole page it came a parse later than the page's first paint (issue 18).
   */
  overlay: React.ReactNode;
  /** Makes the page unreachable while a dialog asks for an answer. */
  inert: boolean;
}) {
  const remote = useHeaderFooterRemote();
  // The page and the footer hydrate after the shell, each in short tasks the browser can
  // interrupt for input, instead of one long task with the shell (issue 18). Activity rather than
  // Suspense: the server never streams an Activity's content apart, in a script the page's CSP
  // would refuse. Each element is kept while its inputs stay the same: a new one reaching a part
  // not yet hydrated makes React hydrate it at once, in one task, before the shell's update.
  const page = useMemo(() => <Activity>{children}</Activity>, [children]);
  const { t, buildPath, year } = footer;
  const footerPart = useMemo(
    () => (
      <Activity>
        {remote ? (
          <remote.Footer t={t} buildPath={buildPath} year={year} source="remote" />
        ) : (
          <SiteFooter t={t} buildPath={buildPath} year={year} source="built-in" />
        )}
      </Activity>
    ),
    [remote, t, buildPath, year],
  );
  return (
    <>
      {overlay}
      <div className="shell" inert={inert}>
        <header className="shell-header" data-testid="shell-header">
          {remote ? (
            <remote.Header {...header} source="remote" />
          ) : (
            <SiteHeader {...header} source="built-in" />
          )}
        </header>
        <main id="main" className="shell-main" tabIndex={-1}>
          {page}
        </main>
        <footer className="shell-footer" data-testid="shell-footer">
          {footerPart}
        </footer>
      </div>
    </>
  );
}
