import { HIDDEN_PATH_PREFIX, isLocaleCode } from '@exchange-web/protocol/languages';

/**
 * The page a path under the hidden prefix with a language after it stands for (SPEC 2: the
 * language is read from the first or second path segment), or undefined when it is no such path.
 * The router knows one locale segment, so `/bg/ja/spot/BTCUSDT` is served as `/bg/spot/BTCUSDT`;
 * the shell reads the language from the address as visited (lib/shell-request.ts).
 * @param input.pathname the router's pathname, its locale segment removed (`nextUrl.pathname`)
 * @param input.locale the router's locale
 * @example
 * hiddenPrefixPage({ pathname: '/ja/spot/BTCUSDT', locale: 'bg' }); // '/spot/BTCUSDT'
 * hiddenPrefixPage({ pathname: '/ja', locale: 'bg' }); // '/'
 * hiddenPrefixPage({ pathname: '/xx/fee', locale: 'bg' }); // undefined: no language, so no page
 */
export function hiddenPrefixPage(input: { pathname: string; locale: string }): string | undefined {
  if (input.locale !== HIDDEN_PATH_PREFIX) return undefined;
  const [, language = '', ...rest] = input.pathname.split('/');
  if (!isLocaleCode(language)) return undefined;
  return `/${rest.join('/')}`;
}
