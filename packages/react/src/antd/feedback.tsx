import { findLanguage, textDirection } from '@exchange-web/protocol/languages';
import { TOAST_OFFSET_PX, Timing, type Theme } from '@exchange-web/protocol/registry';
import type * as Antd from 'antd';
import type { ReactNode } from 'react';

/** How toasts and notifications look where they appear: the page's direction and theme. */
export interface FeedbackContext {
  language: string;
  theme: Theme;
}

/** Shows short toasts and longer notifications through antd, loaded on the first message. */
export interface Feedback {
  /** An error toast (SPEC 9: 3 s, 24 px from the top). */
  toastError(text: string): Promise<void>;
  /** A notification (SPEC 9: 4.5 s, 24 px from the edge). */
  notify(title: string, description?: string): Promise<void>;
}

type AntdFeedback = Pick<typeof Antd, 'message' | 'notification' | 'ConfigProvider'>;

/** Makes a `dayjsLang` the global dayjs locale (dayjs-locale.ts), loading it first. */
export type ApplyDateLocale = (dayjsLang: string) => Promise<unknown>;

const applyDayjsLocaleOnDemand: ApplyDateLocale = async (dayjsLang) =>
  (await import('./dayjs-locale')).applyDayjsLocale(dayjsLang);

/**
 * Toasts and notifications with the durations and offsets of SPEC.md section 9. antd loads on the
 * first message, never with the page; `context()` is read at each message, so a language or theme
 * change since the last one is honoured. dayjs follows the language's `dayjsLang` (SPEC 3) as antd
 * is configured: antd is the site's one reader of dayjs, so neither loads with a page that shows
 * no message (issue 18).
 * @example const feedback = createFeedback(() => ({ language: 'ar', theme: 'black' }));
 * await feedback.toastError('Network Error');
 */
export function createFeedback(
  context: () => FeedbackContext,
  loadAntd: () => Promise<AntdFeedback> = () => import('antd'),
  applyDateLocale: ApplyDateLocale = applyDayjsLocaleOnDemand,
): Feedback {
  let loaded: Promise<AntdFeedback> | undefined;
  let configuredFor = '';

  async function ready(): Promise<AntdFeedback> {
    loaded ??= loadAntd();
    const antd = await loaded;
    const { language, theme } = context();
    const key = `${language}:${theme}`;
    if (configuredFor !== key) {
      configuredFor = key;
      const dayjsLang = findLanguage(language)?.dayjsLang;
      if (dayjsLang) await applyDateLocale(dayjsLang);
      const rtl = textDirection(language) === 'rtl';
      const { antdThemeFor } = await import('./antd-theme');
      // Static messages render outside the page's tree: give them the page's theme and direction.
      antd.ConfigProvider.config({
        holderRender: (children: ReactNode) => (
          <antd.ConfigProvider direction={rtl ? 'rtl' : 'ltr'} theme={antdThemeFor(theme)}>
            {children}
          </antd.ConfigProvider>
        ),
      });
      antd.message.config({ duration: Timing.toastMs / 1000, top: TOAST_OFFSET_PX, rtl });
      antd.notification.config({
        duration: Timing.notificationMs / 1000,
        top: TOAST_OFFSET_PX,
        bottom: TOAST_OFFSET_PX,
        rtl,
      });
    }
    return antd;
  }

  return {
    async toastError(text) {
      (await ready()).message.error(text);
    },
    async notify(title, description) {
      (await ready()).notification.info({
        title,
        ...(description === undefined ? {} : { description }),
      });
    },
  };
}
