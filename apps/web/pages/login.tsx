import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { LoginRequest } from '@exchange-web/protocol/schemas';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { useState, type FormEvent } from 'react';
import { useSignInForm } from '../components/auth/useSignInForm';
import { TextField } from '../components/form/TextField';
import { signInPageProps } from '../lib/page-access';
import { AuthSubmit } from '../components/auth/AuthSubmit';
import { passkeyAnswer, passkeyFailureKey } from '../components/auth/passkey';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { TELEGRAM_RETURN_PATH } from '@exchange-web/protocol/paths';
import { walletProof } from '../components/auth/wallet';
import { telegramProof } from '../components/auth/telegram';
import { openIdProof, type OpenIdProvider } from '../components/auth/openid';
import {
  SignInWays,
  UnknownIdentityOffer,
  useThirdPartySignIn,
} from '../components/auth/useThirdPartySignIn';

export const getServerSideProps = signInPageProps;

// The QR sign-in and its encoder load only for a visitor who picks it.
const QrLoginPanel = dynamic(() => import('../components/auth/QrLoginPanel'), { ssr: false });
// The second step (an app's code, a passkey, a sent code) only for a sign-in that needs one.
const SecondFactorForm = dynamic(
  () => import('../components/auth/SecondFactorForm').then((module) => module.SecondFactorForm),
  { ssr: false },
);

type LoginField = keyof LoginRequest;

/**
 * Log in with an email, a mobile number or a sub-account name and a password, then, for an
 * account with an authenticator app or a passkey, that second step; or with a passkey alone; or
 * with a wallet (Sign-In with Ethereum), Telegram, Google or Apple, offered an account when it has none; or by a QR
 * code a signed-in device confirms.
 * Plain form fields, no component library: the page a phone opens most often stays within its
 * first-load budget.
 */
export default function LoginPage() {
  const { t, buildPath } = useShellState();
  const form = useSignInForm();
  const { error, submitting, submit, challenge, restart, finish, showFailure } = form;
  const endpoints = useEndpointActions();
  const thirdParty = useThirdPartySignIn(form);
  const [missing, setMissing] = useState<ReadonlySet<LoginField>>(new Set());
  const [byQr, setByQr] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values: LoginRequest = {
      loginName: String(form.get('loginName') ?? ''),
      pwd: String(form.get('pwd') ?? ''),
    };
    // Both are required; a login name of spaces is none. Nothing is sent until both are given.
    const empty = new Set<LoginField>();
    if (values.loginName.trim() === '') empty.add('loginName');
    if (values.pwd === '') empty.add('pwd');
    setMissing(empty);
    const [first] = empty;
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    void submit(ApiPath.login, values);
  };
  // A passkey alone (SPEC 7's verifySystemLogin): the browser offers the site's passkeys.
  const passkeyLogIn = async () => {
    try {
      const { token, options } = await endpoints.call(Endpoints.passkeyOptions, {});
      const fidoVerifyCode = await passkeyAnswer('get', options);
      await submit(ApiPath.verifySystemLogin, { token, fidoVerifyCode });
    } catch (failure) {
      showFailure(failure, passkeyFailureKey);
    }
  };
  // A wallet or Telegram (README "Third-party sign-in"): its proof, then sign-in, or an account
  // offered.
  const walletLogIn = () =>
    thirdParty.withWallet(() => walletProof(() => endpoints.call(Endpoints.walletNonce, {})));
  const openIdLogIn = (provider: OpenIdProvider) =>
    thirdParty.withOpenId(provider, () =>
      openIdProof(() =>
        endpoints.call(
          provider === 'google' ? Endpoints.googleAuthorize : Endpoints.appleAuthorize,
          {},
        ),
      ),
    );
  const telegramLogIn = () =>
    thirdParty.withTelegram(() =>
      telegramProof(
        () => endpoints.call(Endpoints.telegramConfig, {}),
        buildPath(TELEGRAM_RETURN_PATH),
      ),
    );
  const errorOf = (field: LoginField) => (missing.has(field) ? t('auth.required') : null);

  return (
    <>
      <Head>
        <title>{t('auth.logInTitle')}</title>
      </Head>
      <section className="auth-page" aria-labelledby="login-title">
        <h1 id="login-title">{t('auth.logInTitle')}</h1>
        <p className="auth-lead">{t('auth.logInLead')}</p>
        {byQr ? (
          <QrLoginPanel onSignedIn={finish} />
        ) : challenge ? (
          <SecondFactorForm
            challenge={challenge}
            submit={submit}
            submitting={submitting}
            error={error}
            restart={restart}
            showFailure={showFailure}
          />
        ) : (
          <form noValidate onSubmit={onSubmit} data-testid="login-form">
            <TextField
              name="loginName"
              label={t('auth.loginName')}
              hint={t('auth.loginNameHint')}
              error={errorOf('loginName')}
              autoComplete="username"
              inputMode="email"
            />
            <TextField
              name="pwd"
              label={t('auth.password')}
              error={errorOf('pwd')}
              autoComplete="current-password"
              revealLabel={t('auth.showPassword')}
            />
            <AuthSubmit error={error} submitting={submitting} label={t('auth.submitLogIn')} />
          </form>
        )}
        {thirdParty.unknown && !challenge ? (
          <UnknownIdentityOffer unknown={thirdParty.unknown} submitting={submitting} />
        ) : null}
        {challenge ? null : (
          <p className="auth-switch">
            {byQr ? null : (
              <SignInWays
                disabled={submitting}
                ways={[
                  { testId: 'wallet-login', label: t('auth.walletLogIn'), start: walletLogIn },
                  {
                    testId: 'telegram-login',
                    label: t('auth.telegramLogIn'),
                    start: telegramLogIn,
                  },
                  {
                    testId: 'google-login',
                    label: t('auth.googleLogIn'),
                    start: () => openIdLogIn('google'),
                  },
                  {
                    testId: 'apple-login',
                    label: t('auth.appleLogIn'),
                    start: () => openIdLogIn('apple'),
                  },
                  { testId: 'passkey-login', label: t('auth.passkeyLogIn'), start: passkeyLogIn },
                ]}
              />
            )}
            <button
              type="button"
              className="link-button"
              onClick={() => setByQr(!byQr)}
              data-testid="login-method"
            >
              {t(byQr ? 'auth.passwordLogIn' : 'auth.qrLogIn')}
            </button>
          </p>
        )}
        <p className="auth-switch">
          {t('auth.noAccount')} <a href={buildPath('/register')}>{t('header.register')}</a>
        </p>
      </section>
    </>
  );
}
