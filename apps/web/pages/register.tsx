import type { Translate } from '@exchange-web/react/i18n/translator';
import { useSessionActions } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useTracking } from '@exchange-web/react/tracking/TrackingProvider';
import { isApiError } from '@exchange-web/client/errors';
import { TrackingId } from '@exchange-web/protocol/registry';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { callEndpoint } from '@exchange-web/client/query/call-endpoint';
import type { SendVerifyCodeRequest } from '@exchange-web/protocol/verification';
import { VerifyChannel, VerifyCodeRule } from '@exchange-web/protocol/verify-code-rule';
import Head from 'next/head';
import { useCallback, useReducer, type ChangeEvent, type FormEvent } from 'react';
import styles from '../components/auth/auth.module.css';
import {
  addressFields,
  firstInvalid,
  initialRegisterForm,
  registerFields,
  registerFormReducer,
  type RegisterField,
} from '../components/auth/register-form';
import { useCodeSender, type CodeSender } from '../components/auth/useCodeSender';
import { useSignInForm } from '../components/auth/useSignInForm';
import {
  channelsOf,
  registerBody,
  registerPaths,
  sendCodeRequest,
  type RegisterKind,
} from '../components/auth/verify-code';
import { Button, ChoiceGroup } from '../components/form/controls';
import { TextField } from '../components/form/TextField';
import formStyles from '../components/form/form.module.css';
import { signInPageProps } from '../lib/page-access';
import { AuthSubmit } from '../components/auth/AuthSubmit';
import { ApiPath, TELEGRAM_RETURN_PATH } from '@exchange-web/protocol/paths';
import { SignInWays } from '../components/auth/useThirdPartySignIn';
import { telegramFailureKey, telegramProof } from '../components/auth/telegram';
import { openIdFailureKey, openIdProof, type OpenIdProvider } from '../components/auth/openid';
import { walletFailureKey, walletProof } from '../components/auth/wallet';

export const getServerSideProps = signInPageProps;

/** A channel's "Send code" button: busy while sending, then counting down to the next send. */
function SendCodeButton(props: {
  channel: VerifyChannel;
  sender: CodeSender;
  onSend: () => void;
  t: Translate;
}) {
  const { channel, sender, onSend, t } = props;
  return (
    <Button
      className={styles.sendCode}
      onClick={onSend}
      loading={sender.sending}
      disabled={sender.secondsLeft > 0}
      data-testid={`send-${channel}-code`}
    >
      {sender.secondsLeft > 0
        ? t('auth.resendIn', { seconds: sender.secondsLeft })
        : t('auth.sendCode')}
    </Button>
  );
}

/**
 * The line under a code field: where the code went (worded the same whether or not the address
 * is registered), or why it could not be sent. The status region is always there, empty at
 * first, so screen readers announce what appears in it and the server's markup matches.
 */
function CodeStatus({
  channel,
  sender,
  t,
}: {
  channel: VerifyChannel;
  sender: CodeSender;
  t: Translate;
}) {
  return (
    <>
      <span role="status" data-testid={`${channel}-code-notice`}>
        {sender.sent
          ? t('auth.codeSent', { target: sender.sent.target, minutes: sender.sent.minutes })
          : ''}
      </span>
      {sender.errorKey ? (
        <span className={formStyles.error} role="alert" data-testid={`${channel}-code-error`}>
          {t(sender.errorKey)}
        </span>
      ) : null}
    </>
  );
}

/**
 * Open an account by email, by mobile number, or by both, each proved by a code sent to it; or
 * with a wallet, proved by its signature (README "Third-party sign-in").
 * Plain form fields, no component library, so a phone's first load stays within its budget.
 */
export default function RegisterPage() {
  const { t, buildPath } = useShellState();
  const { api } = useSessionActions();
  const [form, dispatch] = useReducer(registerFormReducer, initialRegisterForm);
  const { kind, values } = form;
  const { error, submitting, submit, showFailure } = useSignInForm();

  const { track } = useTracking();
  // Through the page's request client: a human-verification challenge (10021) is met there. The
  // answer goes to analytics as the registration's first step (README "Behaviour tracking").
  const postSendCode = useCallback(
    async (request: SendVerifyCodeRequest) => {
      const asked = (outcome: 'sent' | 'refused', code?: string) =>
        track({
          type: 'click',
          eventTrackingId: TrackingId.registerCodeAsked,
          ext: { channel: request.channel, outcome, ...(code === undefined ? {} : { code }) },
        });
      try {
        const reply = await callEndpoint(await api(), Endpoints.sendVerifyCode, request);
        asked('sent');
        return reply;
      } catch (failure) {
        asked('refused', isApiError(failure) ? failure.code : undefined);
        throw failure;
      }
    },
    [api, track],
  );
  // One button state per channel: "both" sends two codes, each with its own pause.
  const emailSender = useCodeSender(postSendCode);
  const mobileSender = useCodeSender(postSendCode);
  const senders: Record<VerifyChannel, CodeSender> = { email: emailSender, mobile: mobileSender };

  const sendCode = (channel: VerifyChannel) => {
    const fields = addressFields[channel];
    // The address must be one before a code is asked for; its field says what is wrong with it.
    dispatch({ type: 'check', fields });
    if (firstInvalid(fields, values)) return;
    void senders[channel].send(sendCodeRequest(channel, values));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Every shown field is checked; nothing is sent while one is wrong, and that one is focused.
    const fields = registerFields(kind);
    dispatch({ type: 'check', fields });
    const invalid = firstInvalid(fields, values);
    if (invalid) {
      document.getElementById(invalid)?.focus();
      return;
    }
    void submit(registerPaths[kind], registerBody(kind, values));
  };

  // One signature of the wallet's message; the registration is human-verified like the others.
  const walletRegister = async () => {
    try {
      const http = await api();
      const proof = await walletProof(() => callEndpoint(http, Endpoints.walletNonce, {}));
      await submit(ApiPath.walletRegister, proof);
    } catch (failure) {
      showFailure(failure, walletFailureKey);
    }
  };

  // Telegram's confirmation in its own window; the registration is human-verified too.
  const telegramRegister = async () => {
    try {
      const proof = await telegramProof(
        async () => callEndpoint(await api(), Endpoints.telegramConfig, {}),
        buildPath(TELEGRAM_RETURN_PATH),
      );
      await submit(ApiPath.telegramRegister, proof, telegramFailureKey);
    } catch (failure) {
      showFailure(failure, telegramFailureKey);
    }
  };

  // Google's or Apple's answer in its own window; the registration is human-verified too.
  const openIdRegister = async (provider: OpenIdProvider) => {
    try {
      const proof = await openIdProof(async () =>
        callEndpoint(
          await api(),
          provider === 'google' ? Endpoints.googleAuthorize : Endpoints.appleAuthorize,
          {},
        ),
      );
      await submit(
        provider === 'google' ? ApiPath.googleRegister : ApiPath.appleRegister,
        proof,
        openIdFailureKey,
      );
    } catch (failure) {
      showFailure(failure, openIdFailureKey);
    }
  };

  // A field's value, change handler and error, as the field components take them.
  const bind = (field: RegisterField) => {
    const said = form.errors[field];
    return {
      name: field,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        dispatch({ type: 'change', field, value: event.currentTarget.value }),
      error: said ? t(said) : null,
    };
  };
  const sendButton = (channel: VerifyChannel) => (
    <SendCodeButton
      channel={channel}
      sender={senders[channel]}
      onSend={() => sendCode(channel)}
      t={t}
    />
  );
  const codeField = (channel: VerifyChannel) => (
    <TextField
      {...bind(channel === VerifyChannel.email ? 'emailCode' : 'mobileCode')}
      label={t(channel === VerifyChannel.email ? 'auth.emailCode' : 'auth.mobileCode')}
      hint={<CodeStatus channel={channel} sender={senders[channel]} t={t} />}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VerifyCodeRule.length}
    />
  );

  const channels = channelsOf(kind);
  const withEmail = channels.includes(VerifyChannel.email);
  const withMobile = channels.includes(VerifyChannel.mobile);
  return (
    <>
      <Head>
        <title>{t('auth.registerTitle')}</title>
      </Head>
      <section className="auth-page" aria-labelledby="register-title">
        <h1 id="register-title">{t('auth.registerTitle')}</h1>
        <p className="auth-lead">{t('auth.registerLead')}</p>
        <form noValidate onSubmit={onSubmit} data-testid="register-form">
          <ChoiceGroup<RegisterKind>
            legend={t('auth.registerBy')}
            showLegend
            name="registerKind"
            value={kind}
            onChange={(next) => dispatch({ type: 'choose', kind: next })}
            data-testid="register-kind"
            options={[
              { value: 'email', label: t('auth.byEmail') },
              { value: 'mobile', label: t('auth.byMobile') },
              { value: 'both', label: t('auth.byBoth') },
            ]}
          />
          {withEmail ? (
            <TextField
              {...bind('email')}
              label={t('auth.email')}
              autoComplete="email"
              inputMode="email"
              button={sendButton(VerifyChannel.email)}
            />
          ) : null}
          {withEmail ? codeField(VerifyChannel.email) : null}
          {withMobile ? (
            <div className="auth-mobile">
              <TextField
                {...bind('areaCode')}
                label={t('auth.areaCode')}
                autoComplete="tel-country-code"
                inputMode="tel"
                placeholder="+81"
              />
              <TextField
                {...bind('mobile')}
                label={t('auth.mobile')}
                autoComplete="tel-national"
                inputMode="numeric"
                button={sendButton(VerifyChannel.mobile)}
              />
            </div>
          ) : null}
          {withMobile ? codeField(VerifyChannel.mobile) : null}
          <TextField
            {...bind('pwd')}
            label={t('auth.password')}
            hint={t('auth.passwordRule')}
            autoComplete="new-password"
            revealLabel={t('auth.showPassword')}
          />
          <TextField
            {...bind('rePwd')}
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            revealLabel={t('auth.showPassword')}
          />
          <AuthSubmit error={error} submitting={submitting} label={t('auth.submitRegister')} />
        </form>
        <p className="auth-switch">
          <SignInWays
            disabled={submitting}
            ways={[
              { testId: 'wallet-register', label: t('auth.walletRegister'), start: walletRegister },
              {
                testId: 'telegram-register',
                label: t('auth.telegramRegister'),
                start: telegramRegister,
              },
              {
                testId: 'google-register',
                label: t('auth.googleRegister'),
                start: () => openIdRegister('google'),
              },
              {
                testId: 'apple-register',
                label: t('auth.appleRegister'),
                start: () => openIdRegister('apple'),
              },
            ]}
          />
        </p>
        <p className="auth-switch">
          {t('auth.haveAccount')} <a href={buildPath('/login')}>{t('header.logIn')}</a>
        </p>
      </section>
    </>
  );
}
