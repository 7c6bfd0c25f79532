import { OpenIdRule } from '@exchange-web/protocol/openid-rule';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import Head from 'next/head';
import { useEffect, useState } from 'react';
import { openIdReturnFrom } from '../components/auth/openid';
import { handBack } from '../components/auth/provider-window';

/**
 * Where Google and Apple send a person back (the redirect URI registered with each; paths
 * `OPENID_RETURN_PATH`, README "Third-party sign-in"): in the window a page of this site opened,
 * it hands the provider's answer (or refusal) to that page, which started the sign-in and checks
 * the answer is for it, and closes this window. Reached any other way, it says where to start.
 */
export default function OpenIdReturnPage() {
  const { t, buildPath } = useShellState();
  const [handed, setHanded] = useState<boolean | null>(null);

  useEffect(() => {
    const sent = openIdReturnFrom(window.location.search);
    // The code leaves the address bar and the history as soon as it is read.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    setHanded(sent !== null && handBack({ type: OpenIdRule.returnMessageType, sent }));
  }, []);

  return (
    <>
      <Head>
        <title>{t('auth.openIdReturnTitle')}</title>
      </Head>
      <section className="auth-page" aria-labelledby="openid-return-title">
        <h1 id="openid-return-title">{t('auth.openIdReturnTitle')}</h1>
        <p role="status" data-testid="openid-return-status">
          {handed === null
            ? null
            : handed
              ? t('auth.openIdReturnDone')
              : t('auth.openIdReturnMissing')}
        </p>
        <p className="auth-switch">
          <a href={buildPath('/login')}>{t('header.logIn')}</a>
        </p>
      </section>
    </>
  );
}
