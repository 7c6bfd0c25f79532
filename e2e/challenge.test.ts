import { ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName, TrackingId } from '@exchange-web/protocol/registry';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../scripts/lib.mjs';
import { startStack } from '../scripts/stack.mjs';
import {
  askRegistrationCode,
  enterRegistrationCode,
  newVisitor,
  registerByEmail,
  uniqueEmail,
} from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { challengeDialog, passChallenge } from './support/challenge';
import { caughtMessages } from './support/mail';
import { operatorContext, visitorIdOf, waitForStoredEvents } from './support/tracking';

const siteUrl = inject('siteUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const PASSWORD = 'Human-Trader-2026';
let browser: Browser;
/** The demo operator, who reads what analytics stored. */
let operator: BrowserContext;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  operator = await operatorContext(browser, siteUrl);
});
afterAll(async () => {
  await browser.close();
});

/** The paths of replies seen so far, and a promise settled once `expected` have come. */
const replyTally = (expected: number) => {
  const paths: string[] = [];
  let completed: () => void = () => undefined;
  const complete = new Promise<void>((resolve) => {
    completed = resolve;
  });
  return {
    paths,
    complete,
    add(callPath: string) {
      paths.push(callPath);
      if (paths.length === expected) completed();
    },
  };
};

/** Asks a new address's registration code: sending it is what the register rule challenges. */
const askCode = async (page: Page, base: string, prefix = '') => {
  const email = uniqueEmail('human');
  await askRegistrationCode(page, base, email, PASSWORD, prefix);
  return email;
};

const visitor = async (base: string): Promise<Page> => (await newVisitor(browser, base)).page;

describe('human verification in the browser', () => {
  it('meets a registration’s code with an accessible dialog, then registers once it is passed', async () => {
    const page = await visitor(siteUrl);
    const sends: { token: string | undefined }[] = [];
    const registrations: { token: string | undefined }[] = [];
    page.on('request', (request) => {
      const callPath = new URL(request.url()).pathname;
      const token = request.headers()[HeaderName.captchaToken];
      if (callPath === ApiPath.sendVerifyCode) sends.push({ token });
      if (callPath === ApiPath.registerEmail) registrations.push({ token });
    });
    const email = await askCode(page, siteUrl);
    const dialog = challengeDialog(page);
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('dialog');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Verify you are human' }).count())
      .toBe(1);
    // Focus moves into the dialog.
    expect(
      await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
    ).toBe(true);
    await passChallenge(page);
    await enterRegistrationCode(page, mailCatcherUrl, email);
    await page.waitForURL(`${siteUrl}/account`);
    // The send was refused first, then sent again with the pass token; the registration, which
    // the code now proves, went once and unchallenged.
    expect(sends.map((entry) => entry.token === undefined)).toEqual([true, false]);
    expect(registrations.map((entry) => entry.token === undefined)).toEqual([true]);
    await page.context().close();
  });

  it('tells the visitor when they close it, and nothing is sent or registered', async () => {
    const page = await visitor(siteUrl);
    const email = await askCode(page, siteUrl);
    await challengeDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await challengeDialog(page).waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId('email-code-error').textContent())
      .toBe(
        'The human verification was closed before it was completed. Please try again and complete it to continue.',
      );
    expect(await page.getByTestId('email-code-notice').textContent()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await page.context().cookies()).not.toContainEqual(
      expect.objectContaining({ name: 'signed_in' }),
    );
    // A refused send sends nothing: no code reached the address.
    expect(await caughtMessages(mailCatcherUrl, email)).toEqual([]);
    // Trying again and passing it works.
    await page.getByTestId('send-email-code').click();
    await passChallenge(page);
    await enterRegistrationCode(page, mailCatcherUrl, email);
    await page.waitForURL(`${siteUrl}/account`);
    // Analytics heard each step: shown, closed, shown, solved, then the registration's answer.
    const steps = [
      TrackingId.challengeShown,
      TrackingId.challengeClosed,
      TrackingId.challengeSolved,
      TrackingId.registerCodeAsked,
      TrackingId.registerResult,
    ];
    const events = await waitForStoredEvents(
      operator,
      siteUrl,
      { visitorId: await visitorIdOf(page) },
      (stored) =>
        [TrackingId.challengeShown, TrackingId.registerCodeAsked].every(
          (id) => stored.filter((event) => event.event_tracking_id === id).length === 2,
        ) && steps.every((id) => stored.some((event) => event.event_tracking_id === id)),
    );
    const ordered = events
      .filter((event) => steps.includes(event.event_tracking_id as (typeof steps)[number]))
      .sort((a, b) => Number(a.ctime) - Number(b.ctime) || Number(a.seq) - Number(b.seq));
    expect(ordered.map((event) => [event.event_tracking_id, event.event_tracking_ext])).toEqual([
      [TrackingId.challengeShown, { scene: 'register' }],
      [TrackingId.challengeClosed, { scene: 'register' }],
      [
        TrackingId.registerCodeAsked,
        { channel: 'email', outcome: 'refused', code: ErrorCode.challengeDismissed },
      ],
      [TrackingId.challengeShown, { scene: 'register' }],
      [TrackingId.challengeSolved, { scene: 'register' }],
      [TrackingId.registerCodeAsked, { channel: 'email', outcome: 'sent' }],
      [TrackingId.registerResult, { call: ApiPath.registerEmail, outcome: 'signedIn' }],
    ]);
    await page.context().close();
  });

  it('is translated and right to left in Arabic', async () => {
    const page = await visitor(siteUrl);
    await askCode(page, siteUrl, '/ar');
    const dialog = challengeDialog(page);
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    expect(await dialog.textContent()).not.toContain('Verify you are human');
    await page.keyboard.press('Escape');
    await page.context().close();
  });
});

describe('several calls meeting a challenge at once', () => {
  // A stack of its own, whose burst limit the test reaches exactly: the shared one keeps defaults.
  const BURST_LIMIT = 40;
  let stack: Awaited<ReturnType<typeof startStack>>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-burst-'));
    stack = await startStack({
      port: await freePort(),
      gatewayPort: await freePort(),
      headerFooterPort: await freePort(),
      dataDir,
      quiet: true,
      env: {
        GATEWAY_CHALLENGE_BURST: String(BURST_LIMIT),
        GATEWAY_CHALLENGE_REGISTER: '0',
        GATEWAY_CHALLENGE_NEW_DEVICE: '0',
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows one dialog for three calls, and all three go through once it is passed', async () => {
    const base = stack.url.replace('localhost', '127.0.0.1');
    const page = await visitor(base);
    let accountCalls = 0;
    page.on('request', (request) => {
      const callPath = new URL(request.url()).pathname;
      // What the burst rule counts: account calls, but never logout or clear cookie.
      if (
        callPath.startsWith('/v1/user/') &&
        callPath !== ApiPath.logout &&
        callPath !== ApiPath.clearCookie
      ) {
        accountCalls += 1;
      }
    });
    // This stack's own catcher; its register rule is off, so sending the code meets no challenge.
    await registerByEmail(page, base, uniqueEmail('human'), PASSWORD, {
      mailCatcherUrl: stack.mailCatcherUrl,
      challenged: false,
    });
    await page.getByTestId('api-key-count').waitFor();
    await page.waitForLoadState('networkidle');

    // Bring the address exactly to the limit, so the next three calls all go past it together.
    const padding = BURST_LIMIT - accountCalls;
    expect(padding).toBeGreaterThan(0);
    await page.evaluate(
      async ({ count, userInfo }) => {
        for (let index = 0; index < count; index += 1) {
          await fetch(userInfo, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"locale":"en"}',
          });
        }
      },
      { count: padding, userInfo: ApiPath.userInfo },
    );

    const lists = [ApiPath.subAccountList, ApiPath.deviceList, ApiPath.apiKeyList];
    // The calls after the visible pass wait for proofs of work solved in the page, which take as
    // long as the machine needs: the test waits for the replies themselves, not for a clock.
    const challenged = replyTally(lists.length);
    const passed = replyTally(lists.length);
    page.on('response', async (response) => {
      const callPath = new URL(response.url()).pathname;
      if (!lists.includes(callPath as (typeof lists)[number])) return;
      const code = ((await response.json()) as { code: string }).code;
      (code === ErrorCode.challengeRequired ? challenged : passed).add(callPath);
    });
    // Coming back to the tab refreshes the three lists side by side.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await challengeDialog(page).waitFor();
    await challenged.complete;
    expect(await challengeDialog(page).count()).toBe(1);

    await passChallenge(page);
    await passed.complete;
    expect(passed.paths.sort()).toEqual([...lists].sort());
    expect(challenged.paths).toHaveLength(lists.length);
    // No second dialog, and the page shows no error.
    await page.waitForTimeout(1_000);
    expect(await challengeDialog(page).count()).toBe(0);
    // Within the account page's own region: Next's route announcer is an alert of its own.
    const account = page.getByRole('region', { name: 'Account', exact: true });
    await account.waitFor();
    expect(await account.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });
});
