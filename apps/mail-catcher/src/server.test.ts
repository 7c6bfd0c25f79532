/// <reference types="node" />
// The mail catcher as the gateway and a person use it: e-mail over real SMTP (nodemailer, as the
// gateway sends it), SMS on the webhook, read back over HTTP; and hostile requests on raw sockets
// (fetch would normalise or refuse to send most of them).
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib.mjs';
import { requestHead, sendRaw } from '../../../scripts/raw-http.mjs';
import type { CaughtMessage } from '../message';

const SERVER = fileURLToPath(new URL('../server.mjs', import.meta.url));
const MAX_MESSAGES = 500;
/** The bot the Telegram stand-in signs for in these tests. */
const BOT_TOKEN = '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw_';
const MAX_RECIPIENTS = 50;
const MIB = 1024 * 1024;

const get = (target: string, method = 'GET', headers = '') =>
  requestHead(target, { method, host: '127.0.0.1', headerLines: headers });

/** Starts the catcher with `env`, for one that must stop on its own: its exit code and output. */
function exitOf(env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

const MALFORMED: [string, string][] = [
  ['a lone % in the path', get('/%')],
  ['an escape that is no hex', get('/%zz')],
  ['a truncated UTF-8 sequence in the path', get('/api/messages%E2%82')],
  ['a lone % in the query', get('/api/messages?to=%')],
  ['a truncated UTF-8 sequence in the query', get('/api/messages?to=a%E2%82')],
  ['an overlong UTF-8 sequence in the query', get('/api/messages?to=%c0%af')],
  ['a malformed escape in a parameter name', get('/api/messages?%zz=1')],
  ['the asterisk form', get('*')],
  ['the absolute form', get('http://127.0.0.1/api/messages')],
  ['a long URL', get(`/api/messages?to=${'a'.repeat(4_000)}`)],
  ['a URL longer than the headers may be', get(`/${'a'.repeat(20_000)}`)],
  ['a header with a space in its name', get('/api/messages', 'GET', 'Bad Name: x\r\n')],
  ['a header without a colon', get('/api/messages', 'GET', 'no-colon\r\n')],
  ['two content lengths', get('/api/sms', 'POST', 'Content-Length: 1\r\nContent-Length: 2\r\n')],
  ['an unknown expectation', get('/api/messages', 'GET', 'Expect: the-unexpected\r\n')],
  ['no Host header', 'GET /api/messages HTTP/1.1\r\nConnection: close\r\n\r\n'],
  ['no request line at all', '\u0000\u0001\u0002\r\n\r\n'],
  ['an unknown path', get('/api/message')],
  ['a path matched only once decoded', get('/api/%6dessages')],
];

const WRONG_METHODS: [string, string, string][] = [
  ['POST', '/api/messages', 'get, head, delete'],
  ['PUT', '/api/messages', 'get, head, delete'],
  ['GET', '/api/sms', 'post'],
  ['DELETE', '/api/sms', 'post'],
  ['DELETE', '/', 'get, head'],
  ['POST', '/healthz', 'get, head'],
];

const BAD_SMS: [string, string][] = [
  ['no JSON', 'to=+81 9012345678&text=hi'],
  ['cut-off JSON', '{"to": "+81 9012345678", "text": "hi"'],
  ['an empty body', ''],
  ['JSON that is no object', '["+81 9012345678", "hi"]'],
  ['null', 'null'],
  ['no recipient', '{"text": "hi"}'],
  ['an empty recipient', '{"to": "  ", "text": "hi"}'],
  ['a recipient that is no string', '{"to": 819012345678, "text": "hi"}'],
  ['a recipient too long', JSON.stringify({ to: '1'.repeat(65), text: 'hi' })],
  ['no text', '{"to": "+81 9012345678"}'],
  ['a text that is no string', '{"to": "+81 9012345678", "text": 123456}'],
];

// Some tests move several MiB or start processes: room for a busy machine.
describe('the mail catcher', { timeout: 30_000 }, () => {
  let httpPort = 0;
  let smtpPort = 0;
  let base = '';
  let child: ChildProcess;
  let output = '';

  const raw = (request: string | Buffer) => sendRaw(base, request);
  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false });

  const list = async (to?: string): Promise<CaughtMessage[]> => {
    const query = to === undefined ? '' : `?${new URLSearchParams({ to })}`;
    const response = await fetch(`${base}/api/messages${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    return (await response.json()) as CaughtMessage[];
  };

  const postSms = (body: string) =>
    fetch(`${base}/api/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  const expectServing = async () => {
    const health = await raw(get('/healthz'));
    expect(health.status, output).toBe(200);
    expect(health.body).toBe('{"status":"ok"}');
    expect(child.exitCode, output).toBeNull();
  };

  beforeAll(async () => {
    httpPort = await freePort();
    smtpPort = await freePort();
    base = `http://127.0.0.1:${httpPort}`;
    child = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        MAIL_CATCHER_PORT: String(httpPort),
        MAIL_CATCHER_SMTP_PORT: String(smtpPort),
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        OPENID_CLIENTS: JSON.stringify([
          {
            client_id: 'exchange-web-google',
            client_secret: 'a-secret-of-forty-characters-or-so-0000',
            redirect_uris: ['http://localhost:3000/oauth-return'],
          },
        ]),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the catcher exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`the catcher did not listen: ${output}`);
      const reply = await raw(get('/healthz')).catch(() => undefined);
      if (reply?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 20_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  beforeEach(async () => {
    const cleared = await fetch(`${base}/api/messages`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
  });

  it('catches an e-mail sent over SMTP and lists it for its recipient, case-insensitively', async () => {
    const mailer = transport();
    await mailer.sendMail({
      from: '"exchange-web" <no-reply@exchange-web.test>',
      to: 'New.Visitor@Example.TEST',
      subject: 'Your registration code',
      text: 'Your code is 123456.',
    });
    await mailer.sendMail({
      from: 'no-reply@exchange-web.test',
      to: 'someone.else@example.test',
      subject: 'Not for the visitor',
      text: 'Another code.',
    });
    mailer.close();

    const [message, ...rest] = await list('new.visitor@EXAMPLE.test');
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      channel: 'email',
      to: 'new.visitor@example.test',
      from: '"exchange-web" <no-reply@exchange-web.test>',
      subject: 'Your registration code',
      text: 'Your code is 123456.',
    });
    expect(message?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(message?.receivedAt ?? '') - Date.now())).toBeLessThan(60_000);
    expect(await list('someone.else@example.test')).toHaveLength(1);
    expect(await list('nobody@example.test')).toEqual([]);
    expect(await list()).toHaveLength(2);
  });

  it('files an e-mail under its first recipient', async () => {
    const mailer = transport();
    await mailer.sendMail({
      from: 'no-reply@exchange-web.test',
      to: ['First@Example.test', 'second@example.test'],
      subject: 'Two recipients',
      text: 'hello',
    });
    mailer.close();
    const all = await list();
    expect(all.map((message) => message.to)).toEqual(['first@example.test']);
  });

  it(`refuses recipients past ${MAX_RECIPIENTS} with an SMTP 452 and keeps the message`, async () => {
    const mailer = transport();
    const recipients = Array.from(
      { length: MAX_RECIPIENTS + 1 },
      (_, index) => `r${index}@example.test`,
    );
    const info = await mailer.sendMail({
      from: 'no-reply@exchange-web.test',
      to: recipients,
      subject: 'Many',
      text: 'hello',
    });
    mailer.close();
    expect(info.rejected).toEqual([`r${MAX_RECIPIENTS}@example.test`]);
    expect((await list()).map((message) => message.to)).toEqual(['r0@example.test']);
  });

  it('survives a client that resets the connection in the middle of a message', async () => {
    const socket = connect(smtpPort, '127.0.0.1');
    let said = '';
    socket.on('data', (chunk: Buffer) => (said += chunk.toString()));
    socket.on('error', () => {});
    const waitFor = async (pattern: RegExp) => {
      const deadline = Date.now() + 5_000;
      while (!pattern.test(said)) {
        if (Date.now() > deadline) throw new Error(`the catcher said: ${said}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await waitFor(/^220 /m);
    socket.write('EHLO tester\r\nMAIL FROM:<a@example.test>\r\nRCPT TO:<b@example.test>\r\n');
    await waitFor(/^250 .*\r\n[^]*^250 .*\r\n[^]*^250 .*\r\n/m);
    socket.write('DATA\r\n');
    await waitFor(/^354 /m);
    socket.write('Subject: cut off\r\n\r\nhalf a messa');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expectServing();
    expect(await list()).toEqual([]);
  });

  it('refuses an e-mail over 1 MiB with an SMTP 552 and keeps serving', async () => {
    const mailer = transport();
    const sending = mailer.sendMail({
      from: 'no-reply@exchange-web.test',
      to: 'big@example.test',
      subject: 'Too big',
      text: 'x'.repeat(MIB + 1),
    });
    await expect(sending).rejects.toMatchObject({ responseCode: 552 });
    mailer.close();
    expect(await list()).toEqual([]);
    await expectServing();
  });

  it('catches an SMS posted to the webhook and lists it for its number', async () => {
    const posted = await postSms(JSON.stringify({ to: '+81 9012345678', text: 'Code 654321' }));
    expect(posted.status).toBe(201);
    expect(posted.headers.get('x-content-type-options')).toBe('nosniff');
    const created = (await posted.json()) as CaughtMessage;

    const [message, ...rest] = await list('+81 9012345678');
    expect(rest).toEqual([]);
    expect(message).toEqual({
      id: created.id,
      channel: 'sms',
      to: '+81 9012345678',
      from: '',
      subject: '',
      text: 'Code 654321',
      receivedAt: created.receivedAt,
    });
    expect(await list('+81 9012345679')).toEqual([]);
  });

  it('lists the newest message first, whatever its channel', async () => {
    const mailer = transport();
    await mailer.sendMail({ from: 'a@example.test', to: 'b@example.test', subject: 'first' });
    mailer.close();
    expect((await postSms(JSON.stringify({ to: '+1 5550100', text: 'second' }))).status).toBe(201);
    const all = await list();
    expect(all.map((message) => message.channel)).toEqual(['sms', 'email']);
    expect(all.map((message) => message.subject || message.text)).toEqual(['second', 'first']);
  });

  it.each(BAD_SMS)('answers an SMS with %s with a 400 and keeps nothing', async (_, body) => {
    const response = await postSms(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(((await response.json()) as { error: string }).error).toMatch(/./);
    expect(await list()).toEqual([]);
  });

  it('answers an SMS body over 1 MiB with a 413, declared or streamed, and keeps serving', async () => {
    // Several MiB: a catcher that stopped reading at the limit would reset the connection of a
    // client still sending, and the client would never see the refusal.
    const big = JSON.stringify({ to: '+81 9012345678', text: 'x'.repeat(6 * MIB) });
    const declared = await postSms(big);
    expect(declared.status).toBe(413);
    expect(declared.headers.get('x-content-type-options')).toBe('nosniff');

    // Chunked: no length to refuse up front, so the catcher stops keeping the body past the limit.
    const chunk = new TextEncoder().encode('x'.repeat(256 * 1024));
    let sent = 0;
    const streamed = await fetch(`${base}/api/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 6 * MIB) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      }),
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
    expect(streamed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await list()).toEqual([]);
    await expectServing();
  });

  it('closes the connection rather than read more than 8 MiB past the limit', async () => {
    const head = (lines: string) =>
      `POST /api/sms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${lines}\r\n`;
    // A length not worth reading: refused and closed at once, while the body has not even come.
    const declared = await raw(head('Content-Length: 104857600\r\n'));
    expect(declared.status, declared.head).toBe(413);
    expect(declared.head.toLowerCase()).toContain('connection: close');

    // A chunked body that never ends: dropped up to the cap, then the connection is cut.
    const chunk = 'x'.repeat(MIB);
    const endless = `${head('Transfer-Encoding: chunked\r\n')}${`${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(10)}`;
    await raw(endless);
    expect(await list()).toEqual([]);
    await expectServing();
  });

  it('clears every message on DELETE', async () => {
    expect((await postSms(JSON.stringify({ to: '+1 5550100', text: 'one' }))).status).toBe(201);
    const mailer = transport();
    await mailer.sendMail({ from: 'a@example.test', to: 'b@example.test', subject: 'two' });
    mailer.close();
    expect(await list()).toHaveLength(2);

    const cleared = await raw(get('/api/messages', 'DELETE'));
    expect(cleared.status).toBe(204);
    expect(cleared.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(await list()).toEqual([]);
  });

  it(`keeps only the newest ${MAX_MESSAGES} messages`, async () => {
    for (let index = 0; index < MAX_MESSAGES + 5; index += 1) {
      const posted = await postSms(JSON.stringify({ to: '+1 5550100', text: `sms ${index}` }));
      expect(posted.status).toBe(201);
    }
    const all = await list();
    expect(all).toHaveLength(MAX_MESSAGES);
    expect(all[0]?.text).toBe(`sms ${MAX_MESSAGES + 4}`);
    expect(all.at(-1)?.text).toBe('sms 5');
  });

  it('shows every message in an HTML inbox, newest first, with its markup escaped', async () => {
    const mailer = transport();
    await mailer.sendMail({
      from: '"<b>Mallory</b>" <mallory@example.test>',
      to: 'victim@example.test',
      subject: '<script>alert("subject")</script>',
      text: '<img src=x onerror=alert(1)> & more',
    });
    mailer.close();
    const posted = await postSms(JSON.stringify({ to: '+1 <i>555</i>', text: 'SMS <script>' }));
    expect(posted.status).toBe(201);

    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).not.toMatch(/<script|<img|<b>|<i>/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(html).toContain('victim@example.test');
    expect(html).toContain('&lt;b&gt;Mallory&lt;/b&gt;');
    expect(html).toContain('+1 &lt;i&gt;555&lt;/i&gt;');
    // Every message's time; the SMS (newest) before the e-mail.
    const all = await list();
    for (const message of all) expect(html).toContain(message.receivedAt);
    expect(html.indexOf('SMS &lt;script&gt;')).toBeLessThan(html.indexOf('victim@example.test'));
  });

  it('answers HEAD like GET, without the body', async () => {
    for (const target of ['/', '/api/messages', '/healthz']) {
      const head = await raw(get(target, 'HEAD'));
      const full = await raw(get(target));
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers.get('content-length')).toEqual(full.headers.get('content-length'));
      expect(head.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    }
  });

  it.each(MALFORMED)('answers %s with a 4xx and nosniff, and keeps serving', async (_, request) => {
    const reply = await raw(request);
    expect(reply.status, reply.head).toBeGreaterThanOrEqual(400);
    expect(reply.status, reply.head).toBeLessThan(500);
    expect(reply.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    await expectServing();
  });

  it.each(WRONG_METHODS)(
    'refuses %s %s with a 405 that names the methods allowed',
    async (method, target, allow) => {
      const reply = await raw(get(target, method, 'Content-Length: 0\r\n'));
      expect(reply.status, reply.head).toBe(405);
      expect(reply.head.toLowerCase()).toContain(`allow: ${allow}`);
      expect(reply.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    },
  );

  describe("standing in for Telegram's login page", () => {
    const site = 'http://localhost:3000';
    const login = (params: Record<string, string>, path = '/telegram/auth') =>
      fetch(`${base}${path}?${new URLSearchParams(params)}`, { redirect: 'manual' });
    const asked = { bot_id: '7000000001', origin: site, return_to: `${site}/ja/telegram-login` };

    it('asks who is signing in, for the bot and site the page names', async () => {
      const page = await login(asked);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${site}`);
      const html = await page.text();
      expect(html).toContain('<form method="get" action="/telegram/confirm">');
      expect(html).toContain(`value="${site}/ja/telegram-login"`);
    });

    it('sends the person back with the fields signed as Telegram signs them', async () => {
      const before = Math.floor(Date.now() / 1000);
      const reply = await login(
        { ...asked, id: '424242', first_name: 'Ada', username: 'ada_l' },
        '/telegram/confirm',
      );
      expect(reply.status).toBe(303);
      const back = new URL(reply.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(`${site}/ja/telegram-login`);
      const fields = Object.fromEntries(back.searchParams);
      expect(fields).toMatchObject({ id: '424242', first_name: 'Ada', username: 'ada_l' });
      expect(Number(fields.auth_date)).toBeGreaterThanOrEqual(before);
      const { hash, ...signed } = fields;
      const checkString = Object.keys(signed)
        .sort()
        .map((key) => `${key}=${signed[key]}`)
        .join('\n');
      const key = createHash('sha256').update(BOT_TOKEN).digest();
      expect(hash).toBe(createHmac('sha256', key).update(checkString).digest('hex'));
    });

    it('opens the site as a Mini App, the launch data signed under the Mini App key', async () => {
      const page = await login(asked, '/telegram/app');
      expect(await page.text()).toContain('<form method="get" action="/telegram/app/open">');
      const before = Math.floor(Date.now() / 1000);
      const reply = await login(
        { ...asked, id: '424242', first_name: 'Ada', username: 'ada_l' },
        '/telegram/app/open',
      );
      expect(reply.status).toBe(303);
      const opened = new URL(reply.headers.get('location') ?? '');
      expect(`${opened.origin}${opened.pathname}${opened.search}`).toBe(
        `${site}/ja/telegram-login`,
      );
      const launch = new URLSearchParams(opened.hash.slice(1));
      expect(launch.get('tgWebAppPlatform')).toBe('weba');
      const initData = new URLSearchParams(launch.get('tgWebAppData') ?? '');
      expect(JSON.parse(initData.get('user') ?? '')).toMatchObject({
        id: 424242,
        first_name: 'Ada',
      });
      expect(Number(initData.get('auth_date'))).toBeGreaterThanOrEqual(before);
      const hash = initData.get('hash');
      initData.delete('hash');
      const checkString = [...initData]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => `${key}=${value}`)
        .join('\n');
      const key = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
      expect(hash).toBe(createHmac('sha256', key).update(checkString).digest('hex'));
    });

    it('refuses another bot, a way back off the site, and a malformed person with 400', async () => {
      const person = { id: '424242', first_name: 'Ada' };
      for (const [params, reason] of [
        [{ ...asked, bot_id: '7000000002' }, 'bot_id'],
        [{ ...asked, return_to: 'https://evil.example/telegram-login' }, 'return_to'],
        [{ ...asked, origin: 'javascript:alert(1)' }, 'return_to'],
        [{ bot_id: '7000000001' }, 'return_to'],
      ] as const) {
        for (const path of [
          '/telegram/auth',
          '/telegram/confirm',
          '/telegram/app',
          '/telegram/app/open',
        ]) {
          const reply = await login({ ...params, ...person }, path);
          expect(reply.status).toBe(400);
          expect(await reply.text()).toContain(reason);
        }
      }
      for (const [params, reason] of [
        [{ ...person, id: '0' }, 'id'],
        [{ ...person, id: '12abc' }, 'id'],
        [{ ...person, first_name: ' ' }, 'first_name'],
        [{ ...person, first_name: 'a'.repeat(65) }, 'first_name'],
        [{ ...person, username: 'no spaces' }, 'username'],
      ] as const) {
        for (const path of ['/telegram/confirm', '/telegram/app/open']) {
          const reply = await login({ ...asked, ...params }, path);
          expect(reply.status).toBe(400);
          expect(await reply.text()).toContain(reason);
        }
      }
      await expectServing();
    });
  });

  it('serves an OpenID provider under /oidc when it has clients, and 503 without', async () => {
    const discovery = await fetch(`${base}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const document = (await discovery.json()) as { issuer: string; authorization_endpoint: string };
    expect(document.issuer).toBe(`${base}/oidc`);
    expect(document.authorization_endpoint).toBe(`${base}/oidc/auth`);
    const unknownClient = await fetch(`${base}/oidc/auth?client_id=nobody&response_type=code`, {
      redirect: 'manual',
    });
    expect(unknownClient.status).toBe(400);
    await expectServing();

    const port = await freePort();
    const bare = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        MAIL_CATCHER_PORT: String(port),
        MAIL_CATCHER_SMTP_PORT: String(await freePort()),
        OPENID_CLIENTS: '',
      },
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 10_000;
      let reply = await sendRaw(`http://127.0.0.1:${port}`, get('/healthz')).catch(() => undefined);
      while (reply?.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        reply = await sendRaw(`http://127.0.0.1:${port}`, get('/healthz')).catch(() => undefined);
      }
      const none = await fetch(`http://127.0.0.1:${port}/oidc/.well-known/openid-configuration`);
      expect(none.status).toBe(503);
    } finally {
      const exited = new Promise((resolve) => bare.once('exit', resolve));
      bare.kill('SIGTERM');
      await exited;
    }
  });

  it('refuses a method no path knows, and CONNECT, with a 405', async () => {
    for (const request of [
      get('/api/messages', 'BREW'),
      'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n',
    ]) {
      const reply = await raw(request);
      expect(reply.status, reply.head).toBe(405);
      expect(reply.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    }
    await expectServing();
  });
});

describe('the mail catcher at start', { timeout: 30_000 }, () => {
  it.each([
    ['MAIL_CATCHER_PORT', 'http'],
    ['MAIL_CATCHER_SMTP_PORT', '70000'],
  ])('stops with a reason when %s is no port (%s)', async (name, value) => {
    const { code, output } = await exitOf({ MAIL_CATCHER_PORT: '1', [name]: value });
    expect(code).toBe(1);
    expect(output).toContain(`${name} must be a port number`);
  });

  it('stops with a reason when either port is taken', async () => {
    const [httpPort, smtpPort] = [await freePort(), await freePort()];
    const running = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        MAIL_CATCHER_PORT: String(httpPort),
        MAIL_CATCHER_SMTP_PORT: String(smtpPort),
      },
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const reply = await sendRaw(`http://127.0.0.1:${httpPort}`, get('/healthz')).catch(
          () => undefined,
        );
        if (reply?.status === 200) break;
        if (Date.now() > deadline || running.exitCode !== null) throw new Error('not started');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const smtpTaken = await exitOf({
        MAIL_CATCHER_PORT: String(await freePort()),
        MAIL_CATCHER_SMTP_PORT: String(smtpPort),
      });
      expect(smtpTaken.code).toBe(1);
      expect(smtpTaken.output).toContain(`SMTP could not listen on 127.0.0.1:${smtpPort}`);
      const httpTaken = await exitOf({
        MAIL_CATCHER_PORT: String(httpPort),
        MAIL_CATCHER_SMTP_PORT: String(await freePort()),
      });
      expect(httpTaken.code).toBe(1);
      expect(httpTaken.output).toContain(`HTTP could not listen on 127.0.0.1:${httpPort}`);
    } finally {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
  });
});
