import { AntdScope } from '@exchange-web/react/antd/AntdScope';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { ApiPath } from '@exchange-web/protocol/paths';
import { isStrongPassword } from '@exchange-web/protocol/schemas';
import { Alert, Button, Form, Input, Segmented } from 'antd';
import Head from 'next/head';
import { useState } from 'react';
import { useSignInForm } from '../components/auth/useSignInForm';
import { signInPageProps, type AntdPageProps } from '../lib/antd-page';

export const getServerSideProps = signInPageProps;

/** The three ways to register (SPEC 7: register/email, register/mobile, register/mobileAndEmail). */
const registerPaths = {
  email: ApiPath.registerEmail,
  mobile: ApiPath.registerMobile,
  both: ApiPath.registerMobileAndEmail,
} as const;
type RegisterKind = keyof typeof registerPaths;

interface RegisterValues {
  email?: string;
  areaCode?: string;
  mobile?: string;
  pwd: string;
  rePwd: string;
}

/** The payload of a registration kind: only the fields that kind takes. */
function registerBody(kind: RegisterKind, values: RegisterValues) {
  const password = { pwd: values.pwd, rePwd: values.rePwd };
  const email = { email: values.email?.trim() ?? '' };
  const mobile = { areaCode: values.areaCode?.trim() ?? '', mobile: values.mobile?.trim() ?? '' };
  if (kind === 'email') return { ...email, ...password };
  if (kind === 'mobile') return { ...mobile, ...password };
  return { ...email, ...mobile, ...password };
}

/** Open an account by email, by mobile number, or by both. */
export default function RegisterPage({ antdLocale }: AntdPageProps) {
  const { t, language, theme, buildPath } = useShell();
  const [kind, setKind] = useState<RegisterKind>('email');
  const { error, submitting, submit } = useSignInForm();
  const onFinish = (values: RegisterValues) =>
    submit(registerPaths[kind], registerBody(kind, values));

  const withEmail = kind !== 'mobile';
  const withMobile = kind !== 'email';
  return (
    <AntdScope locale={antdLocale} language={language} theme={theme}>
      <Head>
        <title>{t('auth.registerTitle')}</title>
      </Head>
      <section className="auth-page" aria-labelledby="register-title">
        <h1 id="register-title">{t('auth.registerTitle')}</h1>
        <p className="auth-lead">{t('auth.registerLead')}</p>
        <Form<RegisterValues>
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          data-testid="register-form"
        >
          <Form.Item label={t('auth.registerBy')}>
            <Segmented<RegisterKind>
              block
              value={kind}
              onChange={setKind}
              data-testid="register-kind"
              options={[
                { value: 'email', label: t('auth.byEmail') },
                { value: 'mobile', label: t('auth.byMobile') },
                { value: 'both', label: t('auth.byBoth') },
              ]}
            />
          </Form.Item>
          {withEmail ? (
            <Form.Item
              name="email"
              label={t('auth.email')}
              rules={[
                { required: true, whitespace: true, message: t('auth.required') },
                { type: 'email', message: t('auth.invalidEmail') },
              ]}
            >
              <Input autoComplete="email" inputMode="email" />
            </Form.Item>
          ) : null}
          {withMobile ? (
            <div className="auth-mobile">
              <Form.Item
                name="areaCode"
                label={t('auth.areaCode')}
                rules={[
                  { required: true, message: t('auth.required') },
                  { pattern: /^\+?\d{1,4}$/, message: t('auth.invalidAreaCode') },
                ]}
              >
                <Input autoComplete="tel-country-code" inputMode="tel" placeholder="+81" />
              </Form.Item>
              <Form.Item
                name="mobile"
                label={t('auth.mobile')}
                rules={[
                  { required: true, message: t('auth.required') },
                  { pattern: /^\d{4,15}$/, message: t('auth.invalidMobile') },
                ]}
              >
                <Input autoComplete="tel-national" inputMode="numeric" />
              </Form.Item>
            </div>
          ) : null}
          <Form.Item
            name="pwd"
            label={t('auth.password')}
            extra={t('auth.passwordRule')}
            rules={[
              { required: true, message: t('auth.required') },
              {
                validator: (_rule, value: string | undefined) =>
                  !value || isStrongPassword(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('auth.passwordRule'))),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="rePwd"
            label={t('auth.confirmPassword')}
            dependencies={['pwd']}
            rules={[
              { required: true, message: t('auth.required') },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  !value || value === getFieldValue('pwd')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('auth.passwordsDiffer'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {error ? (
            <Alert className="auth-error" type="error" showIcon title={error} role="alert" />
          ) : null}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('auth.submitRegister')}
          </Button>
        </Form>
        <p className="auth-switch">
          {t('auth.haveAccount')} <a href={buildPath('/login')}>{t('header.logIn')}</a>
        </p>
      </section>
    </AntdScope>
  );
}
