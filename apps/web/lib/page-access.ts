import { buildPath } from '@exchange-web/client/language';
import { redirectTarget } from '@exchange-web/react/session/redirect-target';
import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
import { shellRequestOf } from './shell-request';

// Who may see a page is decided on the server, before anything renders: the redirects below
// are the pages' whole server props.

const shellOf = (ctx: GetServerSidePropsContext) => shellRequestOf(ctx);

/**
 * Server props of the login and registration pages: a visitor who already has a session goes on
 * to where they were headed (or their account) instead of signing in twice.
 */
export const signInPageProps: GetServerSideProps<Record<string, never>> = async (ctx) => {
  const shell = shellOf(ctx);
  if (!shell.signedIn) return { props: {} };
  const destination = redirectTarget(ctx.query.redirect, buildPath('/account', shell.prefix));
  return { redirect: { destination, permanent: false } };
};

/**
 * Server props of a page for signed-in users only: without a session the visitor goes to the
 * login page, which brings them back to `path` (in their language prefix) afterwards.
 */
export function signedInPageProps(path: string): GetServerSideProps<Record<string, never>> {
  return async (ctx) => {
    const shell = shellOf(ctx);
    if (shell.signedIn) return { props: {} };
    const back = buildPath(path, shell.prefix);
    const login = buildPath('/login', shell.prefix);
    return {
      redirect: { destination: `${login}?redirect=${encodeURIComponent(back)}`, permanent: false },
    };
  };
}
