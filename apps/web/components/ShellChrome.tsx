import type { FooterProps, HeaderProps } from '@exchange-web/react/shell/contract';
import { SiteFooter } from '@exchange-web/react/shell/SiteFooter';
import { SiteHeader } from '@exchange-web/react/shell/SiteHeader';
import { useEffect, useState } from 'react';
import { loadHeaderFooterRemote, type HeaderFooterRemote } from '../lib/header-footer-remote';

/**
 * The remote Header and Footer once they arrive; until then, and whenever the remote fails or is
 * slow, the built-in ones (also what the server renders, so the space never shifts).
 */
function useHeaderFooterRemote(): HeaderFooterRemote | null {
  const [remote, setRemote] = useState<HeaderFooterRemote | null>(null);
  useEffect(() => {
    let current = true;
    loadHeaderFooterRemote().then(
      (loaded) => current && setRemote(loaded),
      (error: unknown) => console.warn('Using the built-in header and footer:', error),
    );
    return () => {
      current = false;
    };
  }, []);
  return remote;
}

export function ShellChrome({
  header,
  footer,
  children,
}: {
  header: HeaderProps;
  footer: FooterProps;
  children: React.ReactNode;
}) {
  const remote = useHeaderFooterRemote();
  return (
    <div className="shell">
      <header className="shell-header" data-testid="shell-header">
        {remote ? (
          <remote.Header {...header} source="remote" />
        ) : (
          <SiteHeader {...header} source="built-in" />
        )}
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="shell-footer" data-testid="shell-footer">
        {remote ? (
          <remote.Footer {...footer} source="remote" />
        ) : (
          <SiteFooter {...footer} source="built-in" />
        )}
      </footer>
    </div>
  );
}
