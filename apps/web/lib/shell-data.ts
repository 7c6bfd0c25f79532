import { ApiPath } from '@exchange-web/protocol/paths';
import {
  domainConfigReplySchema,
  usdtRateReplySchema,
  type UsdtRateReply,
} from '@exchange-web/protocol/schemas';
import type { ServerLoadedShellData } from '@exchange-web/react/services/site-services';
import type { IncomingMessage } from 'node:http';
import { gatewayCallFor, partOrNull, type VisitorGatewayCall } from './gateway-call';

/**
 * How long a page's render waits for the shell's data. Past it the page renders without it and
 * the browser asks itself, as it does when the gateway refuses: a slow gateway never holds a page.
 */
export const SHELL_DATA_TIMEOUT_MS = 2_000;

// One rates load per page request: the shell and a page that shows the rates (home) share it.
const ratesOfRequest = new WeakMap<IncomingMessage, Map<string, Promise<UsdtRateReply>>>();

/**
 * The USDT rates for a locale, loaded once per page request on the visitor's behalf (SPEC 7
 * usdtRate); rejects with the gateway's message.
 */
export function usdtRatesFor(
  request: IncomingMessage,
  locale: string,
  gateway: VisitorGatewayCall = gatewayCallFor(request),
): Promise<UsdtRateReply> {
  let byLocale = ratesOfRequest.get(request);
  if (!byLocale) ratesOfRequest.set(request, (byLocale = new Map()));
  let rates = byLocale.get(locale);
  if (!rates) {
    rates = gateway(ApiPath.usdtRate, { locale }, usdtRateReplySchema, {
      timeoutMs: SHELL_DATA_TIMEOUT_MS,
    });
    byLocale.set(locale, rates);
  }
  return rates;
}

/**
 * What the shell's services start on, loaded with the page (SPEC 7: the rates "on load"; SPEC 4:
 * the image domain candidates): the visitor's browser then asks for neither, and a visitor's page
 * loads no request client before its first input (issue 18). A part the gateway does not give is
 * null (logged), and the browser asks for it as before.
 */
export async function loadShellData(
  request: IncomingMessage,
  language: string,
  gateway: VisitorGatewayCall = gatewayCallFor(request),
): Promise<ServerLoadedShellData> {
  const [rates, domainConfig] = await Promise.all([
    partOrNull('shell: rates', usdtRatesFor(request, language, gateway)),
    partOrNull(
      'shell: image domain config',
      gateway(ApiPath.domainConfigList, undefined, domainConfigReplySchema, {
        method: 'GET',
        timeoutMs: SHELL_DATA_TIMEOUT_MS,
      }),
    ),
  ]);
  return { rates, domainConfig };
}
