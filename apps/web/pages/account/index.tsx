import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { DeviceListReply, SubAccount } from '@exchange-web/protocol/schemas';
import Head from 'next/head';
import { useEffect, useState, type FormEvent } from 'react';
import { focusField, subAccountNameError } from '../../components/account/account-forms';
import styles from '../../components/account/account.module.css';
import { useAccountActions } from '../../components/account/useAccountActions';
import { DataTable } from '../../components/DataTable';
import { DevicesTable } from '../../components/account/DevicesTable';
import { Button, DescriptionList, Notice, Tag } from '../../components/form/controls';
import { TextField } from '../../components/form/TextField';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps('/account');

interface AccountData {
  subAccounts: SubAccount[];
  devices: DeviceListReply['items'];
  apiKeyCount: number;
}

/**
 * The signed-in user's profile, security settings, sub-accounts and recent sign-ins. Plain
 * controls, no component library: it stays within the phone's first-load budget.
 */
export default function AccountPage() {
  const { t, buildPath } = useShellState();
  const session = useSession();
  const { error, notice, busy, act, showFailure, dateTime } = useAccountActions();
  const [userName, setUserName] = useState('');
  // Checked from the first submit on, then as the name changes, so a fixed name clears its error.
  const [checked, setChecked] = useState(false);
  const user = session.user;
  const isSubAccount = user?.userInfo.subAccount ?? false;

  // Refetched when the trader comes back to the tab (the site's refetch policy): current data,
  // and at once a failure if the session ended meanwhile.
  const signedIn = session.status === 'signedIn';
  const subAccounts = useEndpointQuery(
    Endpoints.subAccountList,
    {},
    { enabled: signedIn && !isSubAccount },
  );
  const devices = useEndpointQuery(Endpoints.deviceList, {}, { enabled: signedIn });
  const apiKeys = useEndpointQuery(Endpoints.apiKeyList, {}, { enabled: signedIn });
  const data: AccountData | null =
    (isSubAccount || subAccounts.data) && devices.data && apiKeys.data
      ? {
          subAccounts: isSubAccount ? [] : (subAccounts.data?.items ?? []),
          devices: devices.data.items,
          apiKeyCount: apiKeys.data.items.length,
        }
      : null;
  const failure = subAccounts.error ?? devices.error ?? apiKeys.error;
  useEffect(() => {
    if (failure) showFailure(failure);
  }, [failure, showFailure]);

  const endpoints = useEndpointActions();
  const createSubAccount = (name: string) =>
    act(
      async () => {
        await endpoints.call(Endpoints.subAccountCreate, { userName: name });
        setUserName('');
        setChecked(false);
        await endpoints.invalidate(Endpoints.subAccountList);
      },
      t('account.subAccountCreated', { name }),
    );
  const nameError = checked ? subAccountNameError(userName) : null;
  const onCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    // Nothing is sent while the name breaks the rule; the field takes the focus instead.
    if (subAccountNameError(userName)) {
      focusField(event.currentTarget, 'userName');
      return;
    }
    void createSubAccount(userName.trim());
  };

  const switchTo = (userId: string) =>
    act(async () => {
      await session.signIn(ApiPath.subAccountSwitch, { userId });
    });
  const switchBack = () =>
    act(async () => {
      await session.signIn(ApiPath.subAccountSwitchBack, {});
    });

  const linked = (value: boolean) =>
    value ? <Tag tone="success">{t('account.linked')}</Tag> : <Tag>{t('account.notLinked')}</Tag>;

  return (
    <>
      <Head>
        <title>{t('account.title')}</title>
      </Head>
      <section className="account-page" aria-labelledby="account-title">
        <h1 id="account-title">{t('account.title')}</h1>
        <p className="auth-lead">{t('account.lead')}</p>
        {!user ? (
          <p aria-busy="true">{t('account.loading')}</p>
        ) : (
          <>
            {isSubAccount ? (
              <Notice
                tone="info"
                action={
                  <Button
                    onClick={() => void switchBack()}
                    loading={busy}
                    data-testid="switch-back"
                  >
                    {t('account.switchBack')}
                  </Button>
                }
              >
                {t('account.actingAs', { name: user.userName })}
              </Notice>
            ) : null}
            <h2>{t('account.profile')}</h2>
            <DescriptionList
              data-testid="account-profile"
              items={[
                { key: 'userId', label: t('account.userId'), value: user.userInfo.userId },
                { key: 'loginName', label: t('account.loginName'), value: user.loginName },
                { key: 'email', label: t('account.email'), value: user.userInfo.email || '—' },
                {
                  key: 'mobile',
                  label: t('account.mobile'),
                  value: user.userInfo.mobile
                    ? `+${user.userInfo.areaCode.replace(/^\+/, '')} ${user.userInfo.mobile}`
                    : '—',
                },
                { key: 'vip', label: t('account.vipLevel'), value: user.userInfo.vipLevel },
                {
                  key: 'since',
                  label: t('account.memberSince'),
                  value: dateTime.format(user.userInfo.createdDate),
                },
              ]}
            />
            <h2>{t('account.security')}</h2>
            <DescriptionList
              items={[
                { key: 'email', label: t('account.email'), value: linked(user.settings.ebf) },
                { key: 'mobile', label: t('account.mobile'), value: linked(user.settings.mbf) },
                {
                  key: 'google',
                  label: t('account.authenticator'),
                  value: (
                    <>
                      {linked(user.settings.gbf)}{' '}
                      <a href={buildPath('/modifyverification')} data-testid="manage-security">
                        {t(user.settings.gbf ? 'account.manage' : 'account.setUp')}
                      </a>
                    </>
                  ),
                },
                {
                  key: 'antiPhishing',
                  label: t('account.antiPhishing'),
                  value: (
                    <>
                      {linked(user.userInfo.antiPhishingCode !== '')}{' '}
                      <a
                        href={buildPath('/subaccount/setting/antiphishing')}
                        data-testid="manage-anti-phishing"
                      >
                        {t(
                          user.userInfo.antiPhishingCode === ''
                            ? 'account.setUp'
                            : 'account.manage',
                        )}
                      </a>
                    </>
                  ),
                },
                {
                  key: 'kyc',
                  label: t('account.identity'),
                  value:
                    user.settings.kf === 2 ? (
                      <Tag tone="success">{t('account.verified')}</Tag>
                    ) : (
                      <Tag>{t('account.notVerified')}</Tag>
                    ),
                },
              ]}
            />
            {error ? <Notice tone="error">{error}</Notice> : null}
            {notice ? <Notice tone="success">{notice}</Notice> : null}
            <h2>{t('account.subAccounts')}</h2>
            {isSubAccount ? (
              <p>{t('account.subAccountsOnlyMain')}</p>
            ) : (
              <>
                <p>{t('account.subAccountsLead')}</p>
                <form
                  noValidate
                  onSubmit={onCreate}
                  className={styles.inlineForm}
                  data-testid="sub-account-form"
                >
                  <div className={styles.inlineField}>
                    <TextField
                      name="userName"
                      label={t('account.subAccountName')}
                      error={nameError ? t(nameError) : null}
                      value={userName}
                      onChange={(event) => setUserName(event.currentTarget.value)}
                      autoComplete="off"
                    />
                  </div>
                  <Button
                    type="submit"
                    variant="primary"
                    loading={busy}
                    className={styles.inlineSubmit}
                  >
                    {t('account.createSubAccount')}
                  </Button>
                </form>
                <DataTable<SubAccount>
                  data-testid="sub-accounts"
                  caption={t('account.subAccounts')}
                  rows={data ? data.subAccounts : null}
                  rowKey={(row) => row.userId}
                  loadingText={t('account.loading')}
                  emptyText={t('account.noSubAccounts')}
                  columns={[
                    {
                      key: 'name',
                      title: t('account.subAccountName'),
                      render: (row) => row.userName,
                    },
                    { key: 'id', title: t('account.userId'), render: (row) => row.userId },
                    {
                      key: 'since',
                      title: t('account.memberSince'),
                      render: (row) => dateTime.format(row.createdDate),
                    },
                    {
                      key: 'switch',
                      title: '',
                      render: (row) => (
                        <Button
                          size="small"
                          onClick={() => void switchTo(row.userId)}
                          disabled={busy}
                        >
                          {t('account.switchTo', { name: row.userName })}
                        </Button>
                      ),
                    },
                  ]}
                />
              </>
            )}
            <p>
              <a href={buildPath('/account/newapi')} data-testid="manage-api-keys">
                {t('apiKeys.manage')}
              </a>{' '}
              {data ? (
                <span data-testid="api-key-count">
                  <Tag>{data.apiKeyCount}</Tag>
                </span>
              ) : null}
            </p>
            <h2>{t('account.devices')}</h2>
            <p>
              <a href={buildPath('/devices')} data-testid="manage-devices">
                {t('account.manageDevices')}
              </a>
              {' · '}
              <a href={buildPath('/history')} data-testid="sign-in-history-link">
                {t('security.historyTitle')}
              </a>
            </p>
            <DevicesTable
              data-testid="devices"
              devices={data ? data.devices : null}
              dateTime={dateTime}
            />
          </>
        )}
      </section>
    </>
  );
}
