import {
  CopyPagePath,
  DOWNLOAD_PAGE_PATH,
  FeePagePath,
  PROOF_OF_RESERVES_PATH,
  PROTECTION_FUND_PATH,
  SIMULATION_LANDING,
} from '@exchange-web/protocol/paths';
import type { FooterProps, ShellOrigin } from './contract';

const productLinks = [
  { key: 'footer.links.spot', path: SIMULATION_LANDING.spot },
  { key: 'footer.links.futures', path: SIMULATION_LANDING.futures },
  { key: 'footer.links.margin', path: '/margin/BTCUSDT' },
  { key: 'footer.links.copyTrading', path: CopyPagePath.discovery },
  { key: 'footer.links.brc20', path: '/inscription/brc-20' },
] as const;

const aboutLinks = [
  { key: 'footer.aboutLinks.fees', path: FeePagePath.schedule },
  { key: 'footer.aboutLinks.vip', path: FeePagePath.vipIntroduce },
  { key: 'footer.aboutLinks.reserves', path: PROOF_OF_RESERVES_PATH },
  { key: 'footer.aboutLinks.fund', path: PROTECTION_FUND_PATH },
  { key: 'footer.aboutLinks.download', path: DOWNLOAD_PAGE_PATH },
] as const;

const legalLinks = [
  { key: 'footer.legalLinks.terms', path: '/legal/terms' },
  { key: 'footer.legalLinks.privacy', path: '/legal/privacy' },
  { key: 'footer.legalLinks.risk', path: '/legal/risk' },
  { key: 'footer.legalLinks.cookies', path: '/legal/cookies' },
] as const;

const sections = [
  { heading: 'footer.products', links: productLinks },
  { heading: 'footer.about', links: aboutLinks },
  { heading: 'footer.legal', links: legalLinks },
] as const;

/** The site footer: product, about and legal links, and the copyright line. */
export function SiteFooter({ t, buildPath, year, source, buildId }: FooterProps & ShellOrigin) {
  return (
    <div className="site-footer" data-source={source} data-build-id={buildId}>
      {sections.map((section) => (
        <nav key={section.heading} aria-label={t(section.heading)}>
          <h2>{t(section.heading)}</h2>
          <ul>
            {section.links.map((link) => (
              <li key={link.key}>
                <a href={buildPath(link.path)}>{t(link.key)}</a>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <p className="copyright">{t('footer.copyright', { year })}</p>
    </div>
  );
}
