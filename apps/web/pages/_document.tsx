import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import Document, {
  Head,
  Html,
  Main,
  NextScript,
  type DocumentContext,
  type DocumentInitialProps,
} from 'next/document';
import { htmlAttributes, readShellRequest } from '../lib/shell-request';

interface ShellDocumentProps extends DocumentInitialProps {
  shellHtml: ReturnType<typeof htmlAttributes>;
}

/**
 * Renders lang, dir and the theme class on the server, so the first paint is already right, and
 * puts the CSS of the antd components a page rendered into its first HTML (none on pages without
 * antd).
 */
export default class ShellDocument extends Document<ShellDocumentProps> {
  static override async getInitialProps(ctx: DocumentContext): Promise<ShellDocumentProps> {
    const cache = createCache();
    const renderPage = ctx.renderPage;
    ctx.renderPage = () =>
      renderPage({
        enhanceApp: (App) =>
          function AntdStyles(props) {
            return (
              <StyleProvider cache={cache}>
                <App {...props} />
              </StyleProvider>
            );
          },
      });
    const initial = await Document.getInitialProps(ctx);
    const antdCss = extractStyle(cache, true);
    const shell = readShellRequest({
      cookieHeader: ctx.req?.headers.cookie,
      query: ctx.query,
      routerLocale: ctx.locale,
    });
    return {
      ...initial,
      styles: (
        <>
          {initial.styles}
          {antdCss ? <style id="antd" dangerouslySetInnerHTML={{ __html: antdCss }} /> : null}
        </>
      ),
      shellHtml: htmlAttributes(shell),
    };
  }

  override render() {
    const { lang, dir, className } = this.props.shellHtml;
    return (
      <Html lang={lang} dir={dir} className={className}>
        <Head>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </Head>
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
