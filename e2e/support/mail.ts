import { VerifyCodeRule } from '@exchange-web/protocol/verification';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CaughtMessage } from '@exchange-web/mail-catcher/message';

export type { CaughtMessage };

/** How long a message may take to arrive: the gateway sends before it answers, so it is quick. */
const ARRIVAL_TIMEOUT_MS = 15_000;
const POLL_INTERVAL_MS = 100;

/** The catcher's messages to one address or number, newest first. */
export async function caughtMessages(mailCatcherUrl: string, to: string): Promise<CaughtMessage[]> {
  const url = new URL('/api/messages', mailCatcherUrl);
  url.searchParams.set('to', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status} for ${url}`);
  return (await response.json()) as CaughtMessage[];
}

/** The ids of the messages already caught for `to`: pass them to {@link waitForMessage}. */
export async function caughtIds(mailCatcherUrl: string, to: string): Promise<string[]> {
  return (await caughtMessages(mailCatcherUrl, to)).map((message) => message.id);
}

/**
 * Waits for the newest message to `to` that is not one of `seen` (the ids caught before the
 * send), polling the catcher until it arrives or the deadline passes.
 */
export async function waitForMessage(
  mailCatcherUrl: string,
  to: string,
  seen: readonly string[] = [],
): Promise<CaughtMessage> {
  const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
  for (;;) {
    const [newest] = await caughtMessages(mailCatcherUrl, to);
    if (newest && !seen.includes(newest.id)) return newest;
    if (Date.now() > deadline)
      throw new Error(
        `no new message to ${to} reached the mail catcher within ${ARRIVAL_TIMEOUT_MS} ms`,
      );
    await sleep(POLL_INTERVAL_MS);
  }
}

const codeInText = new RegExp(`\\b(\\d{${VerifyCodeRule.length}})\\b`);

/** The verification code a message carries, or null (the notice to a registered address has none). */
export const codeOf = (message: CaughtMessage): string | null =>
  codeInText.exec(message.text)?.[1] ?? null;

/**
 * The code of the newest message to `to` (an e-mail address, or `+81 9012345678` for an SMS),
 * waiting until a message not in `seen` arrives; fails when that message carries no code.
 */
export async function readVerifyCode(
  mailCatcherUrl: string,
  to: string,
  seen: readonly string[] = [],
): Promise<string> {
  const message = await waitForMessage(mailCatcherUrl, to, seen);
  const code = codeOf(message);
  if (code === null)
    throw new Error(`the newest message to ${to} carries no code: ${message.text}`);
  return code;
}
