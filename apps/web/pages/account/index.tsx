import { AntdScope } from '@exchange-web/react/antd/AntdScope';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { DeviceListReply, SubAccount } from '@exchange-web/protocol/schemas';
import { Alert, Button, Descriptions, Form, Input, Tag } from 'antd';
import Head from 'next/head';
import { useEffect } from 'react';
import { useAccountActions } from '../../components/account/useAccountActions';
import { DataTable } from '../../components/DataTable';
import { signedInPageProps, type AntdPageProps } from '../../lib/antd-page';

export const getServerSideProps = signedInPageProps('/account');

interface AccountData {
  subAccounts: SubAccount[];
  devices: DeviceListReply['items'];
  apiKeyCount: number;
}

/** The signed-in user's profile, security settings, sub-accounts and recent sign-ins. */
export default function AccountPage({ antdLocale }: AntdPageProps) {
  const { t, language, theme, buildPath } = useShell();
  const session = useSession();
  const { error, notice, busy, act, showFailure, dateTime } = useAccountActions();
  const [form] = Form.useForm<{ userName: string }>();
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
  const createSubAccount = ({ userName }: { userName: string }) =>
    act(
      async () => {
        await endpoints.call(Endpoints.subAccountCreate, { userName: userName.trim() });
        form.resetFields();
        await endpoints.invalidate(Endpoints.subAccountList);
      },
      t('account.subAccountCreated', { name: userName.trim() }),
    );

  const switchTo = (userId: string) =>
    act(async () => {
      await session.signIn(ApiPath.subAccountSwitch, { userId });
    });
  const switchBack = () =>
    act(async () => {
      await session.signIn(ApiPath.subAccountSwitchBack, {});
    });

  const linked = (value: boolean) =>
    value ? <Tag color="green">{t('account.linked')}</Tag> : <Tag>{t('account.notLinked')}</Tag>;

  return (
    <AntdScope locale={antdLocale} language={language} theme={theme}>
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
              <Alert
                type="info"
                showIcon
                title={t('account.actingAs', { name: user.userName })}
                action={
                  <Button onClick={switchBack} loading={busy} data-testid="switch-back">
                    {t('account.switchBack')}
                  </Button>
                }
              />
            ) : null}
            <h2>{t('account.profile')}</h2>
            <Descriptions
              bordered
              column={1}
              size="small"
              data-testid="account-profile"
              items={[
                { key: 'userId', label: t('account.userId'), children: user.userInfo.userId },
                { key: 'loginName', label: t('account.loginName'), children: user.loginName },
                { key: 'email', label: t('account.email'), children: user.userInfo.email || '—' },
                {
                  key: 'mobile',
                  label: t('account.mobile'),
                  children: user.userInfo.mobile
                    ? `+${user.userInfo.areaCode.replace(/^\+/, '')} ${user.userInfo.mobile}`
                    : '—',
                },
                { key: 'vip', label: t('account.vipLevel'), children: user.userInfo.vipLevel },
                {
                  key: 'since',
                  label: t('account.memberSince'),
                  children: dateTime.format(user.userInfo.createdDate),
                },
              ]}
            />
            <h2>{t('account.security')}</h2>
            <Descriptions
              bordered
              column={1}
              size="small"
              items={[
                { key: 'email', label: t('account.email'), children: linked(user.settings.ebf) },
                { key: 'mobile', label: t('account.mobile'), children: linked(user.settings.mbf) },
                {
                  key: 'google',
                  label: t('account.authenticator'),
                  children: linked(user.settings.gbf),
                },
                {
                  key: 'kyc',
                  label: t('account.identity'),
                  children:
                    user.settings.kf === 2 ? (
                      <Tag color="green">{t('account.verified')}</Tag>
                    ) : (
                      <Tag>{t('account.notVerified')}</Tag>
                    ),
                },
              ]}
            />
            {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
            {notice ? <Alert type="success" showIcon title={notice} role="status" /> : null}
            <h2>{t('account.subAccounts')}</h2>
            {isSubAccount ? (
              <p>{t('account.subAccountsOnlyMain')}</p>
            ) : (
              <>
                <p>{t('account.subAccountsLead')}</p>
                <Form
                  form={form}
                  layout="inline"
                  requiredMark={false}
                  onFinish={createSubAccount}
                  data-testid="sub-account-form"
                >
                  <Form.Item
                    name="userName"
                    label={t('account.subAccountName')}
                    rules={[
                      { required: true, message: t('auth.required') },
                      {
                        pattern: /^\s*[A-Za-z0-9_-]{3,32}\s*$/,
                        message: t('account.subAccountRule'),
                      },
                    ]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={busy}>
                    {t('account.createSubAccount')}
                  </Button>
                </Form>
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
                        <Button size="small" onClick={() => switchTo(row.userId)} disabled={busy}>
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
              {data ? <Tag data-testid="api-key-count">{data.apiKeyCount}</Tag> : null}
            </p>
            <h2>{t('account.devices')}</h2>
            <DataTable<DeviceListReply['items'][number]>
              data-testid="devices"
              caption={t('account.devices')}
              rows={data ? data.devices : null}
              rowKey={(row) => `${row.signedInAt}:${row.ip}`}
              loadingText={t('account.loading')}
              emptyText={t('account.noDevices')}
              columns={[
                {
                  key: 'time',
                  title: t('account.deviceTime'),
                  render: (row) => dateTime.format(row.signedInAt),
                },
                { key: 'ip', title: t('account.deviceAddress'), render: (row) => row.ip },
                {
                  key: 'agent',
                  title: t('account.deviceAgent'),
                  render: (row) => (
                    <>
                      {row.userAgent}{' '}
                      {row.current ? <Tag color="blue">{t('account.thisDevice')}</Tag> : null}
                    </>
                  ),
                },
              ]}
            />
          </>
        )}
      </section>
    </AntdScope>
  );
}
