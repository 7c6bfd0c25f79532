import { AntdScope } from '@exchange-web/react/antd/AntdScope';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import {
  API_KEY_PERMISSIONS,
  type ApiKeyPermission,
} from '@exchange-web/protocol/api-key-permissions';
import type { ApiKey, ApiKeyCreateReply } from '@exchange-web/protocol/schemas';
import { Alert, Button, Checkbox, Form, Input, Tag, Typography } from 'antd';
import Head from 'next/head';
import { useEffect, useState } from 'react';
import { useAccountActions } from '../../components/account/useAccountActions';
import { DataTable } from '../../components/DataTable';
import { signedInPageProps, type AntdPageProps } from '../../lib/antd-page';

export const getServerSideProps = signedInPageProps('/account/newapi');

interface NewKeyValues {
  label: string;
  permissions: ApiKeyPermission[];
  ipWhitelist?: string;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
// Loose on purpose: the gateway checks IPv6 strictly; this catches typos before sending.
const IPV6 = /^[0-9a-f:]+$/i;

/** The addresses of the whitelist field: comma- or space-separated, empty for any address. */
function parseIpWhitelist(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/**
 * The API-key page (SPEC 2 account/newapi): list, create and delete keys. Its calls are core
 * calls: signed by the request layer with the session's key, refused by the gateway otherwise.
 */
export default function ApiKeysPage({ antdLocale }: AntdPageProps) {
  const { t, language, theme } = useShell();
  const session = useSession();
  const [form] = Form.useForm<NewKeyValues>();
  const [created, setCreated] = useState<ApiKeyCreateReply | null>(null);
  const { error, notice, setNotice, busy, act, showFailure, dateTime } = useAccountActions();
  const list = useEndpointQuery(
    Endpoints.apiKeyList,
    {},
    { enabled: session.status === 'signedIn' },
  );
  const keys = list.data?.items ?? null;
  useEffect(() => {
    if (list.error) showFailure(list.error);
  }, [list.error, showFailure]);
  const endpoints = useEndpointActions();

  const create = (values: NewKeyValues) =>
    act(async () => {
      const reply = await endpoints.call(Endpoints.apiKeyCreate, {
        label: values.label.trim(),
        permissions: values.permissions,
        ipWhitelist: parseIpWhitelist(values.ipWhitelist),
      });
      setCreated(reply);
      form.resetFields();
      await endpoints.invalidate(Endpoints.apiKeyList);
    });

  const remove = (key: ApiKey) =>
    act(async () => {
      await endpoints.call(Endpoints.apiKeyDelete, { apiKey: key.apiKey });
      if (created?.apiKey === key.apiKey) setCreated(null);
      setNotice(t('apiKeys.deleted', { label: key.label }));
      await endpoints.invalidate(Endpoints.apiKeyList);
    });

  return (
    <AntdScope locale={antdLocale} language={language} theme={theme}>
      <Head>
        <title>{t('apiKeys.title')}</title>
      </Head>
      <section className="account-page" aria-labelledby="api-keys-title">
        <h1 id="api-keys-title">{t('apiKeys.title')}</h1>
        <p className="auth-lead">{t('apiKeys.lead')}</p>
        {created ? (
          <Alert
            type="warning"
            showIcon
            data-testid="api-key-created"
            title={t('apiKeys.createdTitle', { label: created.label })}
            description={
              <>
                <p>{t('apiKeys.secretOnce')}</p>
                <p>
                  {t('apiKeys.apiKey')}:{' '}
                  <Typography.Text copyable code>
                    {created.apiKey}
                  </Typography.Text>
                </p>
                <p>
                  {t('apiKeys.secretKey')}:{' '}
                  <Typography.Text copyable code data-testid="api-secret">
                    {created.secretKey}
                  </Typography.Text>
                </p>
              </>
            }
          />
        ) : null}
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
        {notice ? <Alert type="success" showIcon title={notice} role="status" /> : null}
        <Form<NewKeyValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={create}
          initialValues={{ permissions: ['read'] }}
          data-testid="api-key-form"
        >
          <Form.Item
            name="label"
            label={t('apiKeys.label')}
            rules={[{ required: true, whitespace: true, message: t('auth.required') }]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="permissions"
            label={t('apiKeys.permissions')}
            rules={[{ required: true, message: t('auth.required') }]}
          >
            <Checkbox.Group
              options={API_KEY_PERMISSIONS.map((permission) => ({
                value: permission,
                label: t(`apiKeys.${permission}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="ipWhitelist"
            label={t('apiKeys.ipWhitelist')}
            extra={t('apiKeys.ipWhitelistHint')}
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  parseIpWhitelist(value).every(
                    (address) => IPV4.test(address) || IPV6.test(address),
                  )
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('apiKeys.invalidIp'))),
              },
            ]}
          >
            <Input placeholder="203.0.113.7, 2001:db8::1" autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('apiKeys.create')}
          </Button>
        </Form>
        <DataTable<ApiKey>
          data-testid="api-keys"
          caption={t('apiKeys.title')}
          rows={keys}
          rowKey={(row) => row.apiKey}
          loadingText={t('account.loading')}
          emptyText={t('apiKeys.empty')}
          columns={[
            { key: 'label', title: t('apiKeys.label'), render: (row) => row.label },
            { key: 'key', title: t('apiKeys.apiKey'), render: (row) => <code>{row.apiKey}</code> },
            {
              key: 'permissions',
              title: t('apiKeys.permissions'),
              render: (row) =>
                row.permissions.map((permission) => (
                  <Tag key={permission}>{t(`apiKeys.${permission}`)}</Tag>
                )),
            },
            {
              key: 'ip',
              title: t('apiKeys.ipWhitelist'),
              render: (row) =>
                row.ipWhitelist.length > 0 ? row.ipWhitelist.join(', ') : t('apiKeys.anyIp'),
            },
            {
              key: 'created',
              title: t('apiKeys.createdAt'),
              render: (row) => dateTime.format(row.createdDate),
            },
            {
              key: 'delete',
              title: '',
              render: (row) => (
                <Button size="small" danger disabled={busy} onClick={() => void remove(row)}>
                  {t('apiKeys.delete')}
                </Button>
              ),
            },
          ]}
        />
      </section>
    </AntdScope>
  );
}
