// Hostile traffic against every server of the running stack, from outside (issue 16): malformed
// request targets and headers, forged forwarding headers, oversized and unmeasured bodies. Raw
// sockets (node:net) send what fetch would normalise or refuse to send; each test then checks that
// every server still serves.
import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { RequestLimit } from '@exchange-web/protocol/registry';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { requestHead, sendRaw, type RawReply } from '../scripts/raw-http.mjs';
import { launchIsolatedBrowser } from './support/browser';

const siteUrl = inject('siteUrl');
const gatewayUrl = inject('gatewayUrl');
const headerFooterUrl = inject('headerFooterUrl');
const headerFooterDist = inject('headerFooterDist');
const imageOrigins = inject('imageOrigins');

/** The repository's absolute path: nothing served may name it. */
const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
/** The servers behind the site, as `host:port`: no reply of the site may name them. */
const internalHosts = [new URL(gatewayUrl).host, new URL(headerFooterUrl).host];

const FORGED_IP = '203.0.113.66';
const FORGED_HOST = 'evil.example';
/** How long one raw exchange may take before the server is deemed hung. */
const RAW_TIMEOUT_MS = 15_000;

/**
 * Sends a request head exactly as written on a fresh connection (`Connection: close`, no body)
 * and reads until the server closes it. Without a body, nothing is left unread when a server
 * answers early and closes, so the whole answer arrives.
 */
const rawRequest = (
  origin: string,
  target: string,
  { method = 'GET', headerLines = '' }: { method?: string; headerLines?: string } = {},
): Promise<RawReply> =>
  sendRaw(origin, requestHead(target, { method, host: new URL(origin).host, headerLines }), {
    timeoutMs: RAW_TIMEOUT_MS,
  });

const header = (reply: RawReply, name: string) => reply.headers.get(name)?.join(', ');

/** The site's own refusal: a 4xx whose body is the envelope `{code, data: null, msg}`. */
function expectEnvelope4xx(reply: RawReply, what: string): { code: string; msg: string } {
  expect(reply.status, what).toBeGreaterThanOrEqual(400);
  expect(reply.status, what).toBeLessThan(500);
  expect(header(reply, 'content-type'), what).toMatch(/^application\/json/);
  const envelope = JSON.parse(reply.body) as { code: string; data: unknown; msg: string };
  expect(envelope, what).toEqual({
    code: `${reply.status}00`,
    data: null,
    msg: expect.any(String),
  });
  return envelope;
}

async function expectStatus(url: string, status: number, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  expect(response.status, `${init?.method ?? 'GET'} ${url}`).toBe(status);
  return response;
}

/** Every server of the stack still answers, directly and through the site. */
async function expectStackServes(): Promise<void> {
  const home = await expectStatus(`${siteUrl}/`, 200);
  expect(await home.text()).toContain('<html');
  const gateway = await expectStatus(`${gatewayUrl}/healthz`, 200);
  expect(await gateway.json()).toMatchObject({ code: '00000', data: { status: 'ok' } });
  const headerFooter = await expectStatus(`${headerFooterUrl}/healthz`, 200);
  expect(await headerFooter.json()).toEqual({ status: 'ok' });
  for (const image of [`${imageOrigins.fast}/images/probe.png`, `${siteUrl}/images/probe.png`]) {
    const response = await expectStatus(image, 200);
    expect(response.headers.get('content-type')).toBe('image/png');
    await response.arrayBuffer();
  }
  const config = await expectStatus(`${siteUrl}${ApiPath.clientCommonConfig}`, 200);
  expect(await config.json()).toMatchObject({ code: '00000' });
  const entry = await expectStatus(`${siteUrl}/_mfe/header-footer/remoteEntry.js`, 200);
  expect(await entry.text()).not.toBe('');
}

/** Escapes that do not decode: a lone `%`, non-hex digits, overlong UTF-8, a lone surrogate, NUL. */
const MALFORMED_ESCAPES = ['%', '%zz', '%c0%af', '%00', '%ed%a0%80', '%E2%80', 'ok%'];
/** Where they go on the site: pages (with and without a language), API, images, the remote, assets. */
const SITE_PREFIXES = [
  '',
  '/ja',
  '/inscription/brc-20',
  '/v1/mix/public',
  '/v1/user',
  '/btapi',
  '/images',
  '/_mfe/header-footer',
  '/_next/static',
];

describe('malformed request targets', () => {
  it('the site answers each with a 4xx envelope, on page, API, image and remote paths alike', async () => {
    const targets = SITE_PREFIXES.flatMap((prefix) =>
      MALFORMED_ESCAPES.map((escape) => `${prefix}/${escape}`),
    );
    // Other request forms than a path, and NUL behind an escape in the query.
    targets.push('*', `http://${FORGED_HOST}/`, '/v1/mix/public/clientCommonConfig?x=%00');
    const replies = await Promise.all(
      targets.flatMap((target) =>
        ['GET', 'POST'].map(async (method) => ({
          what: `${method} ${target}`,
          reply: await rawRequest(siteUrl, target, {
            method,
            // An empty body: nothing left unread when the server answers and closes.
            headerLines:
              method === 'POST' ? 'Content-Type: application/json\r\nContent-Length: 0\r\n' : '',
          }),
        })),
      ),
    );
    for (const { what, reply } of replies) {
      expect(expectEnvelope4xx(reply, what).code, what).toBe(GatewayCode.badRequest);
    }
    await expectStackServes();
  });

  it('the site refuses a target over 8 KiB with 414, on pages and API paths', async () => {
    const padding = 'a'.repeat(RequestLimit.maxTargetLength);
    for (const target of [
      `/${padding}`,
      `/inscription/brc-20?search=${padding}`,
      `${ApiPath.clientCommonConfig}?pad=${padding}`,
      `/_mfe/header-footer/remoteEntry.js?pad=${padding}`,
    ]) {
      const reply = await rawRequest(siteUrl, target);
      expect(expectEnvelope4xx(reply, target.slice(0, 40)).code).toBe(GatewayCode.targetTooLong);
      expect(reply.status).toBe(414);
    }
    await expectStackServes();
  });

  it('the header-footer server, the gateway and the image origin answer 4xx and keep serving', async () => {
    const direct: Array<[string, string]> = [
      ...MALFORMED_ESCAPES.map((escape): [string, string] => [headerFooterUrl, `/${escape}`]),
      ...MALFORMED_ESCAPES.map((escape): [string, string] => [
        headerFooterUrl,
        `/remoteEntry.js${escape}`,
      ]),
      [headerFooterUrl, '*'],
      [headerFooterUrl, `/${'a'.repeat(RequestLimit.maxTargetLength)}`],
      ...MALFORMED_ESCAPES.flatMap((escape): Array<[string, string]> => [
        [gatewayUrl, `/${escape}`],
        [gatewayUrl, `/v1/mix/public/${escape}`],
        [gatewayUrl, `/images/${escape}`],
        [imageOrigins.fast, `/images/${escape}`],
        [imageOrigins.fast, `/images/coins/${escape}`],
        [imageOrigins.fast, `/${escape}`],
      ]),
    ];
    const replies = await Promise.all(
      direct.map(async ([origin, target]) => ({
        what: `${origin} GET ${target.slice(0, 40)}`,
        reply: await rawRequest(origin, target),
      })),
    );
    for (const { what, reply } of replies) {
      expect(reply.status, what).toBeGreaterThanOrEqual(400);
      expect(reply.status, what).toBeLessThan(500);
    }
    await expectStackServes();
  });

  it('path traversal through the site reaches no file outside the served folders', async () => {
    for (const target of [
      '/_mfe/header-footer/..%2f..%2fpackage.json',
      '/_mfe/header-footer/%2e%2e%2fserver.mjs',
      '/_mfe/header-footer/../server.mjs',
      '/_mfe/header-footer/.%2e/.%2e/package.json',
      '/_mfe/header-footer/%5c..%5cserver.mjs',
      '/images/..%2f..%2f..%2fpackage.json',
      '/images/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/images/coins/..%5c..%5cprobe.png',
    ]) {
      const reply = await rawRequest(siteUrl, target);
      expect(reply.status, target).toBeGreaterThanOrEqual(400);
      expect(reply.status, target).toBeLessThan(500);
      expect(reply.body, target).not.toContain('"workspaces"');
      expect(reply.body, target).not.toContain('createServer');
    }
    await expectStackServes();
  });
});

describe('header injection', () => {
  /** One path of each server: the site's pages, API and remote, and each server directly. */
  const endpoints: Array<[string, string]> = [
    [siteUrl, '/'],
    [siteUrl, ApiPath.clientCommonConfig],
    [siteUrl, '/_mfe/header-footer/remoteEntry.js'],
    [siteUrl, '/images/probe.png'],
    [gatewayUrl, '/healthz'],
    [headerFooterUrl, '/healthz'],
    [imageOrigins.fast, '/images/probe.png'],
  ];

  /** The header-footer server marks even the refusals its HTTP parser makes nosniff. */
  const expectParserRefusal = (reply: RawReply, origin: string, status: number, what: string) => {
    expect(reply.status, what).toBe(status);
    if (origin === headerFooterUrl) {
      expect(header(reply, 'x-content-type-options'), what).toBe('nosniff');
    }
  };

  it('a CR, LF or NUL inside a header value, or a folded line, is refused with 400', async () => {
    const injections = [
      `X-Note: a\rX-Injected: 1\r\n`,
      `X-Note: a\nX-Injected: 1\r\n`,
      `X-Note: a\nHost: ${FORGED_HOST}\r\n`,
      `X-Note: a\0b\r\n`,
      `X-Note: a\r\n X-Injected: 1\r\n`,
      // Request smuggling: two lengths that disagree, or a length and chunking at once.
      'Content-Length: 1\r\nContent-Length: 2\r\n',
      'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n',
    ];
    for (const [origin, target] of endpoints) {
      for (const headerLines of injections) {
        const reply = await rawRequest(origin, target, { headerLines });
        expectParserRefusal(
          reply,
          origin,
          400,
          `${origin}${target} ${JSON.stringify(headerLines)}`,
        );
      }
    }
    await expectStackServes();
  });

  it('an oversized header block is refused with 431', async () => {
    const oversized = [
      `X-Big: ${'a'.repeat(20_000)}\r\n`,
      Array.from({ length: 300 }, (_, index) => `X-Many-${index}: ${'b'.repeat(80)}\r\n`).join(''),
      `Cookie: c=${'d'.repeat(20_000)}\r\n`,
    ];
    for (const [origin, target] of endpoints) {
      for (const headerLines of oversized) {
        const reply = await rawRequest(origin, target, { headerLines });
        expectParserRefusal(reply, origin, 431, `${origin}${target}`);
      }
    }
    await expectStackServes();
  });

  it('escaped CR/LF in the target never becomes a header of the reply', async () => {
    for (const target of [
      '/%0d%0aSet-Cookie:%20injected=1',
      '/ja/%0d%0aX-Injected:%201',
      '/v1/%0d%0aX-Injected:%201',
      '/images/%0d%0aX-Injected:%201',
      '/_mfe/header-footer/%0d%0aX-Injected:%201',
    ]) {
      const reply = await rawRequest(siteUrl, target);
      expect(reply.status, target).toBeGreaterThanOrEqual(400);
      expect(reply.status, target).toBeLessThan(500);
      expect(reply.headers.has('x-injected'), target).toBe(false);
      expect(header(reply, 'set-cookie') ?? '', target).not.toContain('injected');
    }
    await expectStackServes();
  });
});

describe('forwarding headers a visitor forges', () => {
  const clientIpVia = async (url: string, headers: Record<string, string>) => {
    const response = await expectStatus(`${url}${ApiPath.clientCommonConfig}`, 200, { headers });
    const envelope = (await response.json()) as { data: { localVo: { ip: string } } };
    return envelope.data.localVo.ip;
  };

  it('the gateway would believe a forged X-Forwarded-For from this machine (the observable)', async () => {
    // The gateway trusts its loopback peer (the site's front door): what the front door passes on
    // is what every limit is keyed on.
    expect(await clientIpVia(gatewayUrl, { 'x-forwarded-for': FORGED_IP })).toBe(FORGED_IP);
  });

  it('through the site, the gateway sees the socket address, never the forged one', async () => {
    const forgeries: Array<Record<string, string>> = [
      { 'x-forwarded-for': FORGED_IP },
      { 'x-forwarded-for': `${FORGED_IP}, 198.51.100.7` },
      { 'x-real-ip': FORGED_IP },
      { 'x-client-ip': FORGED_IP },
      { forwarded: `for=${FORGED_IP}` },
      { forwarded: `for="[2001:db8::66]";proto=https;host=${FORGED_HOST}` },
      { 'x-forwarded-host': FORGED_HOST, 'x-forwarded-proto': 'https' },
      {
        'x-forwarded-for': FORGED_IP,
        'x-real-ip': FORGED_IP,
        forwarded: `for=${FORGED_IP}`,
        'x-forwarded-host': FORGED_HOST,
      },
    ];
    for (const headers of forgeries) {
      const ip = await clientIpVia(siteUrl, headers);
      expect(['127.0.0.1', '::1'], JSON.stringify(headers)).toContain(ip);
    }
  });

  it('a forged X-Forwarded-Host or Forwarded host never reaches the canonical and og:url links', async () => {
    for (const headers of [
      { 'x-forwarded-host': FORGED_HOST, 'x-forwarded-proto': 'https' },
      { forwarded: `host=${FORGED_HOST};proto=https` },
    ]) {
      const response = await expectStatus(`${siteUrl}/inscription/brc-20`, 200, { headers });
      const html = await response.text();
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      const ogUrl = /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];
      expect(canonical).toBe(`${siteUrl}/inscription/brc-20`);
      expect(ogUrl).toBe(`${siteUrl}/inscription/brc-20`);
      expect(html).not.toContain(FORGED_HOST);
      // A forged scheme does not turn on HSTS over plain http either.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('what replies give away', () => {
  const throughSite: Array<[string, RequestInit?]> = [
    ['/'],
    [ApiPath.clientCommonConfig],
    ['/v1/no/such/call'],
    ['/btapi/no/such/call'],
    ['/images/probe.png'],
    ['/images/no-such.png'],
    ['/_mfe/header-footer/remoteEntry.js'],
    ['/_mfe/header-footer/no-such.js'],
    [
      ApiPath.login,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    ],
    [
      ApiPath.subAccountList,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    ],
    [ApiPath.login, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }],
  ];

  it('no reply through the site names a server behind it or a rewrite', async () => {
    for (const [target, init] of throughSite) {
      const response = await fetch(`${siteUrl}${target}`, { redirect: 'manual', ...init });
      const what = `${init?.method ?? 'GET'} ${target}`;
      expect(response.status, what).toBeLessThan(500);
      for (const [name, value] of response.headers) {
        expect(name, what).not.toMatch(/^x-middleware-/);
        for (const host of internalHosts) expect(value, `${what} ${name}`).not.toContain(host);
      }
      const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
      for (const host of internalHosts) expect(body, what).not.toContain(host);
    }
  });

  it('the remote’s files carry no source map or repository path, and maps are never served', async () => {
    // Even a map left in the served folder stays unserved.
    const map = path.join(headerFooterDist, 'remoteEntry.js.map');
    await writeFile(
      map,
      JSON.stringify({ version: 3, sources: [`${repoRoot}/apps/header-footer/src/header.tsx`] }),
    );
    try {
      for (const url of [
        `${siteUrl}/_mfe/header-footer/remoteEntry.js.map`,
        `${headerFooterUrl}/remoteEntry.js.map`,
      ]) {
        const response = await expectStatus(url, 404);
        expect(await response.text()).not.toContain(repoRoot);
      }
    } finally {
      await rm(map, { force: true });
    }
    const served = (await readdir(headerFooterDist)).filter((name) => /\.(js|css)$/.test(name));
    expect(served).toContain('remoteEntry.js');
    for (const name of served) {
      const response = await expectStatus(`${siteUrl}/_mfe/header-footer/${name}`, 200);
      const text = await response.text();
      expect(text, name).not.toContain(repoRoot);
      expect(text, name).not.toContain(encodeURIComponent(repoRoot));
      expect(text, name).not.toMatch(/sourceMappingURL/);
    }
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Headers, what: string) => {
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy'), what).toMatch(/camera=\(\)/);
    expect(headers.get('permissions-policy'), what).toMatch(/geolocation=\(\)/);
    // Plain http: HSTS would be ignored at best, and wrong for a site on http.
    expect(headers.get('strict-transport-security'), what).toBeNull();
  };

  it('HTML pages carry nosniff, Referrer-Policy and Permissions-Policy, and no HSTS over http', async () => {
    for (const [target, status] of [
      ['/', 200],
      ['/ja/login', 200],
      ['/inscription/brc-20', 200],
      ['/no-such-page-e2e', 404],
      ['/ja/no-such-page-e2e', 404],
    ] as const) {
      const response = await expectStatus(`${siteUrl}${target}`, status);
      expect(response.headers.get('content-type'), target).toMatch(/^text\/html/);
      expectSecurityHeaders(response.headers, target);
      await response.arrayBuffer();
    }
  });

  it('so do API, image and remote replies through the site, and the front door’s own refusals', async () => {
    for (const target of [
      ApiPath.clientCommonConfig,
      '/v1/no/such/call',
      '/images/probe.png',
      '/_mfe/header-footer/remoteEntry.js',
      '/_mfe/header-footer/no-such.js',
    ]) {
      const response = await fetch(`${siteUrl}${target}`);
      expectSecurityHeaders(response.headers, target);
      await response.arrayBuffer();
    }
    const refused = await rawRequest(siteUrl, '/%');
    expect(refused.status).toBe(400);
    expect(header(refused, 'x-content-type-options')).toBe('nosniff');
    expect(header(refused, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(header(refused, 'permissions-policy')).toMatch(/camera=\(\)/);
  });
});

describe('request bodies through the site', () => {
  const TWO_MIB = 2 * 1024 * 1024;
  const OVERSIZED_TARGETS = [
    ApiPath.login,
    ApiPath.login,
    ApiPath.login,
    ApiPath.subAccountCreate,
    ApiPath.buriedLogInfo,
    ApiPath.btapiLogout,
  ];

  it('a 2 MiB body a browser sends in full is refused with 413 (41300) every time', async () => {
    const browser = await launchIsolatedBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${siteUrl}/images/probe.png`);
      const replies = await page.evaluate(
        async ({ targets, size }) => {
          const body = 'a'.repeat(size);
          const out: Array<{ target: string; status: number; text: string }> = [];
          for (const target of targets) {
            try {
              const response = await fetch(target, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body,
              });
              out.push({ target, status: response.status, text: await response.text() });
            } catch (error) {
              out.push({ target, status: 0, text: String(error) });
            }
          }
          return out;
        },
        { targets: OVERSIZED_TARGETS, size: TWO_MIB },
      );
      expect(replies).toHaveLength(OVERSIZED_TARGETS.length);
      for (const { target, status, text } of replies) {
        expect(status, `${target}: ${text}`).toBe(413);
        expect(JSON.parse(text), target).toEqual({
          code: GatewayCode.payloadTooLarge,
          data: null,
          msg: expect.any(String),
        });
      }
    } finally {
      await browser.close();
    }
    await expectStackServes();
  });

  it('a declared 2 MiB body is refused before any of it is read', async () => {
    // Only the head goes out: a server that waited for the body would never answer.
    for (const target of OVERSIZED_TARGETS) {
      const reply = await rawRequest(siteUrl, target, {
        method: 'POST',
        headerLines: `Content-Type: application/json\r\nContent-Length: ${TWO_MIB}\r\n`,
      });
      expect(reply.status, target).toBe(413);
      expect(expectEnvelope4xx(reply, target).code).toBe(GatewayCode.payloadTooLarge);
    }
    await expectStackServes();
  });

  it('a chunked body (no declared length) is refused with 411 (41100)', async () => {
    for (const target of [ApiPath.login, ApiPath.subAccountCreate, ApiPath.buriedLogInfo]) {
      const reply = await rawRequest(siteUrl, target, {
        method: 'POST',
        headerLines: 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n',
      });
      expect(reply.status, target).toBe(411);
      expect(expectEnvelope4xx(reply, target).code).toBe(GatewayCode.lengthRequired);
    }
    await expectStackServes();
  });

  it('bodies with NUL, an unpaired surrogate or deep nesting are refused with 400 (40001)', async () => {
    for (const body of [
      '{"loginName":"a\\u0000b@example.com","pwd":"x"}',
      '{"loginName":"a\\ud800b@example.com","pwd":"x"}',
      `${'['.repeat(RequestLimit.maxJsonDepth + 8)}${']'.repeat(RequestLimit.maxJsonDepth + 8)}`,
      `${'{"a":'.repeat(RequestLimit.maxJsonDepth + 8)}1${'}'.repeat(RequestLimit.maxJsonDepth + 8)}`,
    ]) {
      const response = await expectStatus(`${siteUrl}${ApiPath.login}`, 400, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(await response.json()).toMatchObject({ code: GatewayCode.validationFailed });
    }
  });

  it('a plaintext login or registration is refused (21011): plaintext is off by default', async () => {
    for (const [target, body] of [
      [ApiPath.login, { loginName: 'demo@exchange-web.test', pwd: 'Demo-Trader-2026' }],
      [
        ApiPath.registerEmail,
        { email: 'plaintext@example.com', pwd: 'Plain-Text-2026', rePwd: 'Plain-Text-2026' },
      ],
    ] as const) {
      const response = await expectStatus(`${siteUrl}${target}`, 400, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(await response.json()).toMatchObject({ code: AccountCode.loginEncryptionRequired });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});
