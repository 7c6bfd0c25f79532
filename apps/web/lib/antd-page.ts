import { loadAntdLocale } from '@exchange-web/react/antd/antd-locale';
import { findLanguage, firstSupportedLanguage } from '@exchange-web/protocol/languages';
import type { Locale } from 'antd/es/locale';
import type { GetServerSidePropsContext } from 'next';
import { readShellRequest } from './shell-request';

/** The props every page that renders antd components gets from the server. */
export interface AntdPageProps {
  antdLocale: Locale;
}

/** Loads the antd locale of the request's language (plain data, so it travels in page props). */
export async function antdPageProps(ctx: GetServerSidePropsContext): Promise<AntdPageProps> {
  const { language } = readShellRequest({
    cookieHeader: ctx.req.headers.cookie,
    query: ctx.query,
    routerLocale: ctx.locale,
  });
  const entry = findLanguage(language) ?? firstSupportedLanguage;
  return { antdLocale: await loadAntdLocale(entry.antdLang) };
}
