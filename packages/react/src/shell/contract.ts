import type { CurrencyEntry } from '@exchange-web/protocol/currencies';
import type { LocaleCode } from '@exchange-web/protocol/languages';
import type { Theme } from '@exchange-web/protocol/registry';
import type { Translate } from '../i18n/translator';

/**
 * What the site hands its header, built in or loaded from the header-footer remote.
 * WARNING: the remote is built apart from the site; a breaking change here needs both rebuilt.
 */
export interface HeaderProps {
  t: Translate;
  language: LocaleCode;
  theme: Theme;
  /** Builds an internal path that keeps the current language prefix. */
  buildPath(path: string): string;
  currency: { selected: CurrencyEntry; entries: readonly CurrencyEntry[] };
  /** The signed-in user's display name, or null for a visitor. */
  user: { userName: string } | null;
  /** A session exists but its user is still loading: the account area keeps its space. */
  userPending?: boolean;
  onLanguageChange(locale: LocaleCode): void;
  onCurrencyChange(value: string): void;
  onThemeToggle(): void;
  onLogout?(): void;
  /** The simulation switch; absent until the site offers the mode. */
  simulation?: { on: boolean; onToggle(): void };
}

export interface FooterProps {
  t: Translate;
  buildPath(path: string): string;
  year: number;
}

/** Marks where a header or footer came from, for people and tests reading the page. */
export interface ShellOrigin {
  source: 'remote' | 'built-in';
  /** The remote's build id, to tell one deployment from the next. */
  buildId?: string;
}
