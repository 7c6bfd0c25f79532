import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { TradingPath } from '@exchange-web/protocol/trading';
import { describe, expect, it } from 'vitest';
import { call } from '../test/support';
import { doors } from './support';

// What the generated nginx configuration (scripts/cluster.mjs) must get right for the gateways
// behind it; the per-client addresses are proved with the limits in throttling.test.ts.
const { proxy } = doors();

describe('nginx in front of the gateways', () => {
  it('passes the market stream on as it is written, one batch a second', async () => {
    const abort = new AbortController();
    const response = await fetch(`${proxy.url}${TradingPath.stream}?symbol=BTCUSDT&interval=1m`, {
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const tickerArrivals: number[] = [];
    let text = '';
    try {
      while (tickerArrivals.length < 3) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        const chunk = decoder.decode(value, { stream: true });
        text += chunk;
        for (const _ of chunk.matchAll(/^event: ticker$/gm)) tickerArrivals.push(Date.now());
      }
    } finally {
      abort.abort();
    }
    expect(text).toMatch(/^data: \{/m);
    // The first batch goes out on connecting, the next ones on whole seconds; buffered, they
    // would come together (or only once a buffer filled up).
    const [, second = 0, third = 0] = tickerArrivals;
    expect(third - second).toBeGreaterThanOrEqual(500);
  });

  it('lets the gateway answer a body over its 1 MiB limit: 413 with its 41300 envelope', async () => {
    const huge = JSON.stringify({ locale: 'en', padding: 'x'.repeat(1024 * 1024 + 1) });
    const response = await call(proxy, 'POST', ApiPath.usdtRate, huge);
    expect(response.status).toBe(413);
    expect(response.json?.code).toBe(GatewayCode.payloadTooLarge);
  });

  it('sends the API paths it does not know to the gateways: 404 with the 40400 envelope', async () => {
    const response = await call(proxy, 'GET', '/v1/no/such/call');
    expect(response.status).toBe(404);
    expect(response.json?.code).toBe(GatewayCode.notFound);
    const elsewhere = await call(proxy, 'GET', '/btapi/no/such/call');
    expect(elsewhere.json?.code).toBe(GatewayCode.notFound);
  });
});
