import { loadAntdLocale } from '@exchange-web/react/antd/antd-locale';
import { findLanguage, firstSupportedLanguage } from '@exchange-web/protocol/languages';
import type { Locale } from 'antd/es/locale';
import { buildPath } from '@exchange-web/client/language';
import { redirectTarget } from '@exchange-web/react/session/redirect-target';
import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
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

/**
 * Where a visitor who already has a session goes instead of a sign-in page: on to where they were
 * headed (or their account), not signing in twice. Null for a visitor without one.
 */
function sessionRedirect(ctx: GetServerSidePropsContext) {
  const shell = readShellRequest({
    cookieHeader: ctx.req.headers.cookie,
    query: ctx.query,
    routerLocale: ctx.locale,
  });
  if (!shell.signedIn) return null;
  const destination = redirectTarget(ctx.query.redirect, buildPath('/account', shell.prefix));
  return { redirect: { destination, permanent: false } };
}

/** Server props of a sign-in page built with antd (registration). */
export const signInPageProps: GetServerSideProps<AntdPageProps> = async (ctx) =>
  sessionRedirect(ctx) ?? { props: await antdPageProps(ctx) };

/** Server props of a sign-in page without antd (login): nothing to load but the redirect. */
export const lightSignInPageProps: GetServerSideProps<Record<string, never>> = async (ctx) =>
  sessionRedirect(ctx) ?? { props: {} };

/** The way to the login page for a visitor without a session, back to `path` after; else null. */
function loginRedirect(ctx: GetServerSidePropsContext, path: string) {
  const shell = readShellRequest({
    cookieHeader: ctx.req.headers.cookie,
    query: ctx.query,
    routerLocale: ctx.locale,
  });
  if (shell.signedIn) return null;
  const back = buildPath(path, shell.prefix);
  const login = buildPath('/login', shell.prefix);
  return {
    redirect: { destination: `${login}?redirect=${encodeURIComponent(back)}`, permanent: false },
  };
}

/**
 * Server props of a page built with antd for signed-in users only: without a session the visitor
 * goes to the login page, which brings them back to `path` (in their language prefix) afterwards.
 */
export function signedInPageProps(path: string): GetServerSideProps<AntdPageProps> {
  return async (ctx) => loginRedirect(ctx, path) ?? { props: await antdPageProps(ctx) };
}

/** The same for a signed-in page without antd: nothing to load but the redirect. */
export function lightSignedInPageProps(path: string): GetServerSideProps<Record<string, never>> {
  return async (ctx) => loginRedirect(ctx, path) ?? { props: {} };
}
