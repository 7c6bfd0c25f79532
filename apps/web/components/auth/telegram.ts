import { isApiError } from '@exchange-web/client/errors';
import { AccountCode } from '@exchange-web/protocol/codes';
import { TelegramRule, TelegramSource } from '@exchange-web/protocol/telegram-rule';
import type { TelegramConfigReply, TelegramProof } from '@exchange-web/protocol/third-party';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';

/** Thrown when the person closed Telegram's window before it sent them back. */
export class TelegramClosedError extends Error {
  override name = 'TelegramClosedError';
}

/** Thrown when the browser would not open Telegram's window. */
export class PopupBlockedError extends Error {
  override name = 'PopupBlockedError';
}

/** How often the opener looks whether the person closed Telegram's window. */
const CLOSED_POLL_MS = 500;

/** Telegram's login page for this site's bot, sending the person back to `returnUrl`. */
export function telegramLoginUrl(config: TelegramConfigReply, returnUrl: string): string {
  const url = new URL(config.loginUrl);
  url.searchParams.set('bot_id', config.botId);
  url.searchParams.set('origin', new URL(returnUrl).origin);
  url.searchParams.set('request_access', 'write');
  url.searchParams.set('return_to', returnUrl);
  return url.toString();
}

/** The message the return page posts to the page that opened Telegram. */
interface ReturnMessage {
  type: typeof TelegramRule.returnMessageType;
  proof: TelegramProof;
}

const isReturnMessage = (data: unknown): data is ReturnMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as Partial<ReturnMessage>).type === TelegramRule.returnMessageType &&
  typeof (data as Partial<ReturnMessage>).proof?.initData === 'string';

/**
 * Opens Telegram's login page in a window of its own (README "Third-party sign-in") and waits for
 * the return page (`returnPath`, on this site) to hand back the data Telegram signed. The window
 * opens before anything is awaited, inside the click that asked for it, so no pop-up blocker
 * takes it for an unasked one. The page that asked keeps its state (a form's current password).
 */
export async function telegramProof(
  config: () => Promise<TelegramConfigReply>,
  returnPath: string,
): Promise<TelegramProof> {
  const popup = window.open('', 'telegram-login', 'popup,width=550,height=640');
  if (!popup) throw new PopupBlockedError();
  let settings: TelegramConfigReply;
  try {
    settings = await config();
  } catch (failure) {
    popup.close();
    throw failure;
  }
  popup.location.href = telegramLoginUrl(
    settings,
    new URL(returnPath, window.location.origin).href,
  );
  return new Promise<TelegramProof>((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedPoll);
    };
    const onMessage = (event: MessageEvent) => {
      // Only this site's return page, in the window opened here, answers.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (!isReturnMessage(event.data)) return;
      done();
      resolve(event.data.proof);
    };
    // No event tells a window closed: a person who gives up closes it, and the wait ends.
    const closedPoll = window.setInterval(() => {
      if (!popup.closed) return;
      done();
      reject(new TelegramClosedError());
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}

/**
 * The signed data Telegram sent the return page: the Login Widget's fields in the query
 * (`id`, `first_name`, ..., `auth_date`, `hash`), or, from Telegram's own login page, a
 * `tgAuthResult` fragment holding them as base64url JSON. Null when neither is there.
 */
export function proofFromReturn(location: { search: string; hash: string }): TelegramProof | null {
  const query = new URLSearchParams(location.search);
  if (query.has('hash') && query.has('auth_date')) {
    // The way back carries no query of its own: every parameter is one Telegram signed.
    return { initData: query.toString(), source: TelegramSource.widget };
  }
  const fragment = new URLSearchParams(location.hash.replace(/^#/, '')).get('tgAuthResult');
  if (!fragment) return null;
  try {
    const json = atob(fragment.replace(/-/g, '+').replace(/_/g, '/'));
    const fields = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    );
    if (typeof fields !== 'object' || fields === null) return null;
    const signed = new URLSearchParams();
    for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') signed.set(key, String(value));
    }
    return signed.has('hash')
      ? { initData: signed.toString(), source: TelegramSource.widget }
      : null;
  } catch {
    return null;
  }
}

/** Who signed data names, for the page to show: the Telegram id and a name to call them by. */
export function telegramPerson(proof: TelegramProof): { id: string; name: string } {
  const fields = new URLSearchParams(proof.initData);
  let id = fields.get('id') ?? '';
  let name = fields.get('username')
    ? `@${fields.get('username')}`
    : (fields.get('first_name') ?? '');
  if (proof.source === TelegramSource.miniApp) {
    try {
      const user = JSON.parse(fields.get('user') ?? '{}') as { id?: unknown; first_name?: unknown };
      id = String(user.id ?? '');
      name = typeof user.first_name === 'string' ? user.first_name : '';
    } catch {
      id = '';
    }
  }
  return { id, name: name || id };
}

/** The Telegram wording of the gateway's third-party refusals (the wallet's are the default). */
const TELEGRAM_REFUSALS: Partial<Record<string, MessageKey>> = {
  [AccountCode.thirdPartyProofInvalid]: 'auth.telegramProofInvalid',
  [AccountCode.thirdPartyNotBound]: 'auth.telegramNotBound',
  [AccountCode.thirdPartyBound]: 'auth.telegramTaken',
  [AccountCode.lastWayIn]: 'auth.telegramLastWayIn',
};

/**
 * The sentence for a failed Telegram step: the window blocked or closed, then the gateway's
 * refusals by code.
 */
export function telegramFailureKey(failure: unknown): MessageKey {
  if (isApiError(failure)) return TELEGRAM_REFUSALS[failure.code] ?? errorMessageKey(failure);
  if (failure instanceof PopupBlockedError) return 'auth.telegramPopupBlocked';
  if (failure instanceof TelegramClosedError) return 'auth.telegramCancelled';
  return errorMessageKey(failure);
}
