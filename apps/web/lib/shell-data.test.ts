import { createServer, IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { ApiPath } from '@exchange-web/protocol/paths';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadShellData, SHELL_DATA_TIMEOUT_MS, usdtRatesFor } from './shell-data';

const rates = { supported: [{ name: 'USD', symbol: '$', value: 'USD' }], rates: { usd: 1 } };
const domainConfig = {
  imgDomainConfig: { foreignDomainList: ['https://img.test'], internalDomainList: [] },
};

// A real local gateway (STYLE "Tests"): what each call sent, and what it answers.
let server: Server;
let calls: { method: string; url: string; body: string; forwardedFor: unknown }[];
// null: the gateway never answers.
let answer: (url: string) => { status: number; body: string } | null;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({
        method: request.method ?? '',
        url: request.url ?? '',
        body,
        forwardedFor: request.headers['x-forwarded-for'],
      });
      const reply = answer(request.url ?? '');
      if (reply)
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('GATEWAY_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  calls = [];
  answer = (url) => ({
    status: 200,
    body: JSON.stringify({
      code: '00000',
      msg: 'success',
      data: url.startsWith(ApiPath.usdtRate) ? rates : domainConfig,
    }),
  });
});
afterEach(() => vi.restoreAllMocks());

/** A page request as the site's front door hands it on: the visitor's address in its header. */
const pageRequest = () => {
  const request = new IncomingMessage(new Socket());
  request.headers['x-forwarded-for'] = '203.0.113.9';
  return request;
};

describe('the shell data a page loads with it', () => {
  it('are the rates for the language and the image domain config, asked for the visitor', async () => {
    const data = await loadShellData(pageRequest(), 'ja');
    expect(data).toEqual({ rates, domainConfig });
    const byPath = Object.fromEntries(calls.map((call) => [call.url, call]));
    expect(byPath[ApiPath.usdtRate]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ locale: 'ja' }),
      forwardedFor: '203.0.113.9',
    });
    expect(byPath[ApiPath.domainConfigList]).toMatchObject({
      method: 'GET',
      forwardedFor: '203.0.113.9',
    });
  });

  it('leave out, as null, a part the gateway refuses or answers malformed; the rest stands', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = (url) =>
      url.startsWith(ApiPath.usdtRate)
        ? { status: 200, body: JSON.stringify({ code: '40000', msg: 'no rates', data: null }) }
        : { status: 200, body: JSON.stringify({ code: '00000', msg: '', data: { odd: true } }) };
    expect(await loadShellData(pageRequest(), 'en')).toEqual({ rates: null, domainConfig: null });
    expect(logged).toHaveBeenCalledTimes(2);
    expect(String(logged.mock.calls[0]?.[0])).toContain('the browser will ask');
  });

  it(`are null when the gateway has not answered within ${SHELL_DATA_TIMEOUT_MS} ms`, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => null;
    expect(await loadShellData(pageRequest(), 'en')).toEqual({ rates: null, domainConfig: null });
  });

  it('are null, not an error page, when the gateway is not there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubEnv('GATEWAY_URL', 'http://127.0.0.1:1');
    try {
      expect(await loadShellData(pageRequest(), 'en')).toEqual({ rates: null, domainConfig: null });
    } finally {
      vi.stubEnv('GATEWAY_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });
});

describe('the rates of a page request', () => {
  it('are loaded once per request and locale, however many parts of the page ask', async () => {
    const request = pageRequest();
    const [shell, page] = await Promise.all([
      loadShellData(request, 'en'),
      usdtRatesFor(request, 'en'),
    ]);
    expect(shell.rates).toEqual(page);
    await usdtRatesFor(request, 'ja');
    await usdtRatesFor(pageRequest(), 'en');
    expect(calls.filter((call) => call.url === ApiPath.usdtRate).map((call) => call.body)).toEqual(
      [{ locale: 'en' }, { locale: 'ja' }, { locale: 'en' }].map((body) => JSON.stringify(body)),
    );
  });
});
