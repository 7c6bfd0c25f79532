// @vitest-environment jsdom
import { ApiError } from '@exchange-web/client/errors';
import { AccountCode } from '@exchange-web/protocol/codes';
import { OpenIdRule } from '@exchange-web/protocol/openid-rule';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openIdFailureKey, openIdProof, openIdReturnFrom } from './openid';
import { PopupBlockedError, ProviderWindowClosedError } from './provider-window';

afterEach(() => vi.restoreAllMocks());

const STATE = 'S'.repeat(43);
const authorized = {
  authorizationUrl: 'https://accounts.google.com/o/oauth2/auth?x=1',
  state: STATE,
};

describe('openIdReturnFrom', () => {
  it('reads the code, state and issuer of an answer, or the provider’s refusal', () => {
    expect(
      openIdReturnFrom(`?code=c1&state=${STATE}&iss=https%3A%2F%2Faccounts.google.com`),
    ).toEqual({
      answer: { code: 'c1', state: STATE, iss: 'https://accounts.google.com' },
    });
    expect(openIdReturnFrom(`?code=c1&state=${STATE}`)).toEqual({
      answer: { code: 'c1', state: STATE },
    });
    expect(openIdReturnFrom(`?error=access_denied&state=${STATE}`)).toEqual({
      error: 'access_denied',
    });
    expect(openIdReturnFrom('')).toBeNull();
    expect(openIdReturnFrom('?code=c1')).toBeNull();
  });
});

describe('openIdProof', () => {
  const popupStub = () => ({ closed: false, location: { href: '' }, close: vi.fn() });
  const answer = (popup: object, sent: unknown) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: OpenIdRule.returnMessageType, sent },
        origin: window.location.origin,
        source: popup as never,
      }),
    );

  it('sends the window to the provider and takes the answer for the sign-in it started', async () => {
    const popup = popupStub();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const proof = openIdProof(async () => authorized);
    await vi.waitFor(() => expect(popup.location.href).toBe(authorized.authorizationUrl));
    answer(popup, { answer: { code: 'c1', state: STATE } });
    await expect(proof).resolves.toEqual({ code: 'c1', state: STATE });
  });

  it('refuses an answer for another sign-in, and the person declining at the provider', async () => {
    for (const sent of [
      { answer: { code: 'c1', state: 'T'.repeat(43) } },
      { error: 'access_denied' },
    ]) {
      const popup = popupStub();
      vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
      const proof = openIdProof(async () => authorized);
      await vi.waitFor(() => expect(popup.location.href).not.toBe(''));
      answer(popup, sent);
      await expect(proof).rejects.toBeInstanceOf(ProviderWindowClosedError);
    }
  });
});

describe('openIdFailureKey', () => {
  it('words the window’s failures and the gateway’s refusals for Google and Apple', () => {
    expect(openIdFailureKey(new PopupBlockedError())).toBe('auth.openIdPopupBlocked');
    expect(openIdFailureKey(new ProviderWindowClosedError())).toBe('auth.openIdCancelled');
    expect(openIdFailureKey(new ApiError('no', AccountCode.thirdPartyProofInvalid))).toBe(
      'auth.openIdProofInvalid',
    );
    expect(openIdFailureKey(new ApiError('no', AccountCode.thirdPartyNotBound))).toBe(
      'auth.openIdNotBound',
    );
    expect(openIdFailureKey(new ApiError('no', AccountCode.thirdPartyBound))).toBe(
      'auth.openIdTaken',
    );
    expect(openIdFailureKey(new ApiError('no', AccountCode.lastWayIn))).toBe(
      'auth.openIdLastWayIn',
    );
  });
});
