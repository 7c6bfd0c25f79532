import { languages } from '@exchange-web/protocol/languages';
import { CopyPagePath, SIMULATION_LANDING } from '@exchange-web/protocol/paths';
import { TrackingId } from '@exchange-web/protocol/registry';
import type { HeaderProps, ShellOrigin } from './contract';
import { MenuButton } from './MenuButton';

const navigation = [
  { key: 'header.nav.spot', path: SIMULATION_LANDING.spot },
  { key: 'header.nav.futures', path: SIMULATION_LANDING.futures },
  { key: 'header.nav.margin', path: '/margin/BTCUSDT' },
  { key: 'header.nav.copyTrading', path: CopyPagePath.discovery },
  { key: 'header.nav.inscription', path: '/inscription/brc-20' },
] as const;

/**
 * The tracking attributes of a header link (README "Behaviour tracking: in the site"): the
 * tracker reports its click as b1001 with the path it leads to.
 */
const tracked = (path: string) => ({
  'data-tracking-id': TrackingId.headerNav,
  'data-tracking-ext': JSON.stringify({ to: path }),
});

const languageItems = languages.map((language) => ({
  value: language.locale,
  label: language.languageName,
  lang: language.locale,
}));

/** The site header: logo, navigation, language, currency, theme, account and simulation. */
export function SiteHeader(props: HeaderProps & ShellOrigin) {
  const { t, buildPath } = props;
  const current = languages.find((language) => language.locale === props.language);
  return (
    <div className="site-header" data-source={props.source} data-build-id={props.buildId}>
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <a
        className="site-logo"
        href={buildPath('/')}
        aria-label={t('header.logo')}
        {...tracked('/')}
      >
        exchange-web
      </a>
      <nav aria-label={t('header.mainNavigation')} className="site-nav">
        <ul>
          {navigation.map((item) => (
            <li key={item.key}>
              <a href={buildPath(item.path)} {...tracked(item.path)}>
                {t(item.key)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="site-tools">
        <MenuButton
          testId="language-menu"
          menuLabel={t('header.languageMenu')}
          buttonLabel={t('header.currentLanguage', { language: current?.languageName ?? '' })}
          items={languageItems}
          selected={props.language}
          onSelect={(locale) => {
            const next = languages.find((language) => language.locale === locale);
            if (next) props.onLanguageChange(next.locale);
          }}
        >
          {current?.languageName}
        </MenuButton>
        <MenuButton
          testId="currency-menu"
          menuLabel={t('header.currencyMenu')}
          buttonLabel={t('header.currentCurrency', { currency: props.currency.selected.label })}
          items={props.currency.entries.map((entry) => ({
            value: entry.value,
            label: entry.label,
          }))}
          selected={props.currency.selected.value}
          onSelect={props.onCurrencyChange}
          widestItemWidth
        >
          {props.currency.selected.label}
        </MenuButton>
        <button
          type="button"
          className="theme-toggle"
          data-testid="theme-toggle"
          aria-label={
            props.theme === 'black' ? t('header.theme.toLight') : t('header.theme.toDark')
          }
          onClick={props.onThemeToggle}
        >
          <span aria-hidden="true">{props.theme === 'black' ? '☀' : '☾'}</span>
        </button>
        {props.simulation ? (
          <button
            type="button"
            role="switch"
            aria-checked={props.simulation.on}
            className="simulation-switch"
            data-testid="simulation-switch"
            title={t(props.simulation.on ? 'header.simulation.leave' : 'header.simulation.enter')}
            onClick={props.simulation.onToggle}
          >
            {t('header.simulation.label')}
          </button>
        ) : null}
        {props.user ? (
          <span className="site-account" data-testid="header-user">
            <MenuButton
              testId="account-menu"
              menuLabel={t('header.accountMenu')}
              items={[
                { value: 'account', label: t('header.account') },
                ...(props.onLogout ? [{ value: 'logout', label: t('header.logOut') }] : []),
              ]}
              onSelect={(action) => {
                if (action === 'logout') props.onLogout?.();
                else window.location.assign(buildPath('/account'));
              }}
            >
              {props.user.userName}
            </MenuButton>
          </span>
        ) : props.userPending ? (
          <span className="site-account" aria-busy="true" data-testid="header-user-pending" />
        ) : (
          <span className="site-account">
            <a href={buildPath('/login')} {...tracked('/login')}>
              {t('header.logIn')}
            </a>
            <a className="button-primary" href={buildPath('/register')} {...tracked('/register')}>
              {t('header.register')}
            </a>
          </span>
        )}
      </div>
    </div>
  );
}
