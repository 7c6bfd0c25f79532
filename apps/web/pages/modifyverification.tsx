import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import Head from 'next/head';
import { useAccountActions } from '../components/account/useAccountActions';
import { Notice } from '../components/form/controls';
import { AuthenticatorPanel } from '../components/security/AuthenticatorPanel';
import { ContactPanel } from '../components/security/ContactPanel';
import { PasskeyPanel } from '../components/security/PasskeyPanel';
import { PasswordPanel } from '../components/security/PasswordPanel';
import securityStyles from '../components/security/security.module.css';
import { signedInPageProps } from '../lib/page-access';

// SPEC 2 lists `modifyverification` among the pages and shows none: read as the page where a
// person changes how they prove it is them, starting with the authenticator app (issue 19).
export const getServerSideProps = signedInPageProps('/modifyverification');

/** The page's sections, each linked from its top (the page is long on a phone). */
const SECTIONS = [
  ['authenticator-title', 'security.authenticatorTitle'],
  ['passkeys-title', 'security.passkeysTitle'],
  ['password-title', 'security.passwordTitle'],
  ['contact-title', 'security.contactTitle'],
] as const;

/**
 * The security settings: the authenticator app as the second step of every sign-in, passkeys,
 * the password, and the e-mail address and mobile number.
 */
export default function SecuritySettingsPage() {
  const { t, buildPath } = useShellState();
  const { user } = useSession();
  const actions = useAccountActions();
  const { error, notice } = actions;
  // Each panel says its own outcome, beside its own form.
  const passwordActions = useAccountActions();
  const passkeyActions = useAccountActions();
  const emailActions = useAccountActions();
  const mobileActions = useAccountActions();

  return (
    <>
      <Head>
        <title>{t('security.title')}</title>
      </Head>
      <section className="account-page" aria-labelledby="security-title">
        <h1 id="security-title">{t('security.title')}</h1>
        <p className="auth-lead">{t('security.lead')}</p>
        {!user ? (
          <p aria-busy="true">{t('account.loading')}</p>
        ) : (
          <>
            <nav aria-label={t('security.title')}>
              <ul className={securityStyles.sections}>
                {SECTIONS.map(([id, title]) => (
                  <li key={id}>
                    <a href={`#${id}`}>{t(title)}</a>
                  </li>
                ))}
              </ul>
            </nav>
            <h2 id="authenticator-title">{t('security.authenticatorTitle')}</h2>
            <div aria-labelledby="authenticator-title" role="group" data-testid="authenticator">
              {error ? <Notice tone="error">{error}</Notice> : null}
              {notice ? <Notice tone="success">{notice}</Notice> : null}
              <AuthenticatorPanel bound={user.settings.gbf} actions={actions} />
            </div>
            <h2 id="passkeys-title">{t('security.passkeysTitle')}</h2>
            <div aria-labelledby="passkeys-title" role="group" data-testid="passkeys">
              {passkeyActions.error ? <Notice tone="error">{passkeyActions.error}</Notice> : null}
              {passkeyActions.notice ? (
                <Notice tone="success">{passkeyActions.notice}</Notice>
              ) : null}
              <PasskeyPanel authenticator={user.settings.gbf} actions={passkeyActions} />
            </div>
            <h2 id="password-title">{t('security.passwordTitle')}</h2>
            <div aria-labelledby="password-title" role="group" data-testid="password">
              {passwordActions.error ? <Notice tone="error">{passwordActions.error}</Notice> : null}
              {passwordActions.notice ? (
                <Notice tone="success">{passwordActions.notice}</Notice>
              ) : null}
              <PasswordPanel authenticator={user.settings.gbf} actions={passwordActions} />
            </div>
            <h2 id="contact-title">{t('security.contactTitle')}</h2>
            <p>{t('security.contactLead')}</p>
            {(['email', 'mobile'] as const).map((channel) => {
              const channelActions = channel === 'email' ? emailActions : mobileActions;
              const info = user.userInfo;
              const number = info.mobile ? `+${info.areaCode} ${info.mobile}` : '';
              return (
                <div
                  key={channel}
                  role="group"
                  aria-label={t(
                    channel === 'email' ? 'security.changeEmail' : 'security.changeMobile',
                  )}
                  data-testid={`contact-${channel}`}
                >
                  {channelActions.error ? (
                    <Notice tone="error">{channelActions.error}</Notice>
                  ) : null}
                  {channelActions.notice ? (
                    <Notice tone="success">{channelActions.notice}</Notice>
                  ) : null}
                  <ContactPanel
                    channel={channel}
                    current={channel === 'email' ? info.email : number}
                    consentTarget={info.email || number}
                    authenticator={user.settings.gbf}
                    actions={channelActions}
                  />
                </div>
              );
            })}
            <p>
              <a href={buildPath('/account')}>{t('security.backToAccount')}</a>
            </p>
          </>
        )}
      </section>
    </>
  );
}
