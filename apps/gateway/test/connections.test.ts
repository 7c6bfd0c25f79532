import { ApiPath } from '@exchange-web/protocol/paths';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { sleep, startTestGateway } from './support';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

/** One GET through `agent`, answering which local port the connection used. */
function getThrough(agent: Agent, url: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(outgoing.socket?.localPort));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('connections', () => {
  it('keeps an idle connection open past the 5 s a proxy in front keeps one, so reuse never races a close', async () => {
    const agent = new Agent({ keepAlive: true, timeout: 60_000 });
    const url = `${gateway.url}${ApiPath.usdtRate}`;
    const first = await getThrough(agent, url);
    await sleep(5_600);
    const second = await getThrough(agent, url);
    agent.destroy();
    expect(second).toBe(first);
  });
});
