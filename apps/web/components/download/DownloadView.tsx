import { API_KEYS_PAGE_PATH } from '@exchange-web/protocol/paths';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import type { PageLinks } from '../../lib/page-links';
import { InfoPage } from '../InfoPage';
import { PageLink } from '../PageLink';
import { INSTALL_PLATFORMS, installPlatformOf, type InstallPlatform } from './install-platform';
import styles from './download.module.css';

// The encoder is loaded with this page only; the server renders the code, so nothing moves.
const QrCode = dynamic(() => import('../form/QrCode'));

/** Chrome's event that lets a page offer its own install button (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type InstallState = 'unavailable' | 'ready' | 'installing' | 'installed' | 'declined';

/** What the install status line can say. */
const STATUS_MESSAGES = [
  'download.installUnavailable',
  'download.installed',
  'download.declined',
] as const;

export interface DownloadPageProps {
  /** This page's address as the visitor reached it, for the QR code. */
  pageUrl: string;
  links: PageLinks;
}

/**
 * The download page (SPEC 2 `download`): the site installs as an app from its web app manifest,
 * so the page offers the browser's install prompt where there is one, the steps for each kind of
 * device (the visitor's own marked), and a QR code that opens the page on a phone.
 */
export function DownloadView({ pageUrl, links }: DownloadPageProps) {
  const { t } = useShellState();
  const [platform, setPlatform] = useState<InstallPlatform | null>(null);
  const [install, setInstall] = useState<InstallState>('unavailable');
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    let live = true;
    void import('bowser').then(({ default: Bowser }) => {
      if (!live) return;
      const parsed = Bowser.parse(window.navigator.userAgent);
      setPlatform(installPlatformOf(parsed, window.navigator.maxTouchPoints > 1));
    });
    if (window.matchMedia('(display-mode: standalone)').matches) setInstall('installed');
    const offered = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
      setInstall('ready');
    };
    const installed = () => setInstall('installed');
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    return () => {
      live = false;
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  const runInstall = async () => {
    if (!prompt) return;
    setInstall('installing');
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    setPrompt(null);
    setInstall(outcome === 'accepted' ? 'installed' : 'declined');
  };

  return (
    <InfoPage
      title={t('download.title')}
      description={t('download.description')}
      links={links}
      testId="download-page"
    >
      <div className={styles.install}>
        <button
          type="button"
          className="button-primary"
          disabled={install !== 'ready'}
          data-testid="install-app"
          onClick={() => void runInstall()}
        >
          {t(install === 'installing' ? 'download.installing' : 'download.install')}
        </button>
        <div className={styles.statusBox}>
          {/* Every message the line can say, unseen, holds its height: the browser's offer to
              install empties it after the first paint, and the cards below must not move. */}
          {STATUS_MESSAGES.map((key) => (
            <span key={key} className={styles.statusGhost} aria-hidden="true">
              {t(key)}
            </span>
          ))}
          <p role="status" data-testid="install-status" data-state={install}>
            {install === 'installed'
              ? t('download.installed')
              : install === 'declined'
                ? t('download.declined')
                : install === 'unavailable'
                  ? t('download.installUnavailable')
                  : ''}
          </p>
        </div>
      </div>
      <div className={styles.platforms}>
        {INSTALL_PLATFORMS.map((entry) => (
          <section
            key={entry}
            className={styles.platform}
            aria-labelledby={`platform-${entry}`}
            data-testid="install-platform"
            data-platform={entry}
            data-current={platform === entry ? 'true' : 'false'}
          >
            <h2 id={`platform-${entry}`}>{t(`download.platforms.${entry}.title`)}</h2>
            {/* Reserved in every card, shown in the visitor's: nothing moves when it appears. */}
            <p className={styles.badge} aria-hidden={platform !== entry}>
              {t('download.yourDevice')}
            </p>
            <ol>
              <li>{t(`download.platforms.${entry}.step1`)}</li>
              <li>{t(`download.platforms.${entry}.step2`)}</li>
              <li>{t(`download.platforms.${entry}.step3`)}</li>
            </ol>
          </section>
        ))}
      </div>
      <section className={styles.qr} aria-labelledby="download-qr">
        <h2 id="download-qr">{t('download.qrTitle')}</h2>
        <p>{t('download.qrLead')}</p>
        <div className={styles.code} data-testid="download-qr" data-value={pageUrl}>
          <QrCode value={pageUrl} label={t('download.qrLabel')} />
        </div>
      </section>
      <p>
        {t('download.api')} <PageLink href={API_KEYS_PAGE_PATH}>{t('download.apiLink')}</PageLink>
      </p>
    </InfoPage>
  );
}
