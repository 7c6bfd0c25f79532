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

/** Renders lang, dir and the theme class on the server, so the first paint is already right. */
export default class ShellDocument extends Document<ShellDocumentProps> {
  static override async getInitialProps(ctx: DocumentContext): Promise<ShellDocumentProps> {
    const initial = await Document.getInitialProps(ctx);
    const shell = readShellRequest({
      cookieHeader: ctx.req?.headers.cookie,
      query: ctx.query,
      routerLocale: ctx.locale,
    });
    return { ...initial, shellHtml: htmlAttributes(shell) };
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
