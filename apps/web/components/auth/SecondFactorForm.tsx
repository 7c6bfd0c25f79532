import { ApiPath } from '@exchange-web/protocol/paths';
import { SecondFactor, type VerifyLoginRequest } from '@exchange-web/protocol/authenticator';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useEffect, useState, type FormEvent } from 'react';
import formStyles from '../form/form.module.css';
import { TextField } from '../form/TextField';
import { factorCodeError, type FactorCodeKind } from './factor-code';
import type { SecondFactorChallenge } from './useSignInForm';
import { AuthSubmit } from './AuthSubmit';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { passkeyAnswer, passkeyFailureKey } from './passkey';
import { SentCodeForm } from './SentCodeForm';

export interface SecondFactorFormProps {
  challenge: SecondFactorChallenge;
  /** The sign-in form's call: posts the code's step and goes on as the password step would. */
  submit(path: string, body: VerifyLoginRequest): Promise<void>;
  submitting: boolean;
  error: string | null;
  /** Back to the password form. */
  restart(): void;
  /** Shows a failure of the passkey prompt, worded by `wording`. */
  showFailure(failure: unknown, wording: (failure: unknown) => MessageKey): void;
}

/**
 * The second step of a sign-in whose account has an authenticator app or a passkey: the app's
 * current code, one of the recovery codes saved when it was linked, or the passkey. From a new
 * device of an account with neither: the code sent to its address ({@link SentCodeForm}).
 */
export function SecondFactorForm({
  challenge,
  submit,
  submitting,
  error,
  restart,
  showFailure,
}: SecondFactorFormProps) {
  const { t } = useShellState();
  const byCode = challenge.factors.includes(SecondFactor.authenticator);
  const passkeyOptions = challenge.factors.includes(SecondFactor.passkey)
    ? challenge.passkeyOptions
    : undefined;
  const [kind, setKind] = useState<FactorCodeKind>('app');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const focusCode = () => document.getElementById('googleCode')?.focus();
  // The step replaces the password form: the code field is where the person now is.
  useEffect(focusCode, [kind]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('googleCode') ?? '');
    const problem = factorCodeError(code, kind);
    setFieldError(problem ? t(problem) : null);
    if (problem) {
      focusCode();
      return;
    }
    void submit(ApiPath.verifyLogin, { token: challenge.token, googleCode: code });
  };

  const usePasskey = async () => {
    if (!passkeyOptions) return;
    try {
      const fidoVerifyCode = await passkeyAnswer('get', passkeyOptions);
      await submit(ApiPath.verifyLogin, { token: challenge.token, fidoVerifyCode });
    } catch (failure) {
      showFailure(failure, passkeyFailureKey);
    }
  };
  const passkeyButton = passkeyOptions ? (
    <button
      type="button"
      className={byCode ? 'link-button' : `button-primary ${formStyles.submit}`}
      disabled={submitting}
      onClick={() => void usePasskey()}
      data-testid="use-passkey"
    >
      {t('auth.usePasskey')}
    </button>
  ) : null;
  const back = (
    <button type="button" className="link-button" onClick={restart}>
      {t('auth.backToPassword')}
    </button>
  );

  if (
    challenge.factors.includes(SecondFactor.email) ||
    challenge.factors.includes(SecondFactor.mobile)
  )
    return (
      <SentCodeForm
        challenge={challenge}
        submit={submit}
        submitting={submitting}
        error={error}
        back={back}
      />
    );

  if (!byCode) {
    return (
      <div data-testid="second-factor-form">
        <h2 className="auth-step">{t('auth.secondFactorTitle')}</h2>
        <p>{t('auth.passkeyStepLead')}</p>
        {error ? (
          <p className={`auth-error ${formStyles.alert}`} role="alert">
            {error}
          </p>
        ) : null}
        {passkeyButton}
        <p className="auth-switch">{back}</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} data-testid="second-factor-form">
      <h2 className="auth-step">{t('auth.secondFactorTitle')}</h2>
      <p>{t(kind === 'app' ? 'auth.secondFactorLead' : 'auth.recoveryLead')}</p>
      <TextField
        key={kind}
        name="googleCode"
        label={t(kind === 'app' ? 'auth.appCode' : 'auth.recoveryCode')}
        hint={kind === 'recovery' ? t('auth.recoveryCodeHint') : undefined}
        error={fieldError}
        autoComplete={kind === 'app' ? 'one-time-code' : 'off'}
        inputMode={kind === 'app' ? 'numeric' : 'text'}
        autoCapitalize={kind === 'recovery' ? 'characters' : undefined}
        spellCheck={false}
      />
      <AuthSubmit error={error} submitting={submitting} label={t('auth.submitVerify')} />
      <p className="auth-switch">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setKind(kind === 'app' ? 'recovery' : 'app');
            setFieldError(null);
          }}
        >
          {t(kind === 'app' ? 'auth.useRecoveryCode' : 'auth.useAppCode')}
        </button>{' '}
        {passkeyButton} {back}
      </p>
    </form>
  );
}
