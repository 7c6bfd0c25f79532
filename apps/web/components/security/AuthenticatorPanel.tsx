import type { AuthenticatorSetupReply } from '@exchange-web/protocol/authenticator';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useSessionActions } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styles from '../account/account.module.css';
import { CopyableCode } from '../account/CopyableCode';
import type { useAccountActions } from '../account/useAccountActions';
import { factorCodeError } from '../auth/factor-code';
import { Button, Tag } from '../form/controls';
import { TextField } from '../form/TextField';
import securityStyles from './security.module.css';

// The QR code's library loads only when a person starts linking an app.
const QrCode = dynamic(() => import('../form/QrCode'), {
  ssr: false,
  loading: () => <div className={securityStyles.qrSpace} aria-hidden="true" />,
});

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: AuthenticatorSetupReply }
  | { kind: 'recovery'; codes: string[] };

export interface AuthenticatorPanelProps {
  /** Whether the signed-in user has an app linked (user info `settings.gbf`). */
  bound: boolean;
  actions: ReturnType<typeof useAccountActions>;
}

/**
 * The authenticator app of the security page: link one (QR code or key, then its first code),
 * save the recovery codes shown once, or remove it with a code of it or a recovery code.
 */
export function AuthenticatorPanel({ bound, actions }: AuthenticatorPanelProps) {
  const { t } = useShellState();
  const endpoints = useEndpointActions();
  const session = useSessionActions();
  const { act, busy } = actions;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [codeError, setCodeError] = useState<string | null>(null);
  const recoveryTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step.kind === 'recovery') recoveryTitle.current?.focus();
    if (step.kind === 'setup') document.getElementById('bindCode')?.focus();
  }, [step.kind]);

  /** The typed code, or null after saying what is wrong with it. */
  const typedCode = (form: HTMLFormElement, name: string, kind: 'app' | 'either') => {
    const code = String(new FormData(form).get(name) ?? '');
    const problem =
      kind === 'app'
        ? factorCodeError(code, 'app')
        : factorCodeError(code, 'app') && factorCodeError(code, 'recovery');
    setCodeError(problem ? t(kind === 'app' ? problem : 'security.invalidEitherCode') : null);
    if (problem) document.getElementById(name)?.focus();
    return problem ? null : code;
  };

  const start = () =>
    act(async () => {
      setCodeError(null);
      setStep({ kind: 'setup', setup: await endpoints.call(Endpoints.authenticatorSetup, {}) });
    });

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const googleCode = typedCode(event.currentTarget, 'bindCode', 'app');
    if (googleCode === null) return;
    void act(async () => {
      const reply = await endpoints.call(Endpoints.authenticatorBind, { googleCode });
      setStep({ kind: 'recovery', codes: reply.recoveryCodes });
      await session.refreshUser();
    });
  };

  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const googleCode = typedCode(event.currentTarget, 'unbindCode', 'either');
    if (googleCode === null) return;
    void act(async () => {
      await endpoints.call(Endpoints.authenticatorUnbind, { googleCode });
      await session.refreshUser();
    }, t('security.removed'));
  };

  if (step.kind === 'recovery') {
    return (
      <div className={styles.created} data-testid="recovery-codes">
        <h3 ref={recoveryTitle} tabIndex={-1} className={styles.createdTitle}>
          {t('security.recoveryTitle')}
        </h3>
        <p>{t('security.recoveryLead')}</p>
        <ol className={securityStyles.recoveryList} dir="ltr" translate="no">
          {step.codes.map((code) => (
            <li key={code}>
              <code className={styles.code}>{code}</code>
            </li>
          ))}
        </ol>
        <p id="recovery-all">{t('security.recoveryAll')}</p>
        <CopyableCode
          text={step.codes.join('\n')}
          labelledBy="recovery-all"
          copyLabel={t('apiKeys.copy')}
          copiedLabel={t('apiKeys.copied')}
        />
        <p>
          <Button variant="primary" onClick={() => setStep({ kind: 'idle' })}>
            {t('security.recoveryDone')}
          </Button>
        </p>
      </div>
    );
  }

  if (bound) {
    return (
      <>
        <p>
          <Tag tone="success">{t('account.linked')}</Tag> {t('security.authenticatorOn')}
        </p>
        <form
          noValidate
          onSubmit={remove}
          className={styles.inlineForm}
          data-testid="authenticator-remove"
        >
          <div className={styles.inlineField}>
            <TextField
              name="unbindCode"
              label={t('security.removeCode')}
              hint={t('security.removeLead')}
              error={codeError}
              autoComplete="one-time-code"
              spellCheck={false}
            />
          </div>
          <Button type="submit" loading={busy} className={styles.inlineSubmit}>
            {t('security.remove')}
          </Button>
        </form>
      </>
    );
  }

  if (step.kind === 'setup') {
    const { secret, otpauthUri } = step.setup;
    return (
      <div data-testid="authenticator-setup">
        <p>{t('security.scanQr')}</p>
        <div className={securityStyles.setup}>
          <QrCode value={otpauthUri} label={t('security.qrLabel')} data-testid="authenticator-qr" />
          <div>
            <p id="manual-key" className={securityStyles.keyLabel}>
              {t('security.manualKey')}
            </p>
            <CopyableCode
              text={secret}
              labelledBy="manual-key"
              copyLabel={t('apiKeys.copy')}
              copiedLabel={t('apiKeys.copied')}
              codeTestId="authenticator-secret"
            />
          </div>
        </div>
        <form
          noValidate
          onSubmit={confirm}
          className={styles.inlineForm}
          data-testid="authenticator-confirm"
        >
          <div className={styles.inlineField}>
            <TextField
              name="bindCode"
              label={t('security.confirmCode')}
              hint={t('security.confirmHint')}
              error={codeError}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          </div>
          <Button type="submit" variant="primary" loading={busy} className={styles.inlineSubmit}>
            {t('security.confirm')}
          </Button>
          <Button
            className={styles.inlineSubmit}
            onClick={() => {
              setStep({ kind: 'idle' });
              setCodeError(null);
            }}
          >
            {t('security.cancel')}
          </Button>
        </form>
      </div>
    );
  }

  return (
    <>
      <p>
        <Tag>{t('account.notLinked')}</Tag> {t('security.authenticatorOff')}
      </p>
      <Button variant="primary" loading={busy} onClick={() => void start()}>
        {t('security.setUp')}
      </Button>
    </>
  );
}
