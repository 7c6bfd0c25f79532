// The local stand-in for Google's and Apple's sign-in (OpenID Connect), for `npm start` and the
// tests: a real OpenID provider (oidc-provider) that the gateway discovers, trades codes with and
// checks ID tokens of, exactly as it does with Google's and Apple's. It has one client per
// provider the gateway plays; its login page takes any name (oidc-provider's development
// interactions) and that name is the account's `sub`, so the same name signs in as the same person.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';

/**
 * @param {{ issuer: string,
 *           clients: { client_id: string, client_secret: string, redirect_uris: string[] }[] }} options
 */
export function createOpenIdProvider({ issuer, clients }) {
  // A new signing key each start: the gateway reads it from the provider's JWKS, as it would Google's.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'stand-in',
    use: 'sig',
    alg: 'RS256',
  };
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      ...client,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    // Google and Apple take PKCE; the stand-in asks it, so a gateway without it fails here too.
    pkce: { required: () => true },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, name: sub }),
    }),
  });
  // Served over plain HTTP on 127.0.0.1: its cookies cannot be Secure.
  provider.proxy = false;
  return provider;
}
