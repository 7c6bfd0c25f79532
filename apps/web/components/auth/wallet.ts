import { isApiError } from '@exchange-web/client/errors';
import type { WalletNonceReply, WalletProof } from '@exchange-web/protocol/third-party';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';

/** The part of an injected EIP-1193 provider (`window.ethereum`) the sign-in uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

/** Thrown when the browser has no injected wallet to ask. */
export class WalletMissingError extends Error {
  override name = 'WalletMissingError';
}

/** The wallet the browser injects (an extension, a wallet's own browser), if any. */
export function injectedWallet(): Eip1193Provider | null {
  if (typeof window === 'undefined') return null;
  const provider = (window as { ethereum?: unknown }).ethereum;
  return typeof provider === 'object' &&
    provider !== null &&
    typeof (provider as Partial<Eip1193Provider>).request === 'function'
    ? (provider as Eip1193Provider)
    : null;
}

/**
 * Asks the wallet (by default the one the browser injects; none: {@link WalletMissingError}) for its account and a signature of a Sign-In with Ethereum message (EIP-4361)
 * for this page's host, over a nonce the gateway issued (README "Third-party sign-in"). viem,
 * which writes the message, and the rule (with zod) load only now: the login page's first load
 * stays within its budget.
 */
export async function walletProof(
  issueNonce: () => Promise<WalletNonceReply>,
  wallet: Eip1193Provider | null = injectedWallet(),
): Promise<WalletProof> {
  if (!wallet) throw new WalletMissingError();
  const [accounts, { WalletRule }, { createSiweMessage }, { getAddress, stringToHex }] =
    await Promise.all([
      wallet.request({ method: 'eth_requestAccounts' }),
      import('@exchange-web/protocol/third-party'),
      import('viem/siwe'),
      import('viem'),
    ]);
  const [account] = Array.isArray(accounts) ? accounts : [];
  if (typeof account !== 'string') throw new WalletMissingError('the wallet named no account');
  const address = getAddress(account);
  const { nonce, expiresAt } = await issueNonce();
  const siweMessage = createSiweMessage({
    domain: window.location.host,
    uri: window.location.origin,
    address,
    chainId: WalletRule.chainId,
    version: WalletRule.version,
    nonce,
    issuedAt: new Date(),
    expirationTime: new Date(expiresAt),
    statement: WalletRule.statement,
  });
  // personal_sign (EIP-191) takes the message as hex and the account that signs it.
  const signature = await wallet.request({
    method: 'personal_sign',
    params: [stringToHex(siweMessage), address],
  });
  if (typeof signature !== 'string') throw new Error('the wallet answered no signature');
  return { publicAddress: address, siweMessage, signature };
}

/** EIP-1193's code of a request the person refused in their wallet. */
const USER_REJECTED = 4001;

/**
 * The sentence for a failed wallet step: no wallet, the person declining in it, then the
 * gateway's refusals by code.
 */
export function walletFailureKey(failure: unknown): MessageKey {
  if (isApiError(failure)) return errorMessageKey(failure);
  if (failure instanceof WalletMissingError) return 'auth.walletMissing';
  if (
    typeof failure === 'object' &&
    failure !== null &&
    (failure as { code?: unknown }).code === USER_REJECTED
  )
    return 'auth.walletCancelled';
  return errorMessageKey(failure);
}
