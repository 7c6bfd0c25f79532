import { Endpoints } from '@exchange-web/protocol/endpoints';
import { QR_KEY_PATTERN, QR_LOGIN_CONFIRM_PATH } from '@exchange-web/protocol/paths';
import {
  QrLoginAction,
  QrLoginStatus,
  type CrossTerminalReply,
} from '@exchange-web/protocol/qr-login';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { useAccountActions } from '../components/account/useAccountActions';
import styles from '../components/auth/auth.module.css';
import { Button, Notice } from '../components/form/controls';
import { signedInPageProps } from '../lib/page-access';

/** The QR code's key in the page's query, when it has the key's shape. */
const keyOf = (query: unknown): string | null =>
  typeof query === 'string' && QR_KEY_PATTERN.test(query) ? query : null;

// A visitor signs in first and comes back to this very code (its key kept in the way back).
export const getServerSideProps: GetServerSideProps<Record<string, never>> = (ctx) => {
  const key = keyOf(ctx.query.key);
  return signedInPageProps(key ? `${QR_LOGIN_CONFIRM_PATH}?key=${key}` : QR_LOGIN_CONFIRM_PATH)(
    ctx,
  );
};

/**
 * Where a signed-in device lands from a login page's QR code (README "Account security"): the
 * browser asking is shown (what it is, its address, when), and this user confirms or declines
 * signing it in to their account.
 */
export default function QrLoginConfirmPage() {
  const { t, buildPath } = useShellState();
  const session = useSession();
  const router = useRouter();
  const endpoints = useEndpointActions();
  const { error, notice, busy, act, showFailure, dateTime } = useAccountActions();
  const key = keyOf(router.query.key);
  const [seen, setSeen] = useState<CrossTerminalReply | null>(null);

  // Opening the page is the scan: the waiting browser shows "scanned" while its user decides.
  useEffect(() => {
    if (!key || session.status !== 'signedIn') return;
    let current = true;
    endpoints
      .call(Endpoints.crossTerminalLoginStatus, { qrcodeKey: key, action: QrLoginAction.scan })
      .then((reply) => current && setSeen(reply))
      .catch((failure: unknown) => current && showFailure(failure));
    return () => {
      current = false;
    };
  }, [key, session.status, endpoints, showFailure]);

  const answer = (action: QrLoginAction) =>
    act(
      async () => {
        if (!key) return;
        setSeen(
          await endpoints.call(Endpoints.crossTerminalLoginStatus, { qrcodeKey: key, action }),
        );
      },
      t(action === QrLoginAction.confirm ? 'auth.qrConfirmDone' : 'auth.qrDeclineDone'),
    );
  const requester = seen?.requester;
  const open = seen?.status === QrLoginStatus.scanned;

  return (
    <>
      <Head>
        <title>{t('auth.qrConfirmTitle')}</title>
      </Head>
      <section className="auth-page" aria-labelledby="qr-confirm-title">
        <h1 id="qr-confirm-title">{t('auth.qrConfirmTitle')}</h1>
        {key ? null : <Notice tone="error">{t('auth.qrKeyMissing')}</Notice>}
        {error ? <Notice tone="error">{error}</Notice> : null}
        {notice ? (
          <Notice tone="success" data-testid="qr-confirm-done">
            {notice}
          </Notice>
        ) : null}
        {requester && open ? (
          <>
            <p className="auth-lead">{t('auth.qrConfirmLead')}</p>
            <div className={styles.requester} data-testid="qr-requester">
              <strong>
                {requester.browser
                  ? t('auth.qrRequester', { browser: requester.browser, os: requester.os })
                  : t('auth.qrRequesterUnknown')}
              </strong>
              <span>
                {t('auth.qrRequesterAddress', {
                  ip: requester.ip,
                  time: dateTime.format(requester.requestedAt),
                })}
              </span>
            </div>
            <div className={styles.actions}>
              <Button
                variant="primary"
                loading={busy}
                onClick={() => void answer(QrLoginAction.confirm)}
                data-testid="qr-confirm"
              >
                {t('auth.qrConfirm')}
              </Button>
              <Button loading={busy} onClick={() => void answer(QrLoginAction.decline)}>
                {t('auth.qrDecline')}
              </Button>
            </div>
          </>
        ) : null}
        <p className="auth-switch">
          <a href={buildPath('/account')}>{t('header.account')}</a>
        </p>
      </section>
    </>
  );
}
