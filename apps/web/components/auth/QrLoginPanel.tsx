import { Endpoints } from '@exchange-web/protocol/endpoints';
import { QR_LOGIN_CONFIRM_PATH } from '@exchange-web/protocol/paths';
import {
  QrLoginRule,
  QrLoginStatus,
  type QrKeyIssued,
  type QrKeyStatusReply,
} from '@exchange-web/protocol/qr-login';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Notice } from '../form/controls';
import securityStyles from '../security/security.module.css';
import formStyles from '../form/form.module.css';
import styles from './auth.module.css';

const QrCode = dynamic(() => import('../form/QrCode'), {
  ssr: false,
  loading: () => <div className={securityStyles.qrSpace} aria-hidden="true" />,
});

const isIssued = (reply: QrKeyStatusReply): reply is QrKeyIssued => 'qrcodeKey' in reply;

/** The statuses after which nothing more happens to a code: polling stops. */
const FINAL: ReadonlySet<QrLoginStatus> = new Set([
  QrLoginStatus.confirmed,
  QrLoginStatus.declined,
  QrLoginStatus.expired,
]);

const STATUS_TEXT = {
  [QrLoginStatus.waiting]: 'auth.qrWaiting',
  [QrLoginStatus.scanned]: 'auth.qrScanned',
  [QrLoginStatus.confirmed]: 'auth.qrConfirmed',
  [QrLoginStatus.declined]: 'auth.qrDeclined',
  [QrLoginStatus.expired]: 'auth.qrExpired',
} as const;

export interface QrLoginPanelProps {
  /** Runs once this browser is signed in: load the user and go on, as a password sign-in does. */
  onSignedIn(): Promise<void>;
}

/**
 * Signing in by QR code (README "Account security"): a code for a signed-in device to scan (or
 * its address to open), its status polled live, and this browser signed in by the poll that
 * finds it confirmed. Loaded only when a visitor picks it, with the QR encoder.
 */
export default function QrLoginPanel({ onSignedIn }: QrLoginPanelProps) {
  const { t, buildPath } = useShellState();
  const endpoints = useEndpointActions();
  const [issued, setIssued] = useState<QrKeyIssued | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [origin, setOrigin] = useState('');

  const issue = useCallback(async () => {
    setError(null);
    setIssued(null);
    try {
      const reply = await endpoints.call(Endpoints.qrKeyStatus, {});
      if (isIssued(reply)) setIssued(reply);
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
    }
  }, [endpoints, t]);
  useEffect(() => {
    setOrigin(window.location.origin);
    void issue();
  }, [issue]);

  const [finished, setFinished] = useState(false);
  // The confirmed reply signs this browser in once; going on must not run twice either.
  const signedIn = useRef(false);
  const poll = useEndpointQuery(
    Endpoints.qrKeyStatus,
    issued ? { qrcodeKey: issued.qrcodeKey, token: issued.token } : {},
    { enabled: issued !== null && !finished, pollMs: QrLoginRule.pollMs, quiet: true },
  );
  const reply = poll.data && !isIssued(poll.data) ? poll.data : null;
  const status = reply?.status ?? (issued ? QrLoginStatus.waiting : null);
  useEffect(() => {
    if (!reply || !FINAL.has(reply.status)) return;
    setFinished(true);
    if (reply.status !== QrLoginStatus.confirmed || !reply.session || signedIn.current) return;
    signedIn.current = true;
    void onSignedIn();
  }, [reply, onSignedIn]);
  useEffect(() => {
    if (poll.error) setError(t(errorMessageKey(poll.error)));
  }, [poll.error, t]);

  const renew = () => {
    setFinished(false);
    void issue();
  };
  const address = issued
    ? `${origin}${buildPath(QR_LOGIN_CONFIRM_PATH)}?key=${encodeURIComponent(issued.qrcodeKey)}`
    : '';
  const over = status === QrLoginStatus.declined || status === QrLoginStatus.expired;

  return (
    <div className={styles.qr} data-testid="qr-login">
      <p>{t('auth.qrLead')}</p>
      {issued && !over ? (
        <>
          <QrCode value={address} label={t('auth.qrImage')} data-testid="qr-login-code" />
          <label className={styles.qrAddress}>
            <span>{t('auth.qrAddress')}</span>
            <input
              readOnly
              className={formStyles.input}
              value={address}
              dir="ltr"
              data-testid="qr-login-address"
            />
          </label>
        </>
      ) : (
        <div className={securityStyles.qrSpace} aria-hidden="true" />
      )}
      {status ? (
        <Notice
          tone={over ? 'error' : 'info'}
          data-testid="qr-login-status"
          action={
            over ? (
              <Button size="small" onClick={renew}>
                {t('auth.qrRenew')}
              </Button>
            ) : undefined
          }
        >
          <span data-status={status}>
            {t(STATUS_TEXT[status], {
              seconds: String(reply?.expiresInSeconds ?? issued?.expiresInSeconds ?? 0),
            })}
          </span>
        </Notice>
      ) : null}
      {error ? (
        <Notice
          tone="error"
          action={
            <Button size="small" onClick={renew}>
              {t('auth.qrRenew')}
            </Button>
          }
        >
          {error}
        </Notice>
      ) : null}
    </div>
  );
}
