import type { DeviceListReply } from '@exchange-web/protocol/schemas';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import type { ReactNode } from 'react';
import { DataTable } from '../DataTable';
import { Tag } from '../form/controls';

export type Device = DeviceListReply['items'][number];

/** A device as a person recognises it: `Chrome 131 · Windows 10`, else its user agent. */
export const deviceLabel = (device: Device): string =>
  [device.browser, device.os].filter(Boolean).join(' · ') || device.userAgent;

export interface DevicesTableProps {
  devices: readonly Device[] | null;
  dateTime: Intl.DateTimeFormat;
  /** A control for a row (sign it out), or nothing. @default none */
  action?: (device: Device) => ReactNode;
  'data-testid'?: string;
}

/**
 * The account's signed-in devices, newest first: what each is, where from, when it signed in and
 * was last seen, and whether it is this one or signed out.
 */
export function DevicesTable({ devices, dateTime, action, ...rest }: DevicesTableProps) {
  const testId = rest['data-testid'];
  const { t } = useShellState();
  return (
    <DataTable<Device>
      {...(testId === undefined ? {} : { 'data-testid': testId })}
      caption={t('account.devices')}
      rows={devices}
      rowKey={(row) => row.id}
      loadingText={t('account.loading')}
      emptyText={t('account.noDevices')}
      columns={[
        {
          key: 'device',
          title: t('account.deviceAgent'),
          render: (row) => (
            <>
              <span title={row.userAgent}>{deviceLabel(row)}</span>{' '}
              {row.current ? (
                <Tag tone="info">{t('account.thisDevice')}</Tag>
              ) : row.active ? null : (
                <Tag>{t('security.signedOut')}</Tag>
              )}
            </>
          ),
        },
        { key: 'ip', title: t('account.deviceAddress'), render: (row) => row.ip },
        {
          key: 'time',
          title: t('account.deviceTime'),
          render: (row) => dateTime.format(row.signedInAt),
        },
        {
          key: 'seen',
          title: t('security.lastSeen'),
          render: (row) => dateTime.format(row.lastSeenAt),
        },
        ...(action ? [{ key: 'action', title: t('security.deviceAction'), render: action }] : []),
      ]}
    />
  );
}
