import { Endpoints } from '@exchange-web/protocol/endpoints';
import type { Passkey } from '@exchange-web/protocol/passkeys';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { useAccountActions } from '../account/useAccountActions';
import { takesEitherCode } from '../auth/factor-code';
import { passkeyAnswer, passkeyFailureKey, passkeysSupported } from '../auth/passkey';
import { Button, Notice, Tag } from '../form/controls';
import { TextField } from '../form/TextField';
import styles from './security.module.css';

type PasskeyField = 'passkeyName' | 'passkeyPwd' | 'passkeyCode';

export interface PasskeyPanelProps {
  /** Whether an authenticator app is linked: its code is then asked too. */
  authenticator: boolean;
  actions: ReturnType<typeof useAccountActions>;
}

/**
 * The account's passkeys (README "Account security"): listed with when each was added and last
 * used, added by the browser's passkey prompt and removed, each change proved by the current
 * password (and the app's code when one is linked), which the one form here takes for both.
 */
export function PasskeyPanel({ authenticator, actions }: PasskeyPanelProps) {
  const { t } = useShellState();
  const endpoints = useEndpointActions();
  const { busy, dateTime, setNotice, showFailure } = actions;
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<PasskeyField, string>>>({});
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(passkeysSupported()), []);
  const list = useEndpointQuery(Endpoints.passkeyList, {});
  useEffect(() => {
    if (list.error) showFailure(list.error);
  }, [list.error, showFailure]);

  /** The current factors from the form, or null with the fields' errors shown. */
  const factors = (needName: boolean) => {
    const data = new FormData(form.current ?? undefined);
    const value = (name: PasskeyField) => String(data.get(name) ?? '');
    const found: Partial<Record<PasskeyField, string>> = {};
    if (needName && value('passkeyName').trim() === '') found.passkeyName = t('auth.required');
    if (value('passkeyPwd') === '') found.passkeyPwd = t('auth.required');
    const code = value('passkeyCode');
    if (authenticator && !takesEitherCode(code))
      found.passkeyCode = t('security.invalidEitherCode');
    setErrors(found);
    const [first] = Object.keys(found);
    if (first) {
      document.getElementById(first)?.focus();
      return null;
    }
    return {
      name: value('passkeyName').trim(),
      pwd: value('passkeyPwd'),
      ...(authenticator ? { googleCode: code } : {}),
    };
  };

  // The browser's prompt (cancelled, not supported) is worded as well as the gateway's refusals.
  const run = (work: () => Promise<string>) =>
    actions.act(async () => setNotice(await work()), undefined, passkeyFailureKey);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const given = factors(true);
    if (!given) return;
    const { name, ...proof } = given;
    void run(async () => {
      const { options } = await endpoints.call(Endpoints.passkeyRegisterOptions, proof);
      const fidoVerifyCode = await passkeyAnswer('create', options);
      const added = await endpoints.call(Endpoints.passkeyRegister, { name, fidoVerifyCode });
      form.current?.reset();
      await endpoints.invalidate(Endpoints.passkeyList);
      return t('security.passkeyAdded', { name: added.name });
    });
  };

  const remove = (passkey: Passkey) => {
    const given = factors(false);
    if (!given) return;
    const { name: _unused, ...proof } = given;
    void run(async () => {
      await endpoints.call(Endpoints.passkeyRemove, { id: passkey.id, ...proof });
      form.current?.reset();
      await endpoints.invalidate(Endpoints.passkeyList);
      return t('security.passkeyRemoved', { name: passkey.name });
    });
  };

  const passkeys = list.data?.items ?? null;
  return (
    <>
      <p>{t('security.passkeysLead')}</p>
      {!supported ? <Notice tone="info">{t('auth.passkeyUnsupported')}</Notice> : null}
      {passkeys === null ? (
        <p aria-busy="true">{t('account.loading')}</p>
      ) : passkeys.length === 0 ? (
        <p>{t('security.passkeysNone')}</p>
      ) : (
        <ul className={styles.passkeyList} data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className={styles.passkeyRow}>
              <span>
                <strong>{passkey.name}</strong>{' '}
                {passkey.synced ? <Tag tone="info">{t('security.passkeySynced')}</Tag> : null}
                <br />
                <span className={styles.passkeyDates}>
                  {t('security.passkeyAddedOn', { date: dateTime.format(passkey.createdAt) })}
                  {' · '}
                  {passkey.lastUsedAt === null
                    ? t('security.passkeyNeverUsed')
                    : t('security.passkeyLastUsed', { date: dateTime.format(passkey.lastUsedAt) })}
                </span>
              </span>
              <Button
                size="small"
                variant="danger"
                loading={busy}
                onClick={() => remove(passkey)}
                aria-label={t('security.removePasskeyLabel', { name: passkey.name })}
              >
                {t('security.removePasskey')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form ref={form} noValidate onSubmit={add} data-testid="passkey-form">
        <p>{t('security.passkeyFactorsLead')}</p>
        <TextField
          name="passkeyPwd"
          label={t('security.currentPassword')}
          error={errors.passkeyPwd ?? null}
          autoComplete="current-password"
          revealLabel={t('auth.showPassword')}
        />
        {authenticator ? (
          <TextField
            name="passkeyCode"
            label={t('security.removeCode')}
            error={errors.passkeyCode ?? null}
            autoComplete="one-time-code"
            spellCheck={false}
          />
        ) : null}
        <TextField
          name="passkeyName"
          label={t('security.passkeyName')}
          hint={t('security.passkeyNameHint')}
          error={errors.passkeyName ?? null}
          maxLength={64}
          autoComplete="off"
        />
        <Button type="submit" variant="primary" loading={busy} disabled={!supported}>
          {t('security.addPasskey')}
        </Button>
      </form>
    </>
  );
}
