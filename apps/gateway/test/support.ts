import { randomBytes } from 'node:crypto';
import { ApiPath } from '@exchange-web/protocol/paths';
import { expect } from 'vitest';
import { DEFAULT_APP_CONFIG, type ChallengeConfig, type GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/server';
import { openTestDatabase } from './test-database';

/**
 * Every human-verification rule off, and easy challenges: the suites that test something else
 * register and log in freely. challenge.test.ts turns the rules on through `overrides`.
 */
export const CHALLENGES_OFF: Partial<ChallengeConfig> = {
  challengeRegister: false,
  challengeLoginFailures: 0,
  challengeLoginFailuresPerIp: 0,
  challengeNewDevice: false,
  challengeBurst: { limit: 0, windowMs: 60_000 },
  challengeMaxNumber: 1000,
};

/**
 * What the suites that test something else need of the request guards: plaintext login and
 * registration (their bodies are built by hand; login-encryption.test.ts and hostile-input.test.ts
 * test the encrypted default), registration without a verification code (they register by hand;
 * verification.test.ts turns codes on and tests them), sign-in from a new device without one
 * (new-device.test.ts tests it), and per-client limits that a file's
 * requests from one address never reach (rate-limit.test.ts and hostile-input.test.ts turn them
 * down through `overrides`).
 */
export const GUARDS_RELAXED = {
  loginPlaintextAllowed: true,
  registerVerify: false,
  newDeviceVerify: false,
  publicRateLimit: { limit: 1_000_000, windowMs: 60_000 },
  sessionRateLimit: { limit: 1_000_000, windowMs: 60_000 },
} satisfies Partial<GatewayConfig>;

/**
 * A gateway on 127.0.0.1 with a free port and its own copy of the migrated template database, on
 * the engine under test (test-database.ts).
 * `overrides` changes account, signing and challenge settings: short TTLs, small throttle limits,
 * tiny key rotation periods, challenge rules on (they start off: {@link CHALLENGES_OFF}); and
 * server-level ones such as the extra image listeners.
 */
export async function startTestGateway(
  overrides: Partial<GatewayConfig> = {},
): Promise<RunningGateway> {
  const config: GatewayConfig = {
    host: '127.0.0.1',
    port: 0,
    dataDir: '',
    databaseUrl: undefined,
    seedDemo: false,
    // A key of this gateway alone: a test database is its own copy too.
    secretsKey: randomBytes(32).toString('hex'),
    ...DEFAULT_APP_CONFIG,
    ...CHALLENGES_OFF,
    ...GUARDS_RELAXED,
    ...overrides,
  };
  return startGateway(config, openTestDatabase);
}

/** Where a test sends its requests: a started gateway, or the address of one (or of a proxy). */
export type GatewayTarget = Pick<RunningGateway, 'url'>;

/** One Set-Cookie header, read for assertions: its name, value and attributes (lower-cased keys). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string>;
}

// Test-side reading of Set-Cookie, to assert what the gateway sent; the gateway itself uses hono/cookie.
export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...rest] = header.split(';');
  const equals = pair.indexOf('=');
  const attributes: Record<string, string> = {};
  for (const part of rest) {
    const [key = '', ...value] = part.trim().split('=');
    attributes[key.toLowerCase()] = value.join('=');
  }
  return {
    name: pair.slice(0, equals).trim(),
    value: decodeURIComponent(pair.slice(equals + 1).trim()),
    attributes,
  };
}

/** Sends a raw body and returns the status, the parsed envelope, the headers and the cookies set. */
export async function call(
  gateway: GatewayTarget,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  const response = await fetch(gateway.url + path, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let json: { code: string; data: unknown; msg: string } | undefined;
  try {
    json = JSON.parse(text) as { code: string; data: unknown; msg: string };
  } catch {
    json = undefined;
  }
  const cookies = response.headers.getSetCookie().map(parseSetCookie);
  return { status: response.status, json, text, headers: response.headers, cookies };
}

/** What {@link call} answers. */
export type CallResult = Awaited<ReturnType<typeof call>>;

/**
 * A minimal browser: keeps the cookies the gateway sets (a Max-Age of 0 or an empty value
 * deletes one) and sends them back. `headers` go on every request (e.g. X-Forwarded-For to
 * stand for another visitor address: the gateway trusts it from loopback).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly gateway: GatewayTarget,
    readonly headers: Record<string, string> = {},
  ) {}

  /** Posts a JSON body (an object is serialised; a string is sent as it is). */
  post(path: string, body: unknown = {}) {
    return this.send('POST', path, typeof body === 'string' ? body : JSON.stringify(body));
  }

  get(path: string) {
    return this.send('GET', path);
  }

  /** Copies this browser's cookies, e.g. to replay an old session after they changed. */
  clone(): TestBrowser {
    const copy = new TestBrowser(this.gateway, this.headers);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  /** Sends a request; `extraHeaders` go on this one only (signature headers, for instance). */
  async send(
    method: string,
    path: string,
    body?: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<CallResult> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...this.headers,
      ...extraHeaders,
    };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const result = await this.request(method, path, body, headers);
    for (const cookie of result.cookies) {
      if (cookie.value === '' || cookie.attributes['max-age'] === '0') {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
    return result;
  }

  /** Sends one request as it is: the transport, which a browser of another kind replaces. */
  protected request(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<CallResult> {
    return call(this.gateway, method, path, body, headers);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let counter = 0;
/** A login name no other test uses: `{prefix}-{n}-{random}@example.test`. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** A password that passes the strength rule. */
export const STRONG_PASSWORD = 'Str0ng-Passw0rd';

/** The fields of an email registration with {@link STRONG_PASSWORD}, to post plain or encrypted. */
export const registrationBody = (email: string) => ({
  email,
  pwd: STRONG_PASSWORD,
  rePwd: STRONG_PASSWORD,
});

/**
 * Registers `email` with a plaintext body (GUARDS_RELAXED allows it) through `browser`, which is
 * signed in afterwards; expects success and answers the email.
 */
export async function registerPlaintext(
  browser: TestBrowser,
  email = uniqueEmail(),
): Promise<string> {
  const reply = await browser.post(ApiPath.registerEmail, registrationBody(email));
  expect(reply.json?.code).toBe('00000');
  return email;
}
