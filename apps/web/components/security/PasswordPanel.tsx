import { Endpoints } from '@exchange-web/protocol/endpoints';
import { isStrongPassword } from '@exchange-web/protocol/password-rule';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useState, type FormEvent } from 'react';
import type { useAccountActions } from '../account/useAccountActions';
import { takesEitherCode } from '../auth/factor-code';
import { Button } from '../form/controls';
import { TextField } from '../form/TextField';

type PasswordField = 'currentPwd' | 'newPwd' | 'confirmPwd' | 'passwordCode';

export interface PasswordPanelProps {
  /** Whether an authenticator app is linked: its code is then asked too. */
  authenticator: boolean;
  actions: ReturnType<typeof useAccountActions>;
}

/**
 * Changing the password: the current one, the new one twice, and the app's code when one is
 * linked. Afterwards the other devices are signed out and API keys wait, which the notice says.
 */
export function PasswordPanel({ authenticator, actions }: PasswordPanelProps) {
  const { t } = useShellState();
  const endpoints = useEndpointActions();
  const { act, busy, dateTime } = actions;
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const value = (name: PasswordField) => String(new FormData(form).get(name) ?? '');
    const found: Partial<Record<PasswordField, string>> = {};
    if (value('currentPwd') === '') found.currentPwd = t('auth.required');
    if (!isStrongPassword(value('newPwd'))) found.newPwd = t('auth.passwordRule');
    if (value('confirmPwd') !== value('newPwd')) found.confirmPwd = t('auth.passwordsDiffer');
    if (authenticator && !takesEitherCode(value('passwordCode')))
      found.passwordCode = t('security.invalidEitherCode');
    setErrors(found);
    const [first] = Object.keys(found);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    void act(async () => {
      const { lockedUntil } = await endpoints.call(Endpoints.changePassword, {
        pwd: value('currentPwd'),
        newPwd: value('newPwd'),
        ...(authenticator ? { googleCode: value('passwordCode') } : {}),
      });
      form.reset();
      actions.setNotice(t('security.passwordChanged', { until: dateTime.format(lockedUntil) }));
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} data-testid="change-password">
      <TextField
        name="currentPwd"
        label={t('security.currentPassword')}
        error={errors.currentPwd ?? null}
        autoComplete="current-password"
        revealLabel={t('auth.showPassword')}
      />
      <TextField
        name="newPwd"
        label={t('security.newPassword')}
        hint={t('auth.passwordRule')}
        error={errors.newPwd ?? null}
        autoComplete="new-password"
        revealLabel={t('auth.showPassword')}
      />
      <TextField
        name="confirmPwd"
        label={t('security.confirmNewPassword')}
        error={errors.confirmPwd ?? null}
        autoComplete="new-password"
        revealLabel={t('auth.showPassword')}
      />
      {authenticator ? (
        <TextField
          name="passwordCode"
          label={t('security.removeCode')}
          error={errors.passwordCode ?? null}
          autoComplete="one-time-code"
          spellCheck={false}
        />
      ) : null}
      <p>{t('security.passwordLead')}</p>
      <Button type="submit" variant="primary" loading={busy}>
        {t('security.changePassword')}
      </Button>
    </form>
  );
}
