import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { WEB_APP_MANIFEST_PATH } from '@exchange-web/protocol/paths';
import Document, {
  Head,
  Html,
  Main,
  NextScript,
  type DocumentContext,
  type DocumentInitialProps,
} from 'next/document';
import { HtmlSanitizerProvider } from '@exchange-web/react/security/HtmlSanitizer';
import { contentSecurityPolicy, newNonce } from '../lib/content-security-policy';
import { serverHtmlSanitizer } from '../lib/server-html-sanitizer';
import { NUMBER_FORMAT_WARMUP_SCRIPT } from '../lib/number-format-warmup';
import { htmlAttributes, readShellRequest } from '../lib/shell-request';

interface ShellDocumentProps extends DocumentInitialProps {
  shellHtml: ReturnType<typeof htmlAttributes>;
  /** This response's script nonce (its Content-Security-Policy names it). */
  nonce: string;
}

/**
 * Renders lang, dir and the theme class on the server, so the first paint is already right;
 * puts the CSS of the antd components a page rendered into its first HTML (none on pages without
 * antd); sends the Content-Security-Policy with this response's nonce on every script; loads the
 * browser's number-formatting data before hydration needs it; and gives server rendering the HTML
 * sanitiser (the browser has its own window).
 */
export default class ShellDocument extends Document<ShellDocumentProps> {
  static override async getInitialProps(ctx: DocumentContext): Promise<ShellDocumentProps> {
    const nonce = newNonce();
    ctx.res?.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
    const cache = createCache();
    const renderPage = ctx.renderPage;
    ctx.renderPage = () =>
      renderPage({
        enhanceApp: (App) =>
          function ServerRendered(props) {
            return (
              <HtmlSanitizerProvider sanitize={serverHtmlSanitizer()}>
                <StyleProvider cache={cache}>
                  <App {...props} />
                </StyleProvider>
              </HtmlSanitizerProvider>
            );
          },
      });
    const initial = await Document.getInitialProps(ctx);
    const antdCss = extractStyle(cache, true);
    const shell = readShellRequest({
      cookieHeader: ctx.req?.headers.cookie,
      query: ctx.query,
      routerLocale: ctx.locale,
      routerPath: ctx.asPath,
    });
    return {
      ...initial,
      styles: (
        <>
          {initial.styles}
          {antdCss ? (
            // antd's own CSS, extracted while this response rendered: no visitor's text in it.
            // eslint-disable-next-line no-restricted-syntax
            <style id="antd" dangerouslySetInnerHTML={{ __html: antdCss }} />
          ) : null}
        </>
      ),
      shellHtml: htmlAttributes(shell),
      nonce,
    };
  }

  override render() {
    const { shellHtml, nonce } = this.props;
    const { lang, dir, className } = shellHtml;
    return (
      <Html lang={lang} dir={dir} className={className}>
        <Head nonce={nonce}>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          {/* The site installs as an app on phones and desktops (the download page, README). */}
          <link rel="manifest" href={WEB_APP_MANIFEST_PATH} />
          <link rel="apple-touch-icon" href="/icons/icon-192.png" />
          <meta name="theme-color" content="#0a5fb4" />
          {/* A constant of ours, no visitor's text (lib/number-format-warmup). */}
          {/* eslint-disable-next-line no-restricted-syntax */}
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: NUMBER_FORMAT_WARMUP_SCRIPT }} />
        </Head>
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
