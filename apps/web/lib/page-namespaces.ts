import {
  pickNamespaces,
  SHELL_NAMESPACES,
  type MessageNamespace,
  type Messages,
} from '@exchange-web/react/i18n/messages';

const TRADING: readonly MessageNamespace[] = ['trading'];
const RECORDS: readonly MessageNamespace[] = ['trading', 'records'];
const INSCRIPTION: readonly MessageNamespace[] = ['inscription'];
const COPY: readonly MessageNamespace[] = ['trading', 'records', 'copy'];
const ACCOUNT: readonly MessageNamespace[] = ['account', 'apiKeys'];

/**
 * The catalogue sections each page translates with beyond the shell's, by Next route. Kept true
 * by page-namespaces.test.ts, which reads every key each page's modules name.
 */
export const PAGE_NAMESPACES: Readonly<Record<string, readonly MessageNamespace[]>> = {
  '/': ['home'],
  '/spot/[symbol]': TRADING,
  '/futures/usdt/[symbol]': TRADING,
  '/margin/[symbol]': TRADING,
  '/trade-margin/[symbol]': TRADING,
  '/asset': TRADING,
  '/asset/spot': TRADING,
  '/asset/margin': RECORDS,
  '/asset/futures': TRADING,
  '/trade-asset': TRADING,
  '/transac': RECORDS,
  '/transac/[orderId]': RECORDS,
  '/trade-asset-order': RECORDS,
  '/order/marginOrderInfo': RECORDS,
  '/record/exchange': RECORDS,
  '/record/margin': RECORDS,
  '/copy-trading': COPY,
  '/copy-trading/[leadId]': COPY,
  '/order/mcp': COPY,
  '/record/mcp': COPY,
  '/inscription/brc-20': INSCRIPTION,
  '/inscription/brc-20/page': INSCRIPTION,
  '/inscription/brc-20/hot': INSCRIPTION,
  '/inscription/brc-20/inProgress': INSCRIPTION,
  '/inscription/brc-20/[token]': INSCRIPTION,
  '/login': [],
  '/register': [],
  '/qr-login': [],
  '/telegram-login': [],
  '/oauth-return': [],
  '/account': [...ACCOUNT, 'security'],
  '/account/newapi': ACCOUNT,
  '/modifyverification': [...ACCOUNT, 'security'],
  '/devices': [...ACCOUNT, 'security'],
  '/history': [...ACCOUNT, 'security'],
  '/subaccount/setting/antiphishing': [...ACCOUNT, 'security'],
  '/operator/tracking': ['operator'],
  '/legal/[document]': [],
  '/download': ['download'],
  '/proof-of-reserves': ['trading', 'records', 'reserves'],
  '/protection-fund': ['records', 'fund'],
  '/fee': ['fees'],
  '/vip/detail': ['fees'],
  '/vip/vipIntroduce': ['fees'],
  '/404': [],
  '/_error': [],
};

/**
 * What a page's HTML carries of its language's catalogue: the shell's sections and the page's
 * own. A route not listed (a page added without its entry) gets the whole catalogue, never a gap.
 */
export function pageMessages(messages: Messages, route: string): Messages {
  const own = Object.hasOwn(PAGE_NAMESPACES, route) ? PAGE_NAMESPACES[route] : undefined;
  return own ? pickNamespaces(messages, [...SHELL_NAMESPACES, ...own]) : messages;
}
