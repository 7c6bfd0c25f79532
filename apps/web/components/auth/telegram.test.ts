// @vitest-environment jsdom
import { ApiError } from '@exchange-web/client/errors';
import { AccountCode } from '@exchange-web/protocol/codes';
import { TelegramRule } from '@exchange-web/protocol/telegram-rule';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PopupBlockedError,
  ProviderWindowClosedError as TelegramClosedError,
} from './provider-window';
import {
  proofFromReturn,
  telegramFailureKey,
  telegramLoginUrl,
  telegramPerson,
  telegramProof,
} from './telegram';

const config = { loginUrl: 'https://oauth.telegram.org/auth', botId: '7000000001' };
const signed =
  'id=424242&first_name=Ada&username=ada_l&auth_date=1790000000&hash=' + 'a'.repeat(64);

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('telegramLoginUrl', () => {
  it("names the site's bot, its origin and the way back", () => {
    const url = new URL(telegramLoginUrl(config, 'https://www.example.com/ja/telegram-login'));
    expect(`${url.origin}${url.pathname}`).toBe('https://oauth.telegram.org/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      bot_id: '7000000001',
      origin: 'https://www.example.com',
      request_access: 'write',
      return_to: 'https://www.example.com/ja/telegram-login',
    });
  });
});

describe('proofFromReturn', () => {
  it('takes the signed fields of the query, all of them, as widget data', () => {
    expect(proofFromReturn({ search: `?${signed}`, hash: '' })).toEqual({
      initData: signed,
      source: 'widget',
    });
  });

  it("takes Telegram's tgAuthResult fragment (base64url JSON)", () => {
    const fields = { id: 424242, first_name: 'Ädä', auth_date: 1790000000, hash: 'b'.repeat(64) };
    const bytes = new TextEncoder().encode(JSON.stringify(fields));
    const base64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const proof = proofFromReturn({ search: '', hash: `#tgAuthResult=${base64url}` });
    expect(proof?.source).toBe('widget');
    expect(Object.fromEntries(new URLSearchParams(proof?.initData))).toEqual({
      id: '424242',
      first_name: 'Ädä',
      auth_date: '1790000000',
      hash: 'b'.repeat(64),
    });
  });

  it('takes a Mini App launch data from the fragment, exactly as Telegram signed it', () => {
    const initData = new URLSearchParams({
      query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
      user: JSON.stringify({ id: 424242, first_name: 'Ada' }),
      auth_date: '1700000000',
      hash: 'c'.repeat(64),
    }).toString();
    const hash = `#${new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'ios',
    })}`;
    const proof = proofFromReturn({ search: '', hash });
    expect(proof).toEqual({ initData, source: 'miniApp' });
    expect(telegramPerson(proof!)).toEqual({ id: '424242', name: 'Ada' });
    // Launch data that names nobody or carries no signature is no proof.
    for (const broken of ['user', 'hash']) {
      const fields = new URLSearchParams(initData);
      fields.delete(broken);
      const launch = new URLSearchParams({ tgWebAppData: fields.toString() });
      expect(proofFromReturn({ search: '', hash: `#${launch}` })).toBeNull();
    }
  });

  it('finds nothing in a page opened without Telegram, or with a broken fragment', () => {
    expect(proofFromReturn({ search: '', hash: '' })).toBeNull();
    expect(proofFromReturn({ search: '?id=5', hash: '' })).toBeNull();
    expect(proofFromReturn({ search: '', hash: '#tgAuthResult=%%%' })).toBeNull();
    expect(proofFromReturn({ search: '', hash: `#tgAuthResult=${btoa('[1]')}` })).toBeNull();
  });
});

describe('telegramPerson', () => {
  it('names the person by username, else first name, for a widget and a Mini App', () => {
    expect(telegramPerson({ initData: signed, source: 'widget' })).toEqual({
      id: '424242',
      name: '@ada_l',
    });
    expect(
      telegramPerson({ initData: 'id=7&first_name=Ada&auth_date=1&hash=x', source: 'widget' }),
    ).toEqual({ id: '7', name: 'Ada' });
    const user = encodeURIComponent(JSON.stringify({ id: 279058397, first_name: 'Vlad' }));
    expect(
      telegramPerson({ initData: `user=${user}&auth_date=1&hash=x`, source: 'miniApp' }),
    ).toEqual({ id: '279058397', name: 'Vlad' });
  });
});

describe('telegramProof', () => {
  /** A window as window.open returns it: its address is set, it may be closed. */
  const popupStub = () => ({ closed: false, location: { href: '' }, close: vi.fn() });

  it("opens the window before asking the gateway, then takes the return page's message", async () => {
    const popup = popupStub();
    const order: string[] = [];
    vi.spyOn(window, 'open').mockImplementation(() => {
      order.push('open');
      return popup as unknown as Window;
    });
    const proof = telegramProof(async () => {
      order.push('config');
      return config;
    }, '/ja/telegram-login');
    await vi.waitFor(() => expect(popup.location.href).not.toBe(''));
    expect(order).toEqual(['open', 'config']);
    expect(new URL(popup.location.href).searchParams.get('return_to')).toBe(
      `${window.location.origin}/ja/telegram-login`,
    );
    const data = {
      type: TelegramRule.returnMessageType,
      proof: { initData: signed, source: 'widget' },
    };
    // Another origin's message, and another window's, are not the answer.
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: 'https://evil.example', source: popup as never }),
    );
    window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: window.location.origin, source: popup as never }),
    );
    await expect(proof).resolves.toEqual({ initData: signed, source: 'widget' });
    // The opener closes the window once the answer is in: the return page does not.
    expect(popup.close).toHaveBeenCalled();
  });

  it('ends the wait when the person closes the window, and says a blocked window', async () => {
    vi.useFakeTimers();
    const popup = popupStub();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const proof = telegramProof(async () => config, '/telegram-login');
    const outcome = expect(proof).rejects.toBeInstanceOf(TelegramClosedError);
    await vi.advanceTimersByTimeAsync(1000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;

    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(telegramProof(async () => config, '/telegram-login')).rejects.toBeInstanceOf(
      PopupBlockedError,
    );
  });

  it('closes the window when the gateway has no Telegram set up', async () => {
    const popup = popupStub();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const unavailable = new ApiError('not set up', AccountCode.thirdPartyUnavailable);
    await expect(telegramProof(() => Promise.reject(unavailable), '/telegram-login')).rejects.toBe(
      unavailable,
    );
    expect(popup.close).toHaveBeenCalled();
  });
});

describe('telegramFailureKey', () => {
  it("words the window's failures and the gateway's refusals for Telegram", () => {
    expect(telegramFailureKey(new PopupBlockedError())).toBe('auth.telegramPopupBlocked');
    expect(telegramFailureKey(new TelegramClosedError())).toBe('auth.telegramCancelled');
    expect(telegramFailureKey(new ApiError('no', AccountCode.thirdPartyProofInvalid))).toBe(
      'auth.telegramProofInvalid',
    );
    expect(telegramFailureKey(new ApiError('no', AccountCode.thirdPartyNotBound))).toBe(
      'auth.telegramNotBound',
    );
    expect(telegramFailureKey(new ApiError('no', AccountCode.thirdPartyBound))).toBe(
      'auth.telegramTaken',
    );
    expect(telegramFailureKey(new ApiError('no', AccountCode.lastWayIn))).toBe(
      'auth.telegramLastWayIn',
    );
    expect(telegramFailureKey(new ApiError('no', AccountCode.thirdPartyUnavailable))).toBe(
      'auth.thirdPartyUnavailable',
    );
  });
});
