// @vitest-environment jsdom
import { ApiError } from '@exchange-web/client/errors';
import { AccountCode } from '@exchange-web/protocol/codes';
import { WalletRule } from '@exchange-web/protocol/third-party';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  injectedWallet,
  walletFailureKey,
  walletProof,
  WalletMissingError,
  type Eip1193Provider,
} from './wallet';

const account = privateKeyToAccount(generatePrivateKey());

/** A wallet as an extension injects it, signing with a real key; `asked` records its calls. */
function testWallet(accounts: unknown = [account.address.toLowerCase()]) {
  const asked: string[] = [];
  const wallet: Eip1193Provider = {
    async request({ method, params }) {
      asked.push(method);
      if (method === 'eth_requestAccounts') return accounts;
      if (method === 'personal_sign') {
        expect(params?.[1]).toBe(account.address);
        return account.signMessage({ message: { raw: params?.[0] as `0x${string}` } });
      }
      throw Object.assign(new Error('unsupported'), { code: 4200 });
    },
  };
  return { wallet, asked };
}

afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum;
});

describe('injectedWallet', () => {
  it('finds an EIP-1193 provider on window.ethereum, and nothing else', () => {
    expect(injectedWallet()).toBeNull();
    (window as { ethereum?: unknown }).ethereum = { request: 'not a function' };
    expect(injectedWallet()).toBeNull();
    const { wallet } = testWallet();
    (window as { ethereum?: unknown }).ethereum = wallet;
    expect(injectedWallet()).toBe(wallet);
  });
});

describe('walletProof', () => {
  it('signs an EIP-4361 message for this page, over the nonce, that the address verifies', async () => {
    const { wallet, asked } = testWallet();
    const expiresAt = Date.now() + 300_000;
    const proof = await walletProof(async () => ({ nonce: 'abcdefgh12345678', expiresAt }), wallet);
    expect(asked).toEqual(['eth_requestAccounts', 'personal_sign']);
    // The address as the wallet named it, checksummed.
    expect(proof.publicAddress).toBe(account.address);
    const message = parseSiweMessage(proof.siweMessage);
    expect(message).toMatchObject({
      domain: window.location.host,
      uri: window.location.origin,
      address: account.address,
      chainId: WalletRule.chainId,
      version: '1',
      nonce: 'abcdefgh12345678',
      statement: WalletRule.statement,
    });
    expect(message.expirationTime?.getTime()).toBe(expiresAt);
    expect(
      await verifyMessage({
        address: account.address,
        message: proof.siweMessage,
        signature: proof.signature as `0x${string}`,
      }),
    ).toBe(true);
  });

  it('refuses a wallet that names no account, asking no nonce', async () => {
    let nonces = 0;
    const issue = async () => {
      nonces += 1;
      return { nonce: 'abcdefgh12345678', expiresAt: Date.now() };
    };
    await expect(walletProof(issue, testWallet([]).wallet)).rejects.toBeInstanceOf(
      WalletMissingError,
    );
    expect(nonces).toBe(0);
  });
});

describe('walletFailureKey', () => {
  it('words no wallet, a declined request, and the gateway’s refusals', () => {
    expect(walletFailureKey(new WalletMissingError())).toBe('auth.walletMissing');
    expect(walletFailureKey(Object.assign(new Error('User rejected'), { code: 4001 }))).toBe(
      'auth.walletCancelled',
    );
    expect(walletFailureKey(new ApiError('no', AccountCode.thirdPartyProofInvalid))).toBe(
      'auth.walletProofInvalid',
    );
    expect(walletFailureKey(new ApiError('no', AccountCode.thirdPartyBound))).toBe(
      'auth.walletTaken',
    );
    expect(walletFailureKey(new ApiError('no', AccountCode.lastWayIn))).toBe(
      'auth.walletLastWayIn',
    );
    expect(walletFailureKey(new Error('other'))).toBe('errors.server');
  });
});
