import { isApiError } from '@exchange-web/client/errors';
import { AccountCode } from '@exchange-web/protocol/codes';
import { OpenIdRule } from '@exchange-web/protocol/openid-rule';
import type { OpenIdAuthorizeReply, OpenIdProof } from '@exchange-web/protocol/third-party';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { PopupBlockedError, providerAnswer, ProviderWindowClosedError } from './provider-window';

/** The OpenID providers, as the page names them. */
export type OpenIdProvider = 'google' | 'apple';
export const OPENID_PROVIDER_NAMES: Record<OpenIdProvider, string> = {
  google: 'Google',
  apple: 'Apple',
};

/** What the provider sent the return page: its answer, or its refusal (`error`). */
export type OpenIdReturn = { answer: OpenIdProof } | { error: string };

/**
 * What the return page finds in its query: the code, state and issuer of an answer, or the
 * provider's error (the person declined); null when neither is there.
 */
export function openIdReturnFrom(search: string): OpenIdReturn | null {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const state = query.get('state');
  const iss = query.get('iss');
  if (code && state) return { answer: { code, state, ...(iss ? { iss } : {}) } };
  const error = query.get('error');
  return error ? { error } : null;
}

/**
 * Signs in with Google or Apple in a window of its own (README "Third-party sign-in"): the
 * gateway starts the sign-in (`authorize`), the provider sends the window back to this site's
 * return page, which hands its answer back. An answer for another sign-in than the one started
 * here is refused, as is the person declining at the provider.
 */
export async function openIdProof(
  authorize: () => Promise<OpenIdAuthorizeReply>,
): Promise<OpenIdProof> {
  const { data, started } = await providerAnswer(OpenIdRule.returnMessageType, async () => {
    const reply = await authorize();
    return { url: reply.authorizationUrl, started: reply.state };
  });
  const sent = (data as { sent?: OpenIdReturn }).sent;
  if (!sent || !('answer' in sent) || sent.answer.state !== started) {
    throw new ProviderWindowClosedError('the provider sent no answer for this sign-in');
  }
  return sent.answer;
}

/** Google's and Apple's wording of the gateway's third-party refusals. */
const OPENID_REFUSALS: Partial<Record<string, MessageKey>> = {
  [AccountCode.thirdPartyProofInvalid]: 'auth.openIdProofInvalid',
  [AccountCode.thirdPartyNotBound]: 'auth.openIdNotBound',
  [AccountCode.thirdPartyBound]: 'auth.openIdTaken',
  [AccountCode.lastWayIn]: 'auth.openIdLastWayIn',
};

/** The sentence for a failed Google or Apple step. */
export function openIdFailureKey(failure: unknown): MessageKey {
  if (isApiError(failure)) return OPENID_REFUSALS[failure.code] ?? errorMessageKey(failure);
  if (failure instanceof PopupBlockedError) return 'auth.openIdPopupBlocked';
  if (failure instanceof ProviderWindowClosedError) return 'auth.openIdCancelled';
  return errorMessageKey(failure);
}
