import { AntdScope } from '@exchange-web/react/antd/AntdScope';
import type { Translate } from '@exchange-web/react/i18n/translator';
import { useSessionActions } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { callEndpoint } from '@exchange-web/client/query/call-endpoint';
import { isStrongPassword } from '@exchange-web/protocol/schemas';
import {
  VerifyChannel,
  VerifyCodeRule,
  type SendVerifyCodeRequest,
} from '@exchange-web/protocol/verification';
import { Alert, Button, Form, Input, Segmented, Space, Typography, type InputProps } from 'antd';
import Head from 'next/head';
import { useCallback, useState, type ReactNode } from 'react';
import { useCodeSender, type CodeSender } from '../components/auth/useCodeSender';
import { useSignInForm } from '../components/auth/useSignInForm';
import {
  channelsOf,
  registerBody,
  registerPaths,
  sendCodeRequest,
  verifyCodePattern,
  type RegisterKind,
  type RegisterValues,
} from '../components/auth/verify-code';
import { signInPageProps, type AntdPageProps } from '../lib/antd-page';

export const getServerSideProps = signInPageProps;

/** The fields a channel's code is sent to, checked before the code is asked for. */
const addressFields: Record<VerifyChannel, (keyof RegisterValues)[]> = {
  email: ['email'],
  mobile: ['areaCode', 'mobile'],
};

/**
 * An input with a button beside it, as one control: antd's Form.Item hands the input its value,
 * id and aria attributes, so the label and the error messages stay the input's own.
 */
function InputWithButton({ button, ...input }: InputProps & { button: ReactNode }) {
  return (
    <Space.Compact block>
      <Input {...input} />
      {button}
    </Space.Compact>
  );
}

/** A channel's "Send code" button: busy while sending, then counting down to the next send. */
function SendCodeButton(props: {
  channel: VerifyChannel;
  sender: CodeSender;
  onSend: () => void;
  t: Translate;
}) {
  const { channel, sender, onSend, t } = props;
  return (
    <Button
      htmlType="button"
      onClick={onSend}
      loading={sender.sending}
      disabled={sender.secondsLeft > 0}
      data-testid={`send-${channel}-code`}
    >
      {sender.secondsLeft > 0
        ? t('auth.resendIn', { seconds: sender.secondsLeft })
        : t('auth.sendCode')}
    </Button>
  );
}

/**
 * The line under a code field: where the code went (worded the same whether or not the address
 * is registered), or why it could not be sent. The status region is always there, empty at
 * first, so screen readers announce what appears in it and the server's markup matches.
 */
function CodeStatus({
  channel,
  sender,
  t,
}: {
  channel: VerifyChannel;
  sender: CodeSender;
  t: Translate;
}) {
  return (
    <>
      <span role="status" data-testid={`${channel}-code-notice`}>
        {sender.sent
          ? t('auth.codeSent', { target: sender.sent.target, minutes: sender.sent.minutes })
          : ''}
      </span>
      {sender.errorKey ? (
        <Typography.Text type="danger" role="alert" data-testid={`${channel}-code-error`}>
          {t(sender.errorKey)}
        </Typography.Text>
      ) : null}
    </>
  );
}

/** Open an account by email, by mobile number, or by both, each proved by a code sent to it. */
export default function RegisterPage({ antdLocale }: AntdPageProps) {
  const { t, language, theme, buildPath } = useShellState();
  const { api } = useSessionActions();
  const [form] = Form.useForm<RegisterValues>();
  const [kind, setKind] = useState<RegisterKind>('email');
  const { error, submitting, submit } = useSignInForm();
  const onFinish = (values: RegisterValues) =>
    submit(registerPaths[kind], registerBody(kind, values));

  // Through the page's request client: a human-verification challenge (10021) is met there.
  const postSendCode = useCallback(
    async (request: SendVerifyCodeRequest) =>
      callEndpoint(await api(), Endpoints.sendVerifyCode, request),
    [api],
  );
  // One button state per channel: "both" sends two codes, each with its own pause.
  const emailSender = useCodeSender(postSendCode);
  const mobileSender = useCodeSender(postSendCode);
  const senders: Record<VerifyChannel, CodeSender> = { email: emailSender, mobile: mobileSender };
  const sendCode = async (channel: VerifyChannel) => {
    const fields = addressFields[channel];
    try {
      // The address must be one before a code is asked for; antd shows what is wrong with it.
      await form.validateFields(fields);
    } catch {
      return;
    }
    await senders[channel].send(sendCodeRequest(channel, form.getFieldsValue(fields)));
  };
  const sendButton = (channel: VerifyChannel) => (
    <SendCodeButton
      channel={channel}
      sender={senders[channel]}
      onSend={() => void sendCode(channel)}
      t={t}
    />
  );
  const codeField = (channel: VerifyChannel) => (
    <Form.Item
      name={channel === VerifyChannel.email ? 'emailCode' : 'mobileCode'}
      label={t(channel === VerifyChannel.email ? 'auth.emailCode' : 'auth.mobileCode')}
      extra={<CodeStatus channel={channel} sender={senders[channel]} t={t} />}
      rules={[
        { required: true, whitespace: true, message: t('auth.required') },
        { pattern: verifyCodePattern, message: t('auth.invalidCode') },
      ]}
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={VerifyCodeRule.length} />
    </Form.Item>
  );

  const channels = channelsOf(kind);
  const withEmail = channels.includes(VerifyChannel.email);
  const withMobile = channels.includes(VerifyChannel.mobile);
  return (
    <AntdScope locale={antdLocale} language={language} theme={theme}>
      <Head>
        <title>{t('auth.registerTitle')}</title>
      </Head>
      <section className="auth-page" aria-labelledby="register-title">
        <h1 id="register-title">{t('auth.registerTitle')}</h1>
        <p className="auth-lead">{t('auth.registerLead')}</p>
        <Form<RegisterValues>
          form={form}
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
              <InputWithButton
                autoComplete="email"
                inputMode="email"
                button={sendButton(VerifyChannel.email)}
              />
            </Form.Item>
          ) : null}
          {withEmail ? codeField(VerifyChannel.email) : null}
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
                <InputWithButton
                  autoComplete="tel-national"
                  inputMode="numeric"
                  button={sendButton(VerifyChannel.mobile)}
                />
              </Form.Item>
            </div>
          ) : null}
          {withMobile ? codeField(VerifyChannel.mobile) : null}
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
