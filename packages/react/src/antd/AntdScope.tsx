import { textDirection } from '@exchange-web/protocol/languages';
import type { Theme } from '@exchange-web/protocol/registry';
import { ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { ReactNode } from 'react';

/** antd's theme for a site theme: black renders on antd's dark algorithm. */
export const antdThemeFor = (theme: Theme) => ({
  algorithm: theme === 'black' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
  token: { colorPrimary: '#1f6feb', borderRadius: 6 },
});

export interface AntdScopeProps {
  /** From {@link loadAntdLocale} in the page's server props. */
  locale: Locale;
  language: string;
  theme: Theme;
  children: ReactNode;
}

/**
 * The antd context of a page that renders antd components: its language (English pagination and
 * dates), its direction (Arabic right to left) and its theme. Only such pages import antd, so the
 * shell's other pages never download it.
 */
export function AntdScope({ locale, language, theme, children }: AntdScopeProps) {
  return (
    <ConfigProvider locale={locale} direction={textDirection(language)} theme={antdThemeFor(theme)}>
      {children}
    </ConfigProvider>
  );
}
