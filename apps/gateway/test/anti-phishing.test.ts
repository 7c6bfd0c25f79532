import { ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { userInfoReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { registrationBody, startTestGateway, uniqueEmail } from './support';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

async function signedInUser(): Promise<SigningClient> {
  const client = await SigningClient.create(gateway);
  const reply = await client.postEncrypted(
    ApiPath.registerEmail,
    registrationBody(uniqueEmail('phishing')),
  );
  expect(reply.json?.code).toBe('00000');
  return client;
}

const codeOf = async (client: SigningClient) =>
  userInfoReplySchema.parse(
    (await client.browser.post(ApiPath.userInfo, { locale: 'en' })).json?.data,
  ).userInfo.antiPhishingCode;

describe('POST /v1/user/security/antiPhishing', () => {
  it('sets the phrase (trimmed, any script), shown in the user info, and clears it with nothing', async () => {
    const client = await signedInUser();
    expect(await codeOf(client)).toBe('');
    for (const phrase of ['Blue-Heron_7', 'ласточка', '青い鳥です', 'abcd']) {
      const set = await client.signedPost(ApiPath.antiPhishingSet, {
        antiPhishingCode: ` ${phrase} `,
      });
      expect(set.json?.code, phrase).toBe('00000');
      expect(await codeOf(client)).toBe(phrase);
    }
    const cleared = await client.signedPost(ApiPath.antiPhishingSet, { antiPhishingCode: '' });
    expect(cleared.json?.code).toBe('00000');
    expect(await codeOf(client)).toBe('');
  });

  it('refuses a phrase that could pass for a code, markup, and the wrong lengths, keeping the old one', async () => {
    const client = await signedInUser();
    await client.signedPost(ApiPath.antiPhishingSet, { antiPhishingCode: 'Kept-One' });
    for (const antiPhishingCode of [
      '123456',
      'abc',
      'a'.repeat(21),
      '<b>bold</b>',
      'two words',
      'quote"s',
      42,
      null,
    ]) {
      const refused = await client.signedPost(ApiPath.antiPhishingSet, { antiPhishingCode });
      expect([refused.status, refused.json?.code], String(antiPhishingCode)).toEqual([
        400,
        GatewayCode.validationFailed,
      ]);
    }
    const extra = await client.signedPost(ApiPath.antiPhishingSet, {
      antiPhishingCode: 'Fine-One',
      userId: 'someone-else',
    });
    expect([extra.status, extra.json?.code]).toEqual([400, GatewayCode.validationFailed]);
    expect(await codeOf(client)).toBe('Kept-One');
  });

  it('is a signed core call of a session', async () => {
    const client = await signedInUser();
    const unsigned = await client.browser.post(ApiPath.antiPhishingSet, {
      antiPhishingCode: 'Mine1',
    });
    expect([unsigned.status, unsigned.json?.code]).toEqual([401, ErrorCode.signMissing]);
    const visitor = await SigningClient.create(gateway);
    const anonymous = await visitor.signedPost(ApiPath.antiPhishingSet, {
      antiPhishingCode: 'Mine1',
    });
    expect([anonymous.status, anonymous.json?.code]).toEqual([401, GatewayCode.unauthorized]);
  });
});
