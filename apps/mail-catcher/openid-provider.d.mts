import type Provider from 'oidc-provider';

/** One client of the stand-in provider: the gateway as Google's or Apple's client. */
export interface StandInClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** The stand-in OpenID provider of `npm start` and the tests (openid-provider.mjs). */
export declare function createOpenIdProvider(options: {
  issuer: string;
  clients: StandInClient[];
}): Provider;
