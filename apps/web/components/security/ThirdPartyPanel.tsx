import { Endpoints } from '@exchange-web/protocol/endpoints';
import { TELEGRAM_RETURN_PATH } from '@exchange-web/protocol/paths';
import type { ThirdPartyIdentity } from '@exchange-web/protocol/third-party';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { useAccountActions } from '../account/useAccountActions';
import { takesEitherCode } from '../auth/factor-code';
import {
  OPENID_PROVIDER_NAMES,
  openIdFailureKey,
  openIdProof,
  type OpenIdProvider,
} from '../auth/openid';
import { telegramFailureKey, telegramPerson, telegramProof } from '../auth/telegram';
import { walletFailureKey, walletProof } from '../auth/wallet';
import { Button } from '../form/controls';
import { TextField } from '../form/TextField';
import styles from './security.module.css';

type FactorField = 'thirdPartyPwd' | 'thirdPartyCode';

export interface ThirdPartyPanelProps {
  /** Whether an authenticator app is linked: its code is then asked too. */
  authenticator: boolean;
  actions: ReturnType<typeof useAccountActions>;
}

/** How the panel names an identity: a wallet's address, else the provider and the account's id. */
const nameOf = (identity: ThirdPartyIdentity) =>
  identity.provider === 'wallet'
    ? identity.subject
    : `${identity.provider === 'telegram' ? 'Telegram' : OPENID_PROVIDER_NAMES[identity.provider]} ${identity.subject}`;

/** Each OpenID provider's calls from this panel. */
const OPENID_CHANGES = {
  google: {
    authorize: Endpoints.googleAuthorize,
    bind: Endpoints.googleBind,
    unbind: Endpoints.googleUnbind,
  },
  apple: {
    authorize: Endpoints.appleAuthorize,
    bind: Endpoints.appleBind,
    unbind: Endpoints.appleUnbind,
  },
} as const;

/**
 * The wallets and Telegram accounts that sign in to the account (README "Third-party sign-in"):
 * listed with when each was linked, linked by a wallet's signature or Telegram's confirmation in
 * its own window, and removed. Each change takes the current password of an account that has
 * one (and the app's code when one is linked): the one form here takes them for all. The gateway
 * keeps the last way into an account.
 */
export function ThirdPartyPanel({ authenticator, actions }: ThirdPartyPanelProps) {
  const { t, buildPath } = useShellState();
  const endpoints = useEndpointActions();
  const { busy, dateTime, setNotice, showFailure } = actions;
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<FactorField, string>>>({});
  const list = useEndpointQuery(Endpoints.thirdPartyList, {});
  useEffect(() => {
    if (list.error) showFailure(list.error);
  }, [list.error, showFailure]);
  const hasPassword = list.data?.hasPassword ?? true;

  /** The current factors from the form, or null with the fields' errors shown. */
  const factors = () => {
    const data = new FormData(form.current ?? undefined);
    const value = (name: FactorField) => String(data.get(name) ?? '');
    const found: Partial<Record<FactorField, string>> = {};
    if (hasPassword && value('thirdPartyPwd') === '') found.thirdPartyPwd = t('auth.required');
    const code = value('thirdPartyCode');
    if (authenticator && !takesEitherCode(code))
      found.thirdPartyCode = t('security.invalidEitherCode');
    setErrors(found);
    const [first] = Object.keys(found);
    if (first) {
      document.getElementById(first)?.focus();
      return null;
    }
    return {
      ...(hasPassword ? { pwd: value('thirdPartyPwd') } : {}),
      ...(authenticator ? { googleCode: code } : {}),
    };
  };

  /** Runs a change with the provider's wording of its failures, then shows the list again. */
  const run = (work: () => Promise<string>, wording: (failure: unknown) => MessageKey) =>
    actions.act(
      async () => {
        const notice = await work();
        form.current?.reset();
        await endpoints.invalidate(Endpoints.thirdPartyList);
        setNotice(notice);
      },
      undefined,
      wording,
    );

  const linkWallet = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const given = factors();
    if (!given) return;
    void run(async () => {
      const proof = await walletProof(() => endpoints.call(Endpoints.walletNonce, {}));
      await endpoints.call(Endpoints.walletBind, { ...proof, ...given });
      return t('security.walletLinked', { address: proof.publicAddress });
    }, walletFailureKey);
  };

  // Telegram's window opens inside the click; the factors typed here wait for its answer.
  const linkTelegram = () => {
    const given = factors();
    if (!given) return;
    void run(async () => {
      const proof = await telegramProof(
        () => endpoints.call(Endpoints.telegramConfig, {}),
        buildPath(TELEGRAM_RETURN_PATH),
      );
      await endpoints.call(Endpoints.telegramBind, { ...proof, ...given });
      return t('security.telegramLinked', { name: telegramPerson(proof).name });
    }, telegramFailureKey);
  };

  // The provider's window opens inside the click, as Telegram's does.
  const linkOpenId = (provider: OpenIdProvider) => {
    const given = factors();
    if (!given) return;
    const calls = OPENID_CHANGES[provider];
    void run(async () => {
      const proof = await openIdProof(() => endpoints.call(calls.authorize, {}));
      await endpoints.call(calls.bind, { ...proof, ...given });
      return t('security.openIdLinked', { provider: OPENID_PROVIDER_NAMES[provider] });
    }, openIdFailureKey);
  };

  /** Removes an identity by its provider's call, its failures in that provider's words. */
  const remove = (identity: ThirdPartyIdentity) => {
    const given = factors();
    if (!given) return;
    const { provider, subject } = identity;
    const unbind = (): Promise<unknown> =>
      provider === 'wallet'
        ? endpoints.call(Endpoints.walletUnbind, { publicAddress: subject, ...given })
        : provider === 'telegram'
          ? endpoints.call(Endpoints.telegramUnbind, { id: subject, ...given })
          : endpoints.call(OPENID_CHANGES[provider].unbind, { id: subject, ...given });
    const wording =
      provider === 'wallet'
        ? walletFailureKey
        : provider === 'telegram'
          ? telegramFailureKey
          : openIdFailureKey;
    void run(async () => {
      await unbind();
      return t('security.identityRemoved', { name: nameOf(identity) });
    }, wording);
  };

  const identities = list.data?.items ?? null;
  return (
    <>
      <p>{t('security.thirdPartyLead')}</p>
      {identities === null ? (
        <p aria-busy="true">{t('account.loading')}</p>
      ) : identities.length === 0 ? (
        <p>{t('security.thirdPartyNone')}</p>
      ) : (
        <ul className={styles.passkeyList} data-testid="third-party-list">
          {identities.map((identity) => (
            <li key={`${identity.provider}:${identity.subject}`} className={styles.passkeyRow}>
              <span>
                {/* An address or an id reads left to right in every language. */}
                <strong dir="ltr" className={styles.address}>
                  {nameOf(identity)}
                </strong>
                <br />
                <span className={styles.passkeyDates}>
                  {t('security.walletLinkedOn', { date: dateTime.format(identity.boundAt) })}
                </span>
              </span>
              <Button
                size="small"
                variant="danger"
                loading={busy}
                onClick={() => remove(identity)}
                aria-label={t('security.removeIdentityLabel', { name: nameOf(identity) })}
              >
                {t('security.removeWallet')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form ref={form} noValidate onSubmit={linkWallet} data-testid="third-party-form">
        {hasPassword ? (
          <TextField
            name="thirdPartyPwd"
            label={t('security.currentPassword')}
            error={errors.thirdPartyPwd ?? null}
            autoComplete="current-password"
            revealLabel={t('auth.showPassword')}
          />
        ) : null}
        {authenticator ? (
          <TextField
            name="thirdPartyCode"
            label={t('security.removeCode')}
            error={errors.thirdPartyCode ?? null}
            autoComplete="one-time-code"
            spellCheck={false}
          />
        ) : null}
        <Button type="submit" variant="primary" loading={busy}>
          {t('security.linkWallet')}
        </Button>{' '}
        <Button loading={busy} onClick={linkTelegram} data-testid="link-telegram">
          {t('security.linkTelegram')}
        </Button>{' '}
        <Button loading={busy} onClick={() => linkOpenId('google')} data-testid="link-google">
          {t('security.linkGoogle')}
        </Button>{' '}
        <Button loading={busy} onClick={() => linkOpenId('apple')} data-testid="link-apple">
          {t('security.linkApple')}
        </Button>
      </form>
    </>
  );
}
