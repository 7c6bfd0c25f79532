import { AntdScope } from '@exchange-web/react/antd/AntdScope';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { LoginRequest } from '@exchange-web/protocol/schemas';
import { Alert, Button, Form, Input } from 'antd';
import Head from 'next/head';
import { useSignInForm } from '../components/auth/useSignInForm';
import { signInPageProps, type AntdPageProps } from '../lib/antd-page';

export const getServerSideProps = signInPageProps;

/** Log in with an email, a mobile number or a sub-account name and a password. */
export default function LoginPage({ antdLocale }: AntdPageProps) {
  const { t, language, theme, buildPath } = useShellState();
  const { error, submitting, submit } = useSignInForm();
  const onFinish = (values: LoginRequest) => submit(ApiPath.login, values);

  return (
    <AntdScope locale={antdLocale} language={language} theme={theme}>
      <Head>
        <title>{t('auth.logInTitle')}</title>
      </Head>
      <section className="auth-page" aria-labelledby="login-title">
        <h1 id="login-title">{t('auth.logInTitle')}</h1>
        <p className="auth-lead">{t('auth.logInLead')}</p>
        <Form<LoginRequest>
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          data-testid="login-form"
        >
          <Form.Item
            name="loginName"
            label={t('auth.loginName')}
            extra={t('auth.loginNameHint')}
            rules={[{ required: true, whitespace: true, message: t('auth.required') }]}
          >
            <Input autoComplete="username" inputMode="email" />
          </Form.Item>
          <Form.Item
            name="pwd"
            label={t('auth.password')}
            rules={[{ required: true, message: t('auth.required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {error ? (
            <Alert className="auth-error" type="error" showIcon title={error} role="alert" />
          ) : null}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('auth.submitLogIn')}
          </Button>
        </Form>
        <p className="auth-switch">
          {t('auth.noAccount')} <a href={buildPath('/register')}>{t('header.register')}</a>
        </p>
      </section>
    </AntdScope>
  );
}
