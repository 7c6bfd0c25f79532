import { createHash } from 'node:crypto';
import { OpenIdRule, type OpenIdProof } from '@exchange-web/protocol/third-party';
import * as oidc from 'openid-client';
import type { OpenIdClientSettings } from '../config';
import type { Queryable } from '../db/database';

/**
 * Google and Apple sign-in by OpenID Connect (README "Third-party sign-in"), through
 * openid-client: the authorization-code flow with PKCE (S256), a `state` and a `nonce`, the code
 * traded with the provider's token endpoint by this gateway (a confidential client), and the ID
 * token checked against the provider's published keys (issuer, audience, expiry, nonce).
 */

/** The provider is not reachable or answers no usable discovery document. */
export class OpenIdUnavailableError extends Error {
  override name = 'OpenIdUnavailableError';
}

/** A provider's configuration, discovered once and kept; a failed discovery is tried again. */
export class OpenIdClient {
  #configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly provider: string,
    private readonly settings: OpenIdClientSettings,
  ) {}

  configuration(): Promise<oidc.Configuration> {
    this.#configuration ??= this.discover().catch((error: unknown) => {
      this.#configuration = undefined;
      throw new OpenIdUnavailableError(`${this.provider}: ${(error as Error).message}`, {
        cause: error,
      });
    });
    return this.#configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    // Plain HTTP only for a provider on this machine (the local stand-in); config refuses others.
    const insecure = issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {};
    const configuration = await oidc.discovery(
      issuer,
      this.settings.clientId,
      undefined,
      oidc.ClientSecretPost(this.settings.clientSecret),
      { ...insecure, timeout: 10 },
    );
    // openid-client takes the token endpoint's TLS as the ID token's proof by default (OIDC Core
    // 3.1.3.7); this also checks its signature against the provider's published keys.
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  }
}

/**
 * Starts a sign-in: a state, a nonce and a PKCE verifier kept until the person comes back (or
 * {@link OpenIdRule.requestTtlSeconds} pass), and the provider's URL to send them to.
 */
export async function startOpenIdSignIn(
  db: Queryable,
  client: OpenIdClient,
  redirectUri: string,
): Promise<{ authorizationUrl: string; state: string }> {
  const configuration = await client.configuration();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await db.query(
    `INSERT INTO openid_requests (state, provider, nonce, code_verifier, redirect_uri, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      state,
      client.provider,
      nonce,
      codeVerifier,
      redirectUri,
      new Date(Date.now() + OpenIdRule.requestTtlSeconds * 1000),
    ],
  );
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: authorizationUrl.href, state };
}

interface OpenIdRequestRow {
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  code_hash: string | null;
  subject: string | null;
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * The account at the provider an answer proves, or null when it does not hold: the state must
 * be one this gateway started for this provider and not expired; the code is traded once (with
 * the PKCE verifier, the redirect URI and, when sent, the issuer's name checked), and its ID
 * token verified. The proven account is kept with the state, so the same answer may be checked,
 * then used to sign in or register, without trading the code again. {@link useOpenIdProof}
 * spends it.
 */
export async function verifyOpenIdProof(
  db: Queryable,
  client: OpenIdClient,
  proof: OpenIdProof,
): Promise<string | null> {
  const [request] = await db.query<OpenIdRequestRow>(
    `SELECT nonce, code_verifier, redirect_uri, code_hash, subject FROM openid_requests
     WHERE state = $1 AND provider = $2 AND expires_at > now()`,
    [proof.state, client.provider],
  );
  if (!request) return null;
  const codeHash = hashOf(proof.code);
  if (request.subject !== null) return request.code_hash === codeHash ? request.subject : null;
  const configuration = await client.configuration();
  const answer = new URL(request.redirect_uri);
  answer.searchParams.set('code', proof.code);
  answer.searchParams.set('state', proof.state);
  if (proof.iss !== undefined) answer.searchParams.set('iss', proof.iss);
  // A code is traded once: this state's row is claimed first, so two racing calls trade it once.
  const claimed = await db.query(
    `UPDATE openid_requests SET code_hash = $3
     WHERE state = $1 AND provider = $2 AND code_hash IS NULL RETURNING state`,
    [proof.state, client.provider, codeHash],
  );
  if (claimed.length !== 1) return null;
  let subject: string;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, answer, {
      pkceCodeVerifier: request.code_verifier,
      expectedState: proof.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    const sub = tokens.claims()?.sub;
    if (typeof sub !== 'string' || sub === '') throw new Error('the ID token names no subject');
    subject = sub;
  } catch {
    // A refused code, a token that does not verify: this state is spent.
    await db.query('DELETE FROM openid_requests WHERE state = $1', [proof.state]);
    return null;
  }
  await db.query('UPDATE openid_requests SET subject = $2 WHERE state = $1', [
    proof.state,
    subject,
  ]);
  return subject;
}

/** Spends a verified answer: true once, false when another call spent it first. */
export async function useOpenIdProof(db: Queryable, proof: OpenIdProof): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM openid_requests WHERE state = $1 AND subject IS NOT NULL RETURNING state',
    [proof.state],
  );
  return rows.length === 1;
}

/** Deletes the sign-ins nobody came back to (the sweep). */
export async function sweepOpenIdRequests(db: Queryable): Promise<void> {
  await db.query('DELETE FROM openid_requests WHERE expires_at <= now()');
}
