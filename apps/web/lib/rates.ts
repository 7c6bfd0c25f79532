import { isSuccessCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { usdtRateReplySchema, type UsdtRateReply } from '@exchange-web/protocol/schemas';
import { z } from 'zod';
import { gatewayUrl } from './gateway-url';

const anyEnvelopeSchema = z.object({ code: z.string(), data: z.unknown(), msg: z.string() });

/** Loads the USDT rates on the server for server rendering; throws with the gateway's message. */
export async function loadUsdtRates(locale: string): Promise<UsdtRateReply> {
  const response = await fetch(new URL(ApiPath.usdtRate, gatewayUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ locale }),
    signal: AbortSignal.timeout(5_000),
  });
  const envelope = anyEnvelopeSchema.parse(await response.json());
  if (!isSuccessCode(envelope.code)) throw new Error(envelope.msg);
  return usdtRateReplySchema.parse(envelope.data);
}
