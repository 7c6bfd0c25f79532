import { ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName } from '@exchange-web/protocol/registry';
import { describe, expect, it } from 'vitest';
import { signatureHeaders, type SigningClient } from '../test/signing-client';
import type { CallResult } from '../test/support';
import { doors, signedInClient, signingOn } from './support';

// Used request ids (`uhti`) are rows of the shared database (README "Request signing"): a signed
// request captured on its way to one gateway cannot be played again to another.
const { a, b, proxy } = doors();
const OVERVIEW = ApiPath.assetOverview;
const BODY = '{}';

function expectServed(response: CallResult) {
  expect(response.json?.code, response.text).toBe('00000');
  expect(response.headers.get(HeaderName.gwSignError)).toBeNull();
}

function expectReplay(response: CallResult) {
  expect(response.status).toBe(401);
  expect(response.json?.code).toBe(ErrorCode.signInvalid);
  expect(response.headers.get(HeaderName.gwSignError)).toBe('replay');
}

/** Sends the very same request (path, body, signature headers) through `client`'s door. */
const replay = (client: SigningClient, headers: Record<string, string>) =>
  client.browser.send('POST', OVERVIEW, BODY, headers);

describe('a signed core call', () => {
  it('is served by either gateway for a key bound through the other', async () => {
    const { client } = await signedInClient(a);
    expectServed(await signingOn(client, b).signedPost(OVERVIEW, {}));
    expectServed(await signingOn(client, proxy).signedPost(OVERVIEW, {}));
  });

  it('replayed to the other gateway gets 00023 (replay), and to the first one too', async () => {
    const { client } = await signedInClient(a);
    const headers = signatureHeaders(client.key, OVERVIEW, BODY);
    expectServed(await replay(client, headers));
    expectReplay(await replay(signingOn(client, b), headers));
    expectReplay(await replay(client, headers));
  });

  it('replayed through the proxy gets 00023 (replay), whichever gateway each copy reaches', async () => {
    const { client } = await signedInClient(proxy);
    const headers = signatureHeaders(client.key, OVERVIEW, BODY);
    expectServed(await replay(client, headers));
    for (const door of [proxy, proxy, a, b])
      expectReplay(await replay(signingOn(client, door), headers));
  });

  it('sent to both gateways at once is served once: the other copy gets 00023 (replay)', async () => {
    const { client } = await signedInClient(b);
    const headers = signatureHeaders(client.key, OVERVIEW, BODY);
    const replies = await Promise.all(
      [a, b, a, b].map((door) => replay(signingOn(client, door), headers)),
    );
    const served = replies.filter((reply) => reply.json?.code === '00000');
    expect(served).toHaveLength(1);
    for (const reply of replies.filter((candidate) => !served.includes(candidate)))
      expectReplay(reply);
  });
});
