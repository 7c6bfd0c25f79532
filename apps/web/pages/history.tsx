import { Endpoints } from '@exchange-web/protocol/endpoints';
import type { SignInEvent } from '@exchange-web/protocol/schemas';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import Head from 'next/head';
import { useEffect } from 'react';
import { useAccountActions } from '../components/account/useAccountActions';
import { DataTable } from '../components/DataTable';
import { Notice, Tag } from '../components/form/controls';
import { signedInPageProps } from '../lib/page-access';

export const getServerSideProps = signedInPageProps('/history');

/**
 * The sign-in history (SPEC 2 "history and api", read as two pages: this one and the API keys):
 * every attempt on the account, its result and the factor that decided it, where from.
 */
export default function SignInHistoryPage() {
  const { t, buildPath } = useShellState();
  const session = useSession();
  const { error, showFailure, dateTime } = useAccountActions();
  const history = useEndpointQuery(
    Endpoints.signInHistory,
    {},
    { enabled: session.status === 'signedIn' },
  );
  useEffect(() => {
    if (history.error) showFailure(history.error);
  }, [history.error, showFailure]);

  return (
    <>
      <Head>
        <title>{t('security.historyTitle')}</title>
      </Head>
      <section className="account-page" aria-labelledby="history-title">
        <h1 id="history-title">{t('security.historyTitle')}</h1>
        <p className="auth-lead">{t('security.historyLead')}</p>
        {/* Above the list, which loads after the first paint: the links stay where they were
            painted. */}
        <p>
          <a href={buildPath('/account/newapi')}>{t('security.apiKeysLink')}</a>
          {' · '}
          <a href={buildPath('/devices')}>{t('security.devicesTitle')}</a>
          {' · '}
          <a href={buildPath('/account')}>{t('security.backToAccount')}</a>
        </p>
        {error ? <Notice tone="error">{error}</Notice> : null}
        <DataTable<SignInEvent>
          data-testid="sign-in-history"
          caption={t('security.historyTitle')}
          rows={history.data?.items ?? null}
          rowKey={(row) => `${row.at}:${row.result}:${row.ip}`}
          loadingText={t('account.loading')}
          emptyText={t('security.historyEmpty')}
          columns={[
            { key: 'at', title: t('account.deviceTime'), render: (row) => dateTime.format(row.at) },
            {
              key: 'result',
              title: t('security.historyResult'),
              render: (row) => (
                <Tag
                  tone={
                    row.result === 'success'
                      ? 'success'
                      : row.result === 'secondFactorAsked'
                        ? 'info'
                        : 'neutral'
                  }
                >
                  {t(`security.result.${row.result}`)}
                </Tag>
              ),
            },
            {
              key: 'factor',
              title: t('security.historyFactor'),
              render: (row) => t(`security.factor.${row.factor}`),
            },
            {
              key: 'device',
              title: t('account.deviceAgent'),
              render: (row) => [row.browser, row.os].filter(Boolean).join(' · ') || '—',
            },
            { key: 'ip', title: t('account.deviceAddress'), render: (row) => row.ip },
          ]}
        />
      </section>
    </>
  );
}
