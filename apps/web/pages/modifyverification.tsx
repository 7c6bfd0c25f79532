import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import Head from 'next/head';
import type { ReactNode } from 'react';
import { useAccountActions } from '../components/account/useAccountActions';
import { Notice } from '../components/form/controls';
import { AuthenticatorPanel } from '../components/security/AuthenticatorPanel';
import { ContactPanel } from '../components/security/ContactPanel';
import { PasskeyPanel } from '../components/security/PasskeyPanel';
import { PasswordPanel } from '../components/security/PasswordPanel';
import { ThirdPartyPanel } from '../components/security/ThirdPartyPanel';
import securityStyles from '../components/security/security.module.css';
import { signedInPageProps } from '../lib/page-access';

// SPEC 2 lists `modifyverification` among the pages and shows none: read as the page where a
// person changes how they prove it is them, starting with the authenticator app (issue 19).
export const getServerSideProps = signedInPageProps('/modifyverification');

/** The page's sections, each linked from its top (the page is long on a phone). */
const SECTIONS = [
  ['authenticator-title', 'security.authenticatorTitle'],
  ['passkeys-title', 'security.passkeysTitle'],
  ['third-party-title', 'security.thirdPartyTitle'],
  ['password-title', 'security.passwordTitle'],
  ['contact-title', 'security.contactTitle'],
] as const;

/** A panel's outcome, said beside its own form: its failure, then its success. */
function Outcome({ actions }: { actions: { error: string | null; notice: string | null } }) {
  return (
    <>
      {actions.error ? <Notice tone="error">{actions.error}</Notice> : null}
      {actions.notice ? <Notice tone="success">{actions.notice}</Notice> : null}
    </>
  );
}

/** One linked section of the page: its heading, and its panel grouped under it with its outcome. */
function Section(props: {
  id: (typeof SECTIONS)[number][0];
  title: string;
  testId: string;
  actions: { error: string | null; notice: string | null };
  children: ReactNode;
}) {
  return (
    <>
      <h2 id={props.id}>{props.title}</h2>
      <div aria-labelledby={props.id} role="group" data-testid={props.testId}>
        <Outcome actions={props.actions} />
        {props.children}
      </div>
    </>
  );
}

/**
 * The security settings: the authenticator app as the second step of every sign-in, passkeys,
 * the password, and the e-mail address and mobile number.
 */
export default function SecuritySettingsPage() {
  const { t, buildPath } = useShellState();
  const { user } = useSession();
  const actions = useAccountActions();
  // Each panel says its own outcome, beside its own form.
  const passwordActions = useAccountActions();
  const passkeyActions = useAccountActions();
  const thirdPartyActions = useAccountActions();
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
            <Section
              id="authenticator-title"
              title={t('security.authenticatorTitle')}
              testId="authenticator"
              actions={actions}
            >
              <AuthenticatorPanel bound={user.settings.gbf} actions={actions} />
            </Section>
            <Section
              id="passkeys-title"
              title={t('security.passkeysTitle')}
              testId="passkeys"
              actions={passkeyActions}
            >
              <PasskeyPanel authenticator={user.settings.gbf} actions={passkeyActions} />
            </Section>
            <Section
              id="third-party-title"
              title={t('security.thirdPartyTitle')}
              testId="third-party"
              actions={thirdPartyActions}
            >
              <ThirdPartyPanel authenticator={user.settings.gbf} actions={thirdPartyActions} />
            </Section>
            <Section
              id="password-title"
              title={t('security.passwordTitle')}
              testId="password"
              actions={passwordActions}
            >
              <PasswordPanel authenticator={user.settings.gbf} actions={passwordActions} />
            </Section>
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
                  <Outcome actions={channelActions} />
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
