import { Endpoints } from '@exchange-web/protocol/endpoints';
import type { ThirdPartyIdentity } from '@exchange-web/protocol/third-party';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { useAccountActions } from '../account/useAccountActions';
import { takesEitherCode } from '../auth/factor-code';
import { walletFailureKey, walletProof } from '../auth/wallet';
import { Button } from '../form/controls';
import { TextField } from '../form/TextField';
import styles from './security.module.css';

type WalletField = 'walletPwd' | 'walletCode';

export interface WalletPanelProps {
  /** Whether an authenticator app is linked: its code is then asked too. */
  authenticator: boolean;
  actions: ReturnType<typeof useAccountActions>;
}

/**
 * The wallets that sign in to the account (README "Third-party sign-in"): listed with when each
 * was linked, linked by a signature of the wallet the browser injects, and removed. Each change
 * takes the current password of an account that has one (and the app's code when one is linked):
 * the one form here takes them for both. The gateway keeps the last way into an account.
 */
export function WalletPanel({ authenticator, actions }: WalletPanelProps) {
  const { t } = useShellState();
  const endpoints = useEndpointActions();
  const { busy, dateTime, setNotice, showFailure } = actions;
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<WalletField, string>>>({});
  const list = useEndpointQuery(Endpoints.thirdPartyList, {});
  useEffect(() => {
    if (list.error) showFailure(list.error);
  }, [list.error, showFailure]);
  const hasPassword = list.data?.hasPassword ?? true;

  /** The current factors from the form, or null with the fields' errors shown. */
  const factors = () => {
    const data = new FormData(form.current ?? undefined);
    const value = (name: WalletField) => String(data.get(name) ?? '');
    const found: Partial<Record<WalletField, string>> = {};
    if (hasPassword && value('walletPwd') === '') found.walletPwd = t('auth.required');
    const code = value('walletCode');
    if (authenticator && !takesEitherCode(code)) found.walletCode = t('security.invalidEitherCode');
    setErrors(found);
    const [first] = Object.keys(found);
    if (first) {
      document.getElementById(first)?.focus();
      return null;
    }
    return {
      ...(hasPassword ? { pwd: value('walletPwd') } : {}),
      ...(authenticator ? { googleCode: code } : {}),
    };
  };

  // The wallet's prompt (none, declined) is worded as well as the gateway's refusals.
  const run = (work: () => Promise<string>) =>
    actions.act(async () => setNotice(await work()), undefined, walletFailureKey);

  const link = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const given = factors();
    if (!given) return;
    void run(async () => {
      const proof = await walletProof(() => endpoints.call(Endpoints.walletNonce, {}));
      await endpoints.call(Endpoints.walletBind, { ...proof, ...given });
      form.current?.reset();
      await endpoints.invalidate(Endpoints.thirdPartyList);
      return t('security.walletLinked', { address: proof.publicAddress });
    });
  };

  const remove = (identity: ThirdPartyIdentity) => {
    const given = factors();
    if (!given) return;
    void run(async () => {
      await endpoints.call(Endpoints.walletUnbind, {
        publicAddress: identity.subject,
        ...given,
      });
      form.current?.reset();
      await endpoints.invalidate(Endpoints.thirdPartyList);
      return t('security.walletRemoved', { address: identity.subject });
    });
  };

  const wallets = list.data?.items.filter((item) => item.provider === 'wallet') ?? null;
  return (
    <>
      <p>{t('security.walletsLead')}</p>
      {wallets === null ? (
        <p aria-busy="true">{t('account.loading')}</p>
      ) : wallets.length === 0 ? (
        <p>{t('security.walletsNone')}</p>
      ) : (
        <ul className={styles.passkeyList} data-testid="wallet-list">
          {wallets.map((identity) => (
            <li key={identity.subject} className={styles.passkeyRow}>
              <span>
                {/* An address reads left to right in every language. */}
                <strong dir="ltr" className={styles.address}>
                  {identity.subject}
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
                aria-label={t('security.removeWalletLabel', { address: identity.subject })}
              >
                {t('security.removeWallet')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form ref={form} noValidate onSubmit={link} data-testid="wallet-form">
        {hasPassword ? (
          <TextField
            name="walletPwd"
            label={t('security.currentPassword')}
            error={errors.walletPwd ?? null}
            autoComplete="current-password"
            revealLabel={t('auth.showPassword')}
          />
        ) : null}
        {authenticator ? (
          <TextField
            name="walletCode"
            label={t('security.removeCode')}
            error={errors.walletCode ?? null}
            autoComplete="one-time-code"
            spellCheck={false}
          />
        ) : null}
        <Button type="submit" variant="primary" loading={busy}>
          {t('security.linkWallet')}
        </Button>
      </form>
    </>
  );
}
