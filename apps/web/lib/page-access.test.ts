import { CookieName } from '@exchange-web/protocol/registry';
import type { GetServerSidePropsContext } from 'next';
import { describe, expect, it } from 'vitest';
import { NO_PREFIX_LOCALE } from './router-locale';
import { signInPageProps, signedInPageProps } from './page-access';

const context = (options: { signedIn: boolean; locale?: string; redirect?: string }) =>
  ({
    req: { headers: { cookie: options.signedIn ? `${CookieName.signedIn}=1` : '' } },
    query: options.redirect === undefined ? {} : { redirect: options.redirect },
    locale: options.locale ?? NO_PREFIX_LOCALE,
  }) as unknown as GetServerSidePropsContext;

describe('page access', () => {
  it('shows the sign-in pages to a visitor without a session', async () => {
    expect(await signInPageProps(context({ signedIn: false }))).toEqual({ props: {} });
  });

  it('sends a signed-in visitor on from a sign-in page: where they were headed, else the account', async () => {
    expect(await signInPageProps(context({ signedIn: true }))).toEqual({
      redirect: { destination: '/account', permanent: false },
    });
    expect(await signInPageProps(context({ signedIn: true, redirect: '/asset' }))).toEqual({
      redirect: { destination: '/asset', permanent: false },
    });
    // Only a path of this site: anything else goes to the account.
    expect(
      await signInPageProps(context({ signedIn: true, redirect: 'https://elsewhere.example/' })),
    ).toEqual({ redirect: { destination: '/account', permanent: false } });
  });

  it('sends a visitor without a session from a signed-in page to log in, and back after', async () => {
    expect(await signedInPageProps('/account/newapi')(context({ signedIn: false }))).toEqual({
      redirect: { destination: '/login?redirect=%2Faccount%2Fnewapi', permanent: false },
    });
    expect(await signedInPageProps('/account')(context({ signedIn: false, locale: 'ja' }))).toEqual(
      { redirect: { destination: '/ja/login?redirect=%2Fja%2Faccount', permanent: false } },
    );
    expect(await signedInPageProps('/account')(context({ signedIn: true }))).toEqual({ props: {} });
  });
});
