import { ApiPath } from '@exchange-web/protocol/paths';
import { usdtRateReplySchema, type UsdtRateReply } from '@exchange-web/protocol/schemas';
import type { VisitorGatewayCall } from './gateway-call';

/** Loads the USDT rates on the server for server rendering; throws with the gateway's message. */
export function loadUsdtRates(gateway: VisitorGatewayCall, locale: string): Promise<UsdtRateReply> {
  return gateway(ApiPath.usdtRate, { locale }, usdtRateReplySchema);
}
