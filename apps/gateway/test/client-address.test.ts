import { ApiPath } from '@exchange-web/protocol/paths';
import { clientCommonConfigReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { call, startTestGateway } from './support';

/** The address the gateway believes the caller has (the config call answers it, SPEC 7). */
async function seenAddress(gateway: RunningGateway, forwardedFor?: string): Promise<string> {
  const headers: Record<string, string> =
    forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  const { json } = await call(gateway, 'GET', ApiPath.clientCommonConfig, undefined, headers);
  return clientCommonConfigReplySchema.parse(json?.data).localVo.ip;
}

// The tests connect from 127.0.0.1: with the default trust that is the site's proxy on this
// machine; with a balancer's range trusted too, the chain is walked through both.
describe('the client address behind proxies', () => {
  let loopbackOnly: RunningGateway;
  let behindBalancer: RunningGateway;
  beforeAll(async () => {
    [loopbackOnly, behindBalancer] = await Promise.all([
      startTestGateway(),
      startTestGateway({ trustedProxies: ['loopback', '10.0.0.0/8'] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([loopbackOnly.stop(), behindBalancer.stop()]);
  });

  it('is the connection address when nothing is forwarded', async () => {
    expect(await seenAddress(loopbackOnly)).toMatch(/127\.0\.0\.1$/);
  });

  it('is the nearest untrusted hop: a balancer outside the trusted range is the client', async () => {
    expect(await seenAddress(loopbackOnly, '203.0.113.9, 10.1.2.3')).toBe('10.1.2.3');
  });

  it('walks through a trusted balancer to the visitor it saw', async () => {
    expect(await seenAddress(behindBalancer, '203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
  });

  it('ignores what a visitor wrote into the header before the trusted hops', async () => {
    expect(await seenAddress(behindBalancer, '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
  });

  it('falls back to the farthest hop when every hop is trusted', async () => {
    expect(await seenAddress(behindBalancer, '10.9.9.9, 10.1.2.3')).toBe('10.9.9.9');
  });
});
