import { isApiError } from '@exchange-web/client/errors';
import { AccountCode } from '@exchange-web/protocol/codes';
import { TelegramRule, TelegramSource } from '@exchange-web/protocol/telegram-rule';
import type { TelegramConfigReply, TelegramProof } from '@exchange-web/protocol/third-party';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { PopupBlockedError, providerAnswer, ProviderWindowClosedError } from './provider-window';

/** Telegram's login page for this site's bot, sending the person back to `returnUrl`. */
export function telegramLoginUrl(config: TelegramConfigReply, returnUrl: string): string {
  const url = new URL(config.loginUrl);
  url.searchParams.set('bot_id', config.botId);
  url.searchParams.set('origin', new URL(returnUrl).origin);
  url.searchParams.set('request_access', 'write');
  url.searchParams.set('return_to', returnUrl);
  return url.toString();
}

/**
 * Opens Telegram's login page in a window of its own (README "Third-party sign-in") and waits for
 * the return page (`returnPath`, on this site) to hand back the data Telegram signed.
 */
export async function telegramProof(
  config: () => Promise<TelegramConfigReply>,
  returnPath: string,
): Promise<TelegramProof> {
  const { data } = await providerAnswer(TelegramRule.returnMessageType, async () => ({
    url: telegramLoginUrl(await config(), new URL(returnPath, window.location.origin).href),
    started: null,
  }));
  const proof = (data as { proof?: Partial<TelegramProof> }).proof;
  if (typeof proof?.initData !== 'string' || proof.source === undefined) {
    throw new ProviderWindowClosedError('the return page sent no data');
  }
  return { initData: proof.initData, source: proof.source };
}

/**
 * The signed data Telegram sent the return page: the Login Widget's fields in the query
 * (`id`, `first_name`, ..., `auth_date`, `hash`), or, from Telegram's own login page, a
 * `tgAuthResult` fragment holding them as base64url JSON; or, when Telegram opened the page as
 * the bot's Mini App, its launch data (`initData`) in the `tgWebAppData` fragment parameter.
 * Null when none is there.
 */
export function proofFromReturn(location: { search: string; hash: string }): TelegramProof | null {
  const query = new URLSearchParams(location.search);
  if (query.has('hash') && query.has('auth_date')) {
    // The way back carries no query of its own: every parameter is one Telegram signed.
    return { initData: query.toString(), source: TelegramSource.widget };
  }
  const fragments = new URLSearchParams(location.hash.replace(/^#/, ''));
  const launchData = fragments.get('tgWebAppData');
  if (launchData) {
    const fields = new URLSearchParams(launchData);
    return fields.has('hash') && fields.has('user')
      ? { initData: launchData, source: TelegramSource.miniApp }
      : null;
  }
  const fragment = fragments.get('tgAuthResult');
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
  if (failure instanceof ProviderWindowClosedError) return 'auth.telegramCancelled';
  return errorMessageKey(failure);
}
