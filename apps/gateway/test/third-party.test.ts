import {
  AuthenticatorRule,
  authenticatorSetupReplySchema,
  secondFactorReplySchema,
} from '@exchange-web/protocol/authenticator';
import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  sessionReplySchema,
  signInHistoryReplySchema,
  userInfoReplySchema,
} from '@exchange-web/protocol/schemas';
import {
  thirdPartyCheckReplySchema,
  thirdPartyListReplySchema,
  walletNonceReplySchema,
  WalletRule,
} from '@exchange-web/protocol/third-party';
import { Secret, TOTP } from 'otpauth';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage, generateSiweNonce } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import {
  registrationBody,
  startTestGateway,
  STRONG_PASSWORD,
  uniqueEmail,
  type GatewayTarget,
} from './support';

let gateway: RunningGateway;
/** Human verification of registrations on, as by default. */
let challenged: RunningGateway;
/** Two nonces per address at most. */
let tight: RunningGateway;
beforeAll(async () => {
  [gateway, challenged, tight] = await Promise.all([
    // Every test here asks for nonces from one address.
    startTestGateway({ thirdPartyNoncesPerIp: { limit: 1_000_000, windowMs: 60_000 } }),
    startTestGateway({ challengeRegister: true }),
    startTestGateway({ thirdPartyNoncesPerIp: { limit: 2, windowMs: 60_000 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway.stop(), challenged.stop(), tight.stop()]);
});

/** A wallet: a real secp256k1 key, signing as an injected wallet would (EIP-191). */
const newWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

interface MessageParts {
  domain: string;
  uri: string;
  chainId: number;
  issuedAt: Date;
  expirationTime: Date;
  address: `0x${string}`;
}

async function nonceFrom(client: SigningClient): Promise<string> {
  const reply = await client.browser.post(ApiPath.walletNonce, {});
  expect(reply.json?.code).toBe('00000');
  return walletNonceReplySchema.parse(reply.json?.data).nonce;
}

/**
 * A signed Sign-In with Ethereum proof for the page at the gateway's address, as the site builds
 * it; `parts` forges any field, `nonce` replaces the issued one.
 */
async function proofFor(
  client: SigningClient,
  wallet: PrivateKeyAccount,
  parts: Partial<MessageParts> & { nonce?: string; signer?: PrivateKeyAccount } = {},
) {
  const site = new URL(client.browser.gateway.url);
  const nonce = parts.nonce ?? (await nonceFrom(client));
  const siweMessage = createSiweMessage({
    domain: parts.domain ?? site.host,
    uri: parts.uri ?? site.origin,
    chainId: parts.chainId ?? WalletRule.chainId,
    version: '1',
    address: parts.address ?? wallet.address,
    nonce,
    issuedAt: parts.issuedAt ?? new Date(),
    expirationTime: parts.expirationTime ?? new Date(Date.now() + 60_000),
    statement: WalletRule.statement,
  });
  const signature = await (parts.signer ?? wallet).signMessage({ message: siweMessage });
  return { publicAddress: wallet.address, siweMessage, signature };
}

async function registerWallet(on: GatewayTarget = gateway) {
  const client = await SigningClient.create(on);
  const wallet = newWallet();
  const reply = await client.postEncrypted(ApiPath.walletRegister, await proofFor(client, wallet));
  expect(reply.json?.code).toBe('00000');
  return { client, wallet, session: sessionReplySchema.parse(reply.json?.data) };
}

async function registerEmail() {
  const client = await SigningClient.create(gateway);
  const email = uniqueEmail('wallet');
  expect(
    (await client.postEncrypted(ApiPath.registerEmail, registrationBody(email))).json?.code,
  ).toBe('00000');
  return { client, email };
}

const check = async (client: SigningClient, publicAddress: string) =>
  thirdPartyCheckReplySchema.parse(
    (await client.postEncrypted(ApiPath.walletCheck, { publicAddress })).json?.data,
  ).bound;

const list = async (client: SigningClient) =>
  thirdPartyListReplySchema.parse((await client.signedPost(ApiPath.thirdPartyList, {})).json?.data);

describe('wallet nonces', () => {
  it('issues a fresh nonce each time, for the rule’s lifetime', async () => {
    const client = await SigningClient.create(gateway);
    const before = Date.now();
    const first = walletNonceReplySchema.parse(
      (await client.browser.post(ApiPath.walletNonce, {})).json?.data,
    );
    const second = await nonceFrom(client);
    expect(first.nonce).not.toBe(second);
    expect(first.expiresAt).toBeGreaterThanOrEqual(before + WalletRule.nonceTtlSeconds * 1000);
  });

  it('refuses a body with fields, and past the per-address limit answers 429', async () => {
    const client = await SigningClient.create(tight);
    const extra = await client.browser.post(ApiPath.walletNonce, { address: '0x0' });
    expect(extra.status).toBe(400);
    expect(extra.json?.code).toBe(GatewayCode.validationFailed);
    await nonceFrom(client);
    await nonceFrom(client);
    const third = await client.browser.post(ApiPath.walletNonce, {});
    expect(third.status).toBe(429);
    expect(third.json?.code).toBe(GatewayCode.rateLimited);
  });
});

describe('registering and signing in with a wallet', () => {
  it('makes an account with no password that the wallet signs into, and check tells it', async () => {
    const { client, wallet, session } = await registerWallet();
    expect(session.userName).toBe(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
    const info = userInfoReplySchema.parse(
      (await client.browser.post(ApiPath.userInfo, { locale: 'en' })).json?.data,
    );
    expect(info.userInfo.userId).toBe(session.userId);
    expect(await list(client)).toEqual({
      items: [{ provider: 'wallet', subject: wallet.address, boundAt: expect.any(Number) }],
      hasPassword: false,
    });

    const visitor = await SigningClient.create(gateway);
    expect(await check(visitor, wallet.address)).toBe(true);
    expect(await check(visitor, wallet.address.toLowerCase())).toBe(true);
    expect(await check(visitor, newWallet().address)).toBe(false);

    const device = await SigningClient.create(gateway);
    const signedIn = await device.postEncrypted(ApiPath.walletSign, await proofFor(device, wallet));
    expect(signedIn.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(signedIn.json?.data).userId).toBe(session.userId);
    const history = signInHistoryReplySchema.parse(
      (await device.signedPost(ApiPath.signInHistory, {})).json?.data,
    );
    expect(history.items[0]).toMatchObject({ result: 'success', factor: 'wallet' });
  });

  it('refuses a second registration of the same wallet and a sign-in of an unknown one', async () => {
    const { wallet } = await registerWallet();
    const again = await SigningClient.create(gateway);
    const twice = await again.postEncrypted(ApiPath.walletRegister, await proofFor(again, wallet));
    expect(twice.status).toBe(409);
    expect(twice.json?.code).toBe(AccountCode.thirdPartyBound);

    const stranger = await SigningClient.create(gateway);
    const unknown = await stranger.postEncrypted(
      ApiPath.walletSign,
      await proofFor(stranger, newWallet()),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json?.code).toBe(AccountCode.thirdPartyNotBound);
  });

  it('asks for human verification before registering, and keeps the nonce for the retry', async () => {
    const client = await SigningClient.create(challenged);
    const proof = await proofFor(client, newWallet());
    const asked = await client.postEncrypted(ApiPath.walletRegister, proof);
    expect(asked.json?.code).toBe('10021');
    // The nonce was not spent by the refused call: the challenge module would retry with it.
    const [row] = await challenged.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM third_party_nonces WHERE position(nonce IN $1) > 0',
      [proof.siweMessage],
    );
    expect(row?.n).toBe(1);
  });

  it('asks an account with an authenticator app for its code after the wallet', async () => {
    const { client, wallet } = await registerWallet();
    const setup = await client.signedPost(ApiPath.authenticatorSetup, {});
    const { secret } = authenticatorSetupReplySchema.parse(setup.json?.data);
    const code = () =>
      new TOTP({
        secret: Secret.fromBase32(secret),
        digits: 6,
        period: 30,
        algorithm: 'SHA1',
      }).generate();
    expect(
      (await client.signedPostEncrypted(ApiPath.authenticatorBind, { googleCode: code() })).json
        ?.code,
    ).toBe('00000');

    const device = await SigningClient.create(gateway);
    const first = await device.postEncrypted(ApiPath.walletSign, await proofFor(device, wallet));
    expect(first.json?.code).toBe('00000');
    const { secondFactor } = secondFactorReplySchema.parse(first.json?.data);
    expect(secondFactor.factors).toEqual(['google']);
    expect(secondFactor.expiresInSeconds).toBe(AuthenticatorRule.loginTicketTtlSeconds);
    // No session yet: the wallet alone does not sign this account in.
    expect((await device.signedPost(ApiPath.thirdPartyList, {})).status).toBe(401);
  });
});

describe('proofs that do not hold', () => {
  type Forge = (client: SigningClient, wallet: PrivateKeyAccount) => ReturnType<typeof proofFor>;
  const cases: [string, Forge][] = [
    [
      'signed by another key',
      (client, wallet) => proofFor(client, wallet, { signer: newWallet() }),
    ],
    [
      'for another site',
      (client, wallet) =>
        proofFor(client, wallet, { domain: 'evil.example', uri: 'https://evil.example' }),
    ],
    [
      'with its URI on another site',
      (client, wallet) => proofFor(client, wallet, { uri: 'https://evil.example/login' }),
    ],
    ['on another chain', (client, wallet) => proofFor(client, wallet, { chainId: 56 })],
    [
      'expired',
      (client, wallet) =>
        proofFor(client, wallet, {
          issuedAt: new Date(Date.now() - 120_000),
          expirationTime: new Date(Date.now() - 1000),
        }),
    ],
    [
      'dated in the future',
      (client, wallet) =>
        proofFor(client, wallet, {
          issuedAt: new Date(Date.now() + 3_600_000),
          expirationTime: new Date(Date.now() + 7_200_000),
        }),
    ],
    [
      'with a nonce never issued',
      (client, wallet) => proofFor(client, wallet, { nonce: generateSiweNonce() }),
    ],
    [
      'naming another address than the one sent',
      async (client, wallet) => ({
        ...(await proofFor(client, newWallet())),
        publicAddress: wallet.address,
      }),
    ],
  ];

  it.each(cases)('refuses a message %s with 21031', async (_name, forge) => {
    const { wallet } = await registerWallet();
    const client = await SigningClient.create(gateway);
    const reply = await client.postEncrypted(ApiPath.walletSign, await forge(client, wallet));
    expect(reply.status).toBe(400);
    expect(reply.json?.code).toBe(AccountCode.thirdPartyProofInvalid);
  });

  it('takes each proof once: the same signed message again is refused', async () => {
    const { wallet } = await registerWallet();
    const client = await SigningClient.create(gateway);
    const proof = await proofFor(client, wallet);
    expect((await client.postEncrypted(ApiPath.walletSign, proof)).json?.code).toBe('00000');
    const replayed = await (
      await SigningClient.create(gateway)
    ).postEncrypted(ApiPath.walletSign, proof);
    expect(replayed.json?.code).toBe(AccountCode.thirdPartyProofInvalid);
  });

  it('refuses a nonce past its lifetime', async () => {
    const { wallet } = await registerWallet();
    const client = await SigningClient.create(gateway);
    const proof = await proofFor(client, wallet);
    await gateway.db.query(
      `UPDATE third_party_nonces SET expires_at = now() - interval '1 second'
       WHERE position(nonce IN $1) > 0`,
      [proof.siweMessage],
    );
    const reply = await client.postEncrypted(ApiPath.walletSign, proof);
    expect(reply.json?.code).toBe(AccountCode.thirdPartyProofInvalid);
  });

  it('refuses malformed fields with 400 before anything is checked', async () => {
    const client = await SigningClient.create(gateway);
    const proof = await proofFor(client, newWallet());
    for (const body of [
      { ...proof, publicAddress: '0x1234' },
      { ...proof, signature: '0xzz' },
      { ...proof, siweMessage: 'x'.repeat(WalletRule.messageMaxLength + 1) },
      { ...proof, extra: true },
      { publicAddress: proof.publicAddress },
    ]) {
      const reply = await client.postEncrypted(ApiPath.walletSign, body);
      expect(reply.status).toBe(400);
      expect(reply.json?.code).toBe(GatewayCode.validationFailed);
    }
  });
});

describe('binding and unbinding a wallet', () => {
  it('binds a wallet to a password account given the password, then signs in with it', async () => {
    const { client } = await registerEmail();
    const wallet = newWallet();
    const noPassword = await client.signedPostEncrypted(
      ApiPath.walletBind,
      await proofFor(client, wallet),
    );
    expect(noPassword.json?.code).toBe(AccountCode.wrongCredentials);
    const bound = await client.signedPostEncrypted(ApiPath.walletBind, {
      ...(await proofFor(client, wallet)),
      pwd: STRONG_PASSWORD,
    });
    expect(bound.json?.code).toBe('00000');
    expect(await list(client)).toMatchObject({
      items: [{ provider: 'wallet', subject: wallet.address }],
      hasPassword: true,
    });
    const device = await SigningClient.create(gateway);
    expect(
      (await device.postEncrypted(ApiPath.walletSign, await proofFor(device, wallet))).json?.code,
    ).toBe('00000');

    // Another account cannot take it.
    const other = await registerEmail();
    const taken = await other.client.signedPostEncrypted(ApiPath.walletBind, {
      ...(await proofFor(other.client, wallet)),
      pwd: STRONG_PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.json?.code).toBe(AccountCode.thirdPartyBound);

    // Unbound with the password, it signs in no more.
    const unbound = await client.signedPostEncrypted(ApiPath.walletUnbind, {
      publicAddress: wallet.address,
      pwd: STRONG_PASSWORD,
    });
    expect(unbound.json?.code).toBe('00000');
    expect((await list(client)).items).toEqual([]);
    const after = await device.postEncrypted(ApiPath.walletSign, await proofFor(device, wallet));
    expect(after.json?.code).toBe(AccountCode.thirdPartyNotBound);
  });

  it('keeps the last way in of an account without a password', async () => {
    const { client, wallet } = await registerWallet();
    const last = await client.signedPostEncrypted(ApiPath.walletUnbind, {
      publicAddress: wallet.address,
    });
    expect(last.status).toBe(409);
    expect(last.json?.code).toBe(AccountCode.lastWayIn);

    // With a second wallet bound, the first may go.
    const second = newWallet();
    expect(
      (await client.signedPostEncrypted(ApiPath.walletBind, await proofFor(client, second))).json
        ?.code,
    ).toBe('00000');
    const first = await client.signedPostEncrypted(ApiPath.walletUnbind, {
      publicAddress: wallet.address,
    });
    expect(first.json?.code).toBe('00000');
    expect((await list(client)).items.map((item) => item.subject)).toEqual([second.address]);

    const missing = await client.signedPostEncrypted(ApiPath.walletUnbind, {
      publicAddress: wallet.address,
    });
    expect(missing.status).toBe(404);
    expect(missing.json?.code).toBe(AccountCode.thirdPartyNotBound);
  });

  it('refuses binding and listing without a signed session', async () => {
    const client = await SigningClient.create(gateway);
    const proof = await proofFor(client, newWallet());
    expect((await client.signedPostEncrypted(ApiPath.walletBind, proof)).status).toBe(401);
    expect((await client.browser.post(ApiPath.thirdPartyList, {})).status).toBe(401);
  });
});
