import { callEndpoint } from '@exchange-web/client/query/call-endpoint';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  SecondFactor,
  type ResendLoginCodeRequest,
  type VerifyLoginRequest,
} from '@exchange-web/protocol/authenticator';
import { useSessionActions } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { VerifyCodeRule } from '@exchange-web/protocol/verify-code-rule';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { AuthSubmit } from './AuthSubmit';
import { CodeField } from './CodeField';
import { useCodeSender } from './useCodeSender';
import type { SecondFactorChallenge } from './useSignInForm';
import { verifyCodePattern } from './verify-code';

export interface SentCodeFormProps {
  challenge: SecondFactorChallenge;
  submit(path: string, body: VerifyLoginRequest): Promise<void>;
  submitting: boolean;
  error: string | null;
  /** The way back to the password form. */
  back: ReactNode;
}

/**
 * The second step of a sign-in from a device the account has not signed in from, when it has no
 * authenticator app or passkey: the code the gateway sent to its e-mail (or number), shown partly
 * hidden, with a button for another once the pause is over (README "Account security").
 */
export function SentCodeForm({ challenge, submit, submitting, error, back }: SentCodeFormProps) {
  const { t } = useShellState();
  const { api } = useSessionActions();
  const byEmail = challenge.factors.includes(SecondFactor.email);
  const field = byEmail ? 'emailCode' : 'mobileCode';
  const sentTo = challenge.codeSentTo ?? '';
  const [fieldError, setFieldError] = useState<string | null>(null);
  const focusCode = () => document.getElementById(field)?.focus();
  // The step replaces the password form: the code field is where the person now is.
  useEffect(focusCode, [field]);

  const resend = useCallback(
    async (request: ResendLoginCodeRequest) =>
      callEndpoint(await api(), Endpoints.resendLoginCode, request),
    [api],
  );
  const sender = useCodeSender(resend, () => sentTo, {
    resendAfterSeconds: challenge.resendAfterSeconds ?? VerifyCodeRule.resendAfterSeconds,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get(field) ?? '').trim();
    const wrong = !verifyCodePattern.test(code);
    setFieldError(wrong ? t('auth.invalidCode') : null);
    if (wrong) {
      focusCode();
      return;
    }
    const body: VerifyLoginRequest = byEmail
      ? { token: challenge.token, emailCode: code }
      : { token: challenge.token, mobileCode: code };
    void submit(ApiPath.verifyLogin, body);
  };

  return (
    <form noValidate onSubmit={onSubmit} data-testid="sent-code-form">
      <h2 className="auth-step">{t('auth.newDeviceTitle')}</h2>
      <p>
        {t('auth.newDeviceLead', {
          target: sentTo,
          // The code serves as long as this sign-in's ticket.
          minutes: Math.round(challenge.expiresInSeconds / 60),
        })}
      </p>
      <CodeField
        name={field}
        label={t(byEmail ? 'auth.emailCode' : 'auth.mobileCode')}
        error={fieldError}
        sender={sender}
        onSend={() => void sender.send({ token: challenge.token })}
        testId="resend-login-code"
        sentKey="auth.codeResent"
        sendKey="auth.resendCode"
      />
      <AuthSubmit error={error} submitting={submitting} label={t('auth.submitVerify')} />
      <p className="auth-switch">{back}</p>
    </form>
  );
}
