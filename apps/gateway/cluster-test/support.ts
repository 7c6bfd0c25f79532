import { ApiPath } from '@exchange-web/protocol/paths';
import { ChallengeScene, HeaderName } from '@exchange-web/protocol/registry';
import { sessionReplySchema } from '@exchange-web/protocol/schemas';
import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect, inject } from 'vitest';
import { passChallenge } from '../test/challenge-client';
import { newClientKey, SigningClient } from '../test/signing-client';
import {
  STRONG_PASSWORD,
  TestBrowser,
  parseSetCookie,
  uniqueEmail,
  type CallResult,
  type GatewayTarget,
} from '../test/support';

/** The cluster's three doors: gateway A, gateway B, and nginx in front of both. */
export function doors(): { a: GatewayTarget; b: GatewayTarget; proxy: GatewayTarget } {
  const { gatewayUrls, proxyUrl } = inject('cluster');
  return { a: { url: gatewayUrls[0] }, b: { url: gatewayUrls[1] }, proxy: { url: proxyUrl } };
}

// Each test file runs in a fresh module (and the counters below start again), while the gateways'
// per-address counters outlive it: a random second and third octet keep files apart.
const octets = `${randomInt(1, 255)}.${randomInt(0, 256)}`;
let addressCount = 0;

/**
 * A loopback address no other test client uses (127.x.y.z: Linux routes all of 127/8 to lo). A
 * client connecting from it is that address to a gateway reached directly, and, since nginx
 * replaces X-Forwarded-For with the connection's address, to a gateway behind the proxy too.
 */
export function nextAddress(): string {
  addressCount += 1;
  if (addressCount > 254) throw new Error('a test file used more than 254 client addresses');
  return `127.${octets}.${addressCount}`;
}

/** One request from `localAddress`, answered like the test support's `call`. */
export function callFrom(
  localAddress: string,
  url: string,
  method: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<CallResult> {
  return new Promise((resolve, reject) => {
    // node:http, not fetch: fetch cannot choose the address it connects from.
    const outgoing = httpRequest(url, { method, headers, localAddress, agent: false }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('error', reject);
      reply.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const replyHeaders = new Headers();
        for (let index = 0; index + 1 < reply.rawHeaders.length; index += 2) {
          replyHeaders.append(reply.rawHeaders[index] ?? '', reply.rawHeaders[index + 1] ?? '');
        }
        let json: { code: string; data: unknown; msg: string } | undefined;
        try {
          json = JSON.parse(text) as { code: string; data: unknown; msg: string };
        } catch {
          json = undefined;
        }
        resolve({
          status: reply.statusCode ?? 0,
          json,
          text,
          headers: replyHeaders,
          cookies: replyHeaders.getSetCookie().map(parseSetCookie),
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * A test browser that connects from a loopback address of its own (see {@link nextAddress}), and
 * can carry its cookies to another door of the cluster with {@link ClusterBrowser.on}.
 */
export class ClusterBrowser extends TestBrowser {
  constructor(
    target: GatewayTarget,
    readonly address: string = nextAddress(),
    headers: Record<string, string> = {},
  ) {
    super(target, headers);
  }

  /** The same visitor (address and cookies, copied) calling through another door. */
  on(target: GatewayTarget): ClusterBrowser {
    const copy = new ClusterBrowser(target, this.address, this.headers);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  override clone(): ClusterBrowser {
    return this.on(this.gateway);
  }

  protected override request(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<CallResult> {
    return callFrom(this.address, this.gateway.url + path, method, body, headers);
  }
}

/** The captcha-token header of a fresh pass for a registration, asked and solved through `browser`. */
export async function registerPass(browser: TestBrowser): Promise<Record<string, string>> {
  return { [HeaderName.captchaToken]: await passChallenge(browser, ChallengeScene.register) };
}

/** Registers a new email account through `browser` (challenge passed first); answers it. */
export async function register(
  browser: TestBrowser,
  email: string = uniqueEmail('cluster'),
): Promise<{ email: string; userId: string }> {
  const body = JSON.stringify({ email, pwd: STRONG_PASSWORD });
  const response = await browser.send(
    'POST',
    ApiPath.registerEmail,
    body,
    await registerPass(browser),
  );
  expect(response.json?.code, response.text).toBe('00000');
  return { email, userId: sessionReplySchema.parse(response.json?.data).userId };
}

/**
 * A new user registered with encryption through `target`, so its key is bound to its session and
 * it can sign core calls; `client.browser` is a {@link ClusterBrowser}.
 */
export async function signedInClient(
  target: GatewayTarget,
): Promise<{ client: SigningClient; email: string; userId: string }> {
  const client = new SigningClient(new ClusterBrowser(target), await newClientKey());
  const email = uniqueEmail('signer');
  const response = await client.postEncrypted(
    ApiPath.registerEmail,
    { email, pwd: STRONG_PASSWORD },
    {},
    await registerPass(client.browser),
  );
  expect(response.json?.code, response.text).toBe('00000');
  return { client, email, userId: sessionReplySchema.parse(response.json?.data).userId };
}

/** The same signing client (key, address and cookies) calling through another door. */
export function signingOn(client: SigningClient, target: GatewayTarget): SigningClient {
  const browser =
    client.browser instanceof ClusterBrowser
      ? client.browser.on(target)
      : new ClusterBrowser(target, nextAddress(), client.browser.headers);
  return new SigningClient(browser, client.key);
}
