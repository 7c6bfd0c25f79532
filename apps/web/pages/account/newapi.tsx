import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { API_KEY_PERMISSIONS } from '@exchange-web/protocol/api-key-permissions';
import type { ApiKey, ApiKeyCreateReply } from '@exchange-web/protocol/schemas';
import Head from 'next/head';
import { useEffect, useState, type FormEvent } from 'react';
import {
  NEW_KEY_FIELDS,
  firstInvalid,
  focusField,
  newKeyDefaults,
  newKeyErrors,
  parseIpWhitelist,
  type NewKeyValues,
} from '../../components/account/account-forms';
import { CreatedKey } from '../../components/account/CreatedKey';
import { useAccountActions } from '../../components/account/useAccountActions';
import { DataTable } from '../../components/DataTable';
import { Button, CheckboxGroup, Notice, Tag } from '../../components/form/controls';
import { TextField } from '../../components/form/TextField';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps('/account/newapi');

/**
 * The API-key page (SPEC 2 account/newapi): list, create and delete keys. Its calls are core
 * calls: signed by the request layer with the session's key, refused by the gateway otherwise.
 */
export default function ApiKeysPage() {
  const { t } = useShellState();
  const session = useSession();
  const [values, setValues] = useState<NewKeyValues>(newKeyDefaults);
  // Checked from the first submit on, then as the fields change, so a fixed field clears its error.
  const [checked, setChecked] = useState(false);
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

  const create = (sent: NewKeyValues) =>
    act(async () => {
      const reply = await endpoints.call(Endpoints.apiKeyCreate, {
        label: sent.label.trim(),
        permissions: sent.permissions,
        ipWhitelist: parseIpWhitelist(sent.ipWhitelist),
      });
      setCreated(reply);
      setValues(newKeyDefaults());
      setChecked(false);
      await endpoints.invalidate(Endpoints.apiKeyList);
    });

  const errors = checked ? newKeyErrors(values) : {};
  const errorOf = (field: keyof NewKeyValues) => {
    const key = errors[field];
    return key ? t(key) : null;
  };
  const change = <Field extends keyof NewKeyValues>(field: Field, value: NewKeyValues[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    // Nothing is sent while a field is invalid; the first of them takes the focus instead.
    const invalid = firstInvalid(NEW_KEY_FIELDS, newKeyErrors(values));
    if (invalid) {
      focusField(event.currentTarget, invalid);
      return;
    }
    void create(values);
  };

  const remove = (key: ApiKey) =>
    act(async () => {
      await endpoints.call(Endpoints.apiKeyDelete, { apiKey: key.apiKey });
      if (created?.apiKey === key.apiKey) setCreated(null);
      setNotice(t('apiKeys.deleted', { label: key.label }));
      await endpoints.invalidate(Endpoints.apiKeyList);
    });

  return (
    <>
      <Head>
        <title>{t('apiKeys.title')}</title>
      </Head>
      <section className="account-page" aria-labelledby="api-keys-title">
        <h1 id="api-keys-title">{t('apiKeys.title')}</h1>
        <p className="auth-lead">{t('apiKeys.lead')}</p>
        {created ? <CreatedKey created={created} t={t} /> : null}
        {error ? <Notice tone="error">{error}</Notice> : null}
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        <form noValidate onSubmit={onSubmit} data-testid="api-key-form">
          <TextField
            name="label"
            label={t('apiKeys.label')}
            error={errorOf('label')}
            value={values.label}
            onChange={(event) => change('label', event.currentTarget.value)}
            maxLength={64}
            autoComplete="off"
          />
          <CheckboxGroup
            legend={t('apiKeys.permissions')}
            name="permissions"
            options={API_KEY_PERMISSIONS.map((permission) => ({
              value: permission,
              label: t(`apiKeys.${permission}`),
            }))}
            values={values.permissions}
            onChange={(permissions) => change('permissions', permissions)}
            error={errorOf('permissions')}
          />
          <TextField
            name="ipWhitelist"
            label={t('apiKeys.ipWhitelist')}
            hint={t('apiKeys.ipWhitelistHint')}
            error={errorOf('ipWhitelist')}
            value={values.ipWhitelist}
            onChange={(event) => change('ipWhitelist', event.currentTarget.value)}
            placeholder="203.0.113.7, 2001:db8::1"
            autoComplete="off"
          />
          <Button type="submit" variant="primary" loading={busy}>
            {t('apiKeys.create')}
          </Button>
        </form>
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
                <Button
                  size="small"
                  variant="danger"
                  disabled={busy}
                  onClick={() => void remove(row)}
                >
                  {t('apiKeys.delete')}
                </Button>
              ),
            },
          ]}
        />
      </section>
    </>
  );
}
