import { TelegramRule } from '@exchange-web/protocol/telegram-rule';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { useEffect, useRef, useState } from 'react';
import { handBack } from '../components/auth/provider-window';
import { proofFromReturn } from '../components/auth/telegram';
import { UnknownIdentityOffer, useThirdPartySignIn } from '../components/auth/useThirdPartySignIn';
import { useSignInForm } from '../components/auth/useSignInForm';

const SecondFactorForm = dynamic(
  () => import('../components/auth/SecondFactorForm').then((module) => module.SecondFactorForm),
  { ssr: false },
);

/** What the page is doing with what Telegram sent. */
type ReturnState = 'reading' | 'handedBack' | 'signingIn' | 'missing';

/**
 * Where Telegram's login page sends a person back with the data it signed (README "Third-party
 * sign-in"), and the bot's Mini App page. Opened in Telegram's window by a page of this site, it
 * hands the data to that page and that page closes the window; opened on its own (a phone that
 * kept one tab, or Telegram opening the Mini App with its launch data), it signs in here: the
 * account, or its second step, or an account offered to a Telegram account that has none.
 */
export default function TelegramReturnPage() {
  const { t, buildPath } = useShellState();
  const form = useSignInForm();
  const { error, submitting, submit, challenge, restart, showFailure, prepareSigning } = form;
  const thirdParty = useThirdPartySignIn(form);
  const { withTelegram } = thirdParty;
  const [state, setState] = useState<ReturnState>('reading');
  const started = useRef(false);

  useEffect(() => {
    // Once: the data is single-use, and development's double effects would spend it twice.
    if (started.current) return;
    started.current = true;
    const proof = proofFromReturn(window.location);
    // The signed data leaves the address bar and the history as soon as it is read.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!proof) {
      setState('missing');
      return;
    }
    if (handBack({ type: TelegramRule.returnMessageType, proof })) {
      setState('handedBack');
      return;
    }
    setState('signingIn');
    // Signed in as it loads: signing is readied now, beside the check, not on a first input.
    prepareSigning();
    void withTelegram(async () => proof);
  }, [withTelegram, prepareSigning]);

  return (
    <>
      <Head>
        <title>{t('auth.telegramReturnTitle')}</title>
      </Head>
      <section className="auth-page" aria-labelledby="telegram-return-title">
        <h1 id="telegram-return-title">{t('auth.telegramReturnTitle')}</h1>
        {challenge ? (
          <SecondFactorForm
            challenge={challenge}
            submit={submit}
            submitting={submitting}
            error={error}
            restart={restart}
            showFailure={showFailure}
          />
        ) : (
          <p role="status" data-testid="telegram-return-status">
            {error ??
              (state === 'missing'
                ? t('auth.telegramReturnMissing')
                : state === 'handedBack'
                  ? t('auth.telegramReturnDone')
                  : thirdParty.unknown
                    ? null
                    : t('auth.telegramReturnWorking'))}
          </p>
        )}
        {thirdParty.unknown && !challenge ? (
          <UnknownIdentityOffer unknown={thirdParty.unknown} submitting={submitting} />
        ) : null}
        <p className="auth-switch">
          <a href={buildPath('/login')}>{t('header.logIn')}</a>
        </p>
      </section>
    </>
  );
}
