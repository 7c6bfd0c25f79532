import { CopyPagePath, SIMULATION_LANDING } from '@exchange-web/protocol/paths';
import type { FooterProps, ShellOrigin } from './contract';

const productLinks = [
  { key: 'footer.links.spot', path: SIMULATION_LANDING.spot },
  { key: 'footer.links.futures', path: SIMULATION_LANDING.futures },
  { key: 'footer.links.margin', path: '/margin/BTCUSDT' },
  { key: 'footer.links.copyTrading', path: CopyPagePath.discovery },
  { key: 'footer.links.brc20', path: '/inscription/brc-20' },
] as const;

const legalLinks = [
  { key: 'footer.legalLinks.terms', path: '/legal/terms' },
  { key: 'footer.legalLinks.privacy', path: '/legal/privacy' },
  { key: 'footer.legalLinks.risk', path: '/legal/risk' },
  { key: 'footer.legalLinks.cookies', path: '/legal/cookies' },
] as const;

/** The site footer: product links, legal links and the copyright line. */
export function SiteFooter({ t, buildPath, year, source, buildId }: FooterProps & ShellOrigin) {
  return (
    <div className="site-footer" data-source={source} data-build-id={buildId}>
      <nav aria-label={t('footer.products')}>
        <h2>{t('footer.products')}</h2>
        <ul>
          {productLinks.map((link) => (
            <li key={link.key}>
              <a href={buildPath(link.path)}>{t(link.key)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t('footer.legal')}>
        <h2>{t('footer.legal')}</h2>
        <ul>
          {legalLinks.map((link) => (
            <li key={link.key}>
              <a href={buildPath(link.path)}>{t(link.key)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="copyright">{t('footer.copyright', { year })}</p>
    </div>
  );
}
