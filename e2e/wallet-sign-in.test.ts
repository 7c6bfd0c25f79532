// Wallet sign-in end to end (issue 23, README "Third-party sign-in"): the browser gets an injected
// EIP-1193 wallet backed by a real secp256k1 key held by the test (viem's local account), so
// every signature the gateway checks is real. Registered from the register page (through human
// verification), signed in on another device, offered an account from the login page, linked to
// a password account on the security page and removed again.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerByEmail, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { passChallenge } from './support/challenge';
import { acceptLegalNotice } from './support/pages';

const siteUrl = inject('siteUrl');
const PASSWORD = 'Wallet-2026-e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** How the injected wallet answers a signature request: it signs, or the person declines. */
type WalletAnswer = 'sign' | 'decline';

/**
 * A device whose browser has the wallet injected as `window.ethereum`: it names the key's
 * address and signs personal_sign requests with the key (EIP-191), as a wallet extension does.
 */
async function deviceWithWallet(wallet: PrivateKeyAccount | null, answer: WalletAnswer = 'sign') {
  const context: BrowserContext = await browser.newContext();
  await acceptLegalNotice(context, siteUrl);
  if (wallet) {
    await context.exposeFunction('walletSignForTest', (hex: `0x${string}`) =>
      answer === 'sign' ? wallet.signMessage({ message: { raw: hex } }) : null,
    );
    await context.addInitScript((address: string) => {
      const sign = (window as unknown as { walletSignForTest(hex: string): Promise<string | null> })
        .walletSignForTest;
      (window as unknown as { ethereum: unknown }).ethereum = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
          if (method === 'personal_sign') {
            const signature = await sign(String(params?.[0]));
            // EIP-1193: the person declined in their wallet.
            if (signature === null)
              throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
            return signature;
          }
          throw Object.assign(new Error(`unsupported method ${method}`), { code: 4200 });
        },
      };
    }, wallet.address);
  }
  const page: Page = await context.newPage();
  return { context, page };
}

describe('signing in with a wallet', () => {
  const wallet = privateKeyToAccount(generatePrivateKey());

  it('registers with the wallet from the register page, through human verification', async () => {
    const { context, page } = await deviceWithWallet(wallet);
    await page.goto(`${siteUrl}/register`);
    await page.getByTestId('wallet-register').click();
    // The stack verifies registrations as by default: the wallet's is asked too.
    await passChallenge(page);
    await page.waitForURL(`${siteUrl}/account`);
    // The account's name is the wallet's address, shortened.
    await page
      .getByText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`)
      .first()
      .waitFor();

    // The security page lists it; with no password, none is asked, and the last way in stays.
    await page.goto(`${siteUrl}/modifyverification#third-party-title`);
    const panel = page.getByTestId('third-party');
    await panel.getByTestId('third-party-list').getByText(wallet.address).waitFor();
    expect(await panel.locator('#thirdPartyPwd').count()).toBe(0);
    await panel.getByRole('button', { name: `Remove ${wallet.address}` }).click();
    await panel
      .getByRole('alert')
      .getByText('This wallet is the only way into your account. Link another wallet first.')
      .waitFor();
    await context.close();
  });

  it('signs in with the wallet on another device', async () => {
    const { context, page } = await deviceWithWallet(wallet);
    await page.goto(`${siteUrl}/login`);
    await page.getByTestId('wallet-login').click();
    await page.waitForURL(`${siteUrl}/account`);
    await context.close();
  });

  it('offers an account to a wallet that has none, and makes it', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const { context, page } = await deviceWithWallet(stranger);
    await page.goto(`${siteUrl}/login`);
    await page.getByTestId('wallet-login').click();
    const offer = page.getByTestId('identity-unknown');
    await offer.getByText(`No account has the wallet ${stranger.address} yet.`).waitFor();
    await offer.getByTestId('identity-create-account').click();
    await passChallenge(page);
    await page.waitForURL(`${siteUrl}/account`);
    await context.close();
  });

  it('says so when the person declines in the wallet, or the browser has none', async () => {
    const declining = await deviceWithWallet(privateKeyToAccount(generatePrivateKey()), 'decline');
    await declining.page.goto(`${siteUrl}/login`);
    await declining.page.getByTestId('wallet-login').click();
    await declining.page
      .getByText('The wallet did not sign. Try again when you are ready.')
      .waitFor();
    expect(new URL(declining.page.url()).pathname).toBe('/login');
    await declining.context.close();

    const without = await deviceWithWallet(null);
    await without.page.goto(`${siteUrl}/login`);
    await without.page.getByTestId('wallet-login').click();
    await without.page
      .getByText('No wallet was found in this browser.', { exact: false })
      .waitFor();
    await without.context.close();
  });
});

describe('linking a wallet to a password account', () => {
  it('links it with the password, signs in with it, then removes it', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const email = uniqueEmail('e2e-wallet');
    const { context, page } = await deviceWithWallet(wallet);
    await registerByEmail(page, siteUrl, email, PASSWORD);
    await page.goto(`${siteUrl}/modifyverification#third-party-title`);
    const panel = page.getByTestId('third-party');
    await panel.getByText('No wallet, Telegram, Google or Apple account is linked.').waitFor();

    // The password first: nothing is asked of the wallet without it.
    await panel.getByRole('button', { name: 'Link a wallet' }).click();
    await page.locator('#thirdPartyPwd[aria-invalid="true"]').waitFor();
    await page.locator('#thirdPartyPwd').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Link a wallet' }).click();
    await panel
      .getByText(`The wallet ${wallet.address} is linked: it can now sign in to your account.`)
      .waitFor();
    await panel.getByTestId('third-party-list').getByText(wallet.address).waitFor();

    const other = await deviceWithWallet(wallet);
    await other.page.goto(`${siteUrl}/login`);
    await other.page.getByTestId('wallet-login').click();
    await other.page.waitForURL(`${siteUrl}/account`);
    await other.context.close();

    await page.locator('#thirdPartyPwd').fill(PASSWORD);
    await panel.getByRole('button', { name: `Remove ${wallet.address}` }).click();
    await panel.getByText(`${wallet.address} is removed.`).waitFor();
    await panel.getByText('No wallet, Telegram, Google or Apple account is linked.').waitFor();
    await context.close();
  });
});
