import { isAntiPhishingCode } from '@exchange-web/protocol/anti-phishing-rule';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import Head from 'next/head';
import { useState, type FormEvent } from 'react';
import styles from '../../../components/account/account.module.css';
import { useAccountActions } from '../../../components/account/useAccountActions';
import { Button, Notice } from '../../../components/form/controls';
import { TextField } from '../../../components/form/TextField';
import { signedInPageProps } from '../../../lib/page-access';

export const getServerSideProps = signedInPageProps('/subaccount/setting/antiphishing');

/**
 * The anti-phishing code (SPEC 2 subaccount/setting/antiphishing): a phrase every e-mail from
 * the exchange shows on its first line, so a mail without it is not ours.
 */
export default function AntiPhishingPage() {
  const { t, buildPath } = useShellState();
  const session = useSession();
  const endpoints = useEndpointActions();
  const { error, notice, busy, act } = useAccountActions();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const current = session.user?.userInfo.antiPhishingCode ?? '';

  const save = (antiPhishingCode: string, done: string) =>
    act(async () => {
      await endpoints.call(Endpoints.antiPhishingSet, { antiPhishingCode });
      await session.refreshUser();
    }, done);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const phrase = String(new FormData(form).get('antiPhishingCode') ?? '').trim();
    const problem =
      phrase === ''
        ? 'auth.required'
        : isAntiPhishingCode(phrase)
          ? null
          : 'security.antiPhishingInvalid';
    setFieldError(problem ? t(problem) : null);
    if (problem) {
      document.getElementById('antiPhishingCode')?.focus();
      return;
    }
    void save(phrase, t('security.antiPhishingSaved')).then(() => form.reset());
  };

  return (
    <>
      <Head>
        <title>{t('security.antiPhishingTitle')}</title>
      </Head>
      <section className="account-page" aria-labelledby="anti-phishing-title">
        <h1 id="anti-phishing-title">{t('security.antiPhishingTitle')}</h1>
        <p className="auth-lead">{t('security.antiPhishingLead')}</p>
        {!session.user ? (
          <p aria-busy="true">{t('account.loading')}</p>
        ) : (
          <div data-testid="anti-phishing">
            {error ? <Notice tone="error">{error}</Notice> : null}
            {notice ? <Notice tone="success">{notice}</Notice> : null}
            <p data-testid="anti-phishing-current">
              {current === '' ? (
                t('security.antiPhishingNone')
              ) : (
                <>
                  {t('security.antiPhishingCurrent')}{' '}
                  <code className={styles.code} translate="no">
                    {current}
                  </code>
                </>
              )}
            </p>
            <form noValidate onSubmit={onSubmit} className={styles.inlineForm}>
              <div className={styles.inlineField}>
                <TextField
                  name="antiPhishingCode"
                  label={t(
                    current === '' ? 'security.antiPhishingLabel' : 'security.antiPhishingNew',
                  )}
                  hint={t('security.antiPhishingHint')}
                  error={fieldError}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                />
              </div>
              <Button
                type="submit"
                variant="primary"
                loading={busy}
                className={styles.inlineSubmit}
              >
                {t('security.save')}
              </Button>
              {current === '' ? null : (
                <Button
                  className={styles.inlineSubmit}
                  loading={busy}
                  onClick={() => void save('', t('security.antiPhishingRemoved'))}
                >
                  {t('security.antiPhishingRemove')}
                </Button>
              )}
            </form>
            <p>
              <a href={buildPath('/account')}>{t('security.backToAccount')}</a>
            </p>
          </div>
        )}
      </section>
    </>
  );
}
