import type { AppProps } from 'next/app';
import Link from 'next/link';
import '../styles/global.css';

/** The shell: every page of the site renders inside its header and footer. */
export default function App({ Component, pageProps }: AppProps) {
  return (
    <div className="shell">
      <header className="shell-header" data-testid="shell-header">
        <Link href="/" className="shell-logo">
          exchange-web
        </Link>
      </header>
      <main className="shell-main">
        <Component {...pageProps} />
      </main>
      <footer className="shell-footer" data-testid="shell-footer">
        <span>© {new Date().getFullYear()} exchange-web</span>
      </footer>
    </div>
  );
}
