import type { SendChangeCodeRequest } from '@exchange-web/protocol/contact-change';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useSessionActions } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { useAccountActions } from '../account/useAccountActions';
import { takesEitherCode } from '../auth/factor-code';
import { initialRegisterForm, registerFieldError } from '../auth/register-form';
import { CodeField } from '../auth/CodeField';
import { useCodeSender } from '../auth/useCodeSender';
import { verifyCodePattern } from '../auth/verify-code';
import { Button } from '../form/controls';
import { TextField } from '../form/TextField';

/** What the panel changes: the account's e-mail address or its mobile number. */
export type ContactChannel = 'email' | 'mobile';

export interface ContactPanelProps {
  channel: ContactChannel;
  /** The account's address on this channel (`+81 9012345678` for a number), '' when none. */
  current: string;
  /** Where the holder's code goes: the account's e-mail, else its number. */
  consentTarget: string;
  /** Whether an authenticator app is linked: its code is then asked too. */
  authenticator: boolean;
  actions: ReturnType<typeof useAccountActions>;
}

type Field = 'address' | 'areaCode' | 'newCode' | 'currentCode' | 'pwd' | 'googleCode';

/** Where a change code goes, as the notice under its field says. */
const describeSend = (request: SendChangeCodeRequest & { shownAs?: string }): string =>
  request.shownAs ??
  (request.to === 'email'
    ? request.email
    : request.to === 'mobile'
      ? `+${request.areaCode.replace(/^\+/, '')} ${request.mobile}`
      : '');

/**
 * Changing the account's e-mail address or mobile number (README "Account security"): a code to
 * the new address, a code to the current one (the holder consents), the password and the app's
 * code when one is linked. Afterwards the other devices are signed out and API keys wait.
 */
export function ContactPanel(props: ContactPanelProps) {
  const { channel, current, consentTarget, authenticator, actions } = props;
  const { t } = useShellState();
  const endpoints = useEndpointActions();
  const session = useSessionActions();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const id = (field: Field) => `${channel}-${field}`;

  const post = useCallback(
    (request: SendChangeCodeRequest & { shownAs?: string }) => {
      const { shownAs: _shown, ...body } = request;
      return endpoints.call(Endpoints.sendChangeCode, body as SendChangeCodeRequest);
    },
    [endpoints],
  );
  const newSender = useCodeSender(post, describeSend);
  const currentSender = useCodeSender(post, describeSend);

  const value = (field: Field) =>
    String(new FormData(form.current ?? undefined).get(id(field)) ?? '').trim();
  /** The new address as the calls take it, or null with its field's error shown. */
  const newAddress = () => {
    const address = value('address');
    // The registration form's checks of an address and a number.
    const problem = (field: 'email' | 'areaCode' | 'mobile', typed: string) =>
      registerFieldError(field, { ...initialRegisterForm.values, [field]: typed });
    if (channel === 'email') {
      const wrong = problem('email', address);
      if (wrong) setErrors({ address: t(wrong) });
      return wrong ? null : { to: 'email' as const, email: address };
    }
    const areaCode = value('areaCode');
    const wrongArea = problem('areaCode', areaCode);
    const wrongNumber = problem('mobile', address);
    setErrors({
      ...(wrongArea ? { areaCode: t(wrongArea) } : {}),
      ...(wrongNumber ? { address: t(wrongNumber) } : {}),
    });
    return wrongArea || wrongNumber ? null : { to: 'mobile' as const, areaCode, mobile: address };
  };

  const sendNew = () => {
    setErrors({});
    const target = newAddress();
    if (target) void newSender.send(target);
  };
  const sendCurrent = () => void currentSender.send({ to: 'current', shownAs: consentTarget });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = newAddress();
    if (!target) return;
    const found: Partial<Record<Field, string>> = {};
    if (!verifyCodePattern.test(value('newCode'))) found.newCode = t('auth.invalidCode');
    if (!verifyCodePattern.test(value('currentCode'))) found.currentCode = t('auth.invalidCode');
    if (value('pwd') === '') found.pwd = t('auth.required');
    const code = value('googleCode');
    if (authenticator && !takesEitherCode(code)) found.googleCode = t('security.invalidEitherCode');
    setErrors(found);
    const [first] = Object.keys(found) as Field[];
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    const proof = {
      verifyCode: value('currentCode'),
      pwd: String(new FormData(form.current ?? undefined).get(id('pwd')) ?? ''),
      ...(authenticator ? { googleCode: code } : {}),
    };
    void actions.act(async () => {
      const { lockedUntil } =
        target.to === 'email'
          ? await endpoints.call(Endpoints.changeEmail, {
              email: target.email,
              emailCode: value('newCode'),
              ...proof,
            })
          : await endpoints.call(Endpoints.changeMobile, {
              areaCode: target.areaCode,
              mobile: target.mobile,
              mobileCode: value('newCode'),
              ...proof,
            });
      form.current?.reset();
      await session.refreshUser();
      actions.setNotice(
        t(channel === 'email' ? 'security.emailChanged' : 'security.mobileChanged', {
          value: describeSend(target),
          until: actions.dateTime.format(lockedUntil),
        }),
      );
    });
  };

  return (
    <form ref={form} noValidate onSubmit={onSubmit} data-testid={`change-${channel}`}>
      <p>
        {current ? t('security.currentContact', { value: current }) : t('security.contactNone')}
      </p>
      {channel === 'mobile' ? (
        <TextField
          name={id('areaCode')}
          label={t('auth.areaCode')}
          error={errors.areaCode ?? null}
          inputMode="tel"
          autoComplete="tel-country-code"
          defaultValue="+81"
        />
      ) : null}
      <TextField
        name={id('address')}
        label={t(channel === 'email' ? 'security.newEmail' : 'security.newMobile')}
        error={errors.address ?? null}
        inputMode={channel === 'email' ? 'email' : 'tel'}
        autoComplete={channel === 'email' ? 'email' : 'tel-national'}
        dir="ltr"
      />
      <CodeField
        name={id('newCode')}
        label={t(channel === 'email' ? 'security.newEmailCode' : 'security.newMobileCode')}
        error={errors.newCode ?? null}
        sender={newSender}
        onSend={sendNew}
        testId={`send-new-${channel}-code`}
        sentKey="security.changeCodeSent"
      />
      <CodeField
        name={id('currentCode')}
        label={t('security.currentCode', { target: consentTarget })}
        error={errors.currentCode ?? null}
        sender={currentSender}
        onSend={sendCurrent}
        testId={`send-current-${channel}-code`}
        sentKey="security.changeCodeSent"
      />
      <TextField
        name={id('pwd')}
        label={t('security.currentPassword')}
        error={errors.pwd ?? null}
        autoComplete="current-password"
        revealLabel={t('auth.showPassword')}
      />
      {authenticator ? (
        <TextField
          name={id('googleCode')}
          label={t('security.removeCode')}
          error={errors.googleCode ?? null}
          autoComplete="one-time-code"
          spellCheck={false}
        />
      ) : null}
      <Button type="submit" variant="primary" loading={actions.busy}>
        {t(channel === 'email' ? 'security.changeEmail' : 'security.changeMobile')}
      </Button>
    </form>
  );
}
