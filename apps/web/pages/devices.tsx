import { Endpoints } from '@exchange-web/protocol/endpoints';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import Head from 'next/head';
import { useEffect } from 'react';
import { deviceLabel, DevicesTable } from '../components/account/DevicesTable';
import { useAccountActions } from '../components/account/useAccountActions';
import { Button, Notice } from '../components/form/controls';
import { signedInPageProps } from '../lib/page-access';

export const getServerSideProps = signedInPageProps('/devices');

/**
 * The account's devices (SPEC 2 devices): every browser signed in, and signing one out, or all
 * but this one. A device signed out is refused from its next call on.
 */
export default function DevicesPage() {
  const { t, buildPath } = useShellState();
  const session = useSession();
  const endpoints = useEndpointActions();
  const { error, notice, busy, act, showFailure, dateTime } = useAccountActions();
  const list = useEndpointQuery(
    Endpoints.deviceList,
    {},
    { enabled: session.status === 'signedIn' },
  );
  useEffect(() => {
    if (list.error) showFailure(list.error);
  }, [list.error, showFailure]);
  const devices = list.data?.items ?? null;
  const others = devices?.filter((device) => device.active && !device.current) ?? [];

  const signOut = (id: string, label: string) =>
    act(
      async () => {
        await endpoints.call(Endpoints.deviceSignOut, { id });
        await endpoints.invalidate(Endpoints.deviceList);
      },
      t('security.deviceSignedOut', { device: label }),
    );
  const signOutOthers = () =>
    act(async () => {
      const { signedOut } = await endpoints.call(Endpoints.deviceSignOutOthers, {});
      await endpoints.invalidate(Endpoints.deviceList);
      return signedOut;
    }, t('security.othersSignedOut'));

  return (
    <>
      <Head>
        <title>{t('security.devicesTitle')}</title>
      </Head>
      <section className="account-page" aria-labelledby="devices-title">
        <h1 id="devices-title">{t('security.devicesTitle')}</h1>
        <p className="auth-lead">{t('security.devicesLead')}</p>
        {/* Above the list, which loads after the first paint: the link stays where it was painted. */}
        <p>
          <a href={buildPath('/account')}>{t('security.backToAccount')}</a>
        </p>
        {error ? <Notice tone="error">{error}</Notice> : null}
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        <p>
          <Button
            variant="primary"
            loading={busy}
            disabled={others.length === 0}
            onClick={() => void signOutOthers()}
            data-testid="sign-out-others"
          >
            {t('security.signOutOthers')}
          </Button>
        </p>
        <DevicesTable
          data-testid="device-list"
          devices={devices}
          dateTime={dateTime}
          action={(device) =>
            device.active && !device.current ? (
              <Button
                size="small"
                loading={busy}
                onClick={() => void signOut(device.id, deviceLabel(device))}
                aria-label={t('security.signOutDevice', { device: deviceLabel(device) })}
              >
                {t('security.signOut')}
              </Button>
            ) : null
          }
        />
      </section>
    </>
  );
}
