import type { Theme } from '@exchange-web/protocol/registry';
import { theme as antdTheme } from 'antd';

/** antd's theme for a site theme: black renders on antd's dark algorithm (toasts, notifications). */
export const antdThemeFor = (theme: Theme) => ({
  algorithm: theme === 'black' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
  token: { colorPrimary: '#1f6feb', borderRadius: 6 },
});
