import { describe, expect, it } from 'vitest';
import { commonHeadersHook, type CommonHeadersOptions } from './common-headers';
import type { RequestState } from './hooks';
import { createPipeline } from './pipeline';

function capture(options: Partial<CommonHeadersOptions> = {}) {
  const sent: Record<string, string>[] = [];
  let ids = 0;
  const send = createPipeline({
    transport: async (request: Readonly<RequestState>) => {
      sent.push({ ...request.headers });
      return { status: 200, headers: {}, body: { code: '00000', data: null, msg: '' } };
    },
    hooks: [
      commonHeadersHook({
        deviceId: () => 'device-1',
        terminalCode: () => 'terminal-1',
        language: () => 'en',
        randomId: () => `abcdef0123${(ids++).toString(16)}`,
        now: () => 1_700_000_000_000,
        ...options,
      }),
    ],
  });
  return { sent, send };
}

describe('common headers', () => {
  it('puts the headers of SPEC 7 on every request', async () => {
    const { sent, send } = capture();
    await send('POST', '/v1/a', {});
    await send('GET', '/v1/b', { q: 1 });
    for (const headers of sent)
      expect(headers).toMatchObject({
        website: 'mix',
        terminaltype: '1',
        'content-type': 'application/json',
        terminalCode: 'terminal-1',
        deviceId: 'device-1',
        locale: 'en_US',
        language: 'en_US',
        tm: '1700000000000',
      });
  });

  it.each([
    ['zh-CN', 'zh_CN'],
    ['ar', 'ar_US'],
    ['id', 'in_ID'],
    ['ja', 'ja_JP'],
    ['xx', 'en_US'],
  ])('sends language %s as %s through the request-locale catalogue', async (stored, key) => {
    const { sent, send } = capture({ language: () => stored });
    await send('GET', '/v1/a', undefined);
    expect([sent[0]?.locale, sent[0]?.language]).toEqual([key, key]);
  });

  it('reads the language on every request', async () => {
    let language = 'en';
    const { sent, send } = capture({ language: () => language });
    await send('GET', '/v1/a', undefined);
    language = 'zh-CN';
    await send('GET', '/v1/a', undefined);
    expect(sent.map((headers) => headers.locale)).toEqual(['en_US', 'zh_CN']);
  });

  it('makes uhti w + a random id + tm, different on every request', async () => {
    const { sent, send } = capture();
    await Promise.all([send('GET', '/v1/a', undefined), send('GET', '/v1/a', undefined)]);
    const [first, second] = sent.map((headers) => headers.uhti);
    expect(first).toMatch(/^w[0-9a-f]{11}1700000000000$/);
    expect(second).toMatch(/^w[0-9a-f]{11}1700000000000$/);
    expect(first).not.toBe(second);
  });

  it('sends tm from the given clock', async () => {
    let time = 10;
    const { sent, send } = capture({ now: () => time });
    await send('GET', '/v1/a', undefined);
    time = 2_000_000_000_000;
    await send('GET', '/v1/a', undefined);
    expect(sent.map((headers) => headers.tm)).toEqual(['10', '2000000000000']);
  });

  it('sends pfb and beta only when set', async () => {
    const none = capture();
    await none.send('GET', '/v1/a', undefined);
    expect(Object.keys(none.sent[0] ?? {})).not.toContain('pfb');
    expect(Object.keys(none.sent[0] ?? {})).not.toContain('beta');

    const empty = capture({ testEnvironment: { pfb: '' } });
    await empty.send('GET', '/v1/a', undefined);
    expect(Object.keys(empty.sent[0] ?? {})).not.toContain('pfb');

    const pfb = capture({ testEnvironment: { pfb: 'test3' } });
    await pfb.send('GET', '/v1/a', undefined);
    expect(pfb.sent[0]).toMatchObject({ pfb: 'test3' });
    expect(Object.keys(pfb.sent[0] ?? {})).not.toContain('beta');

    const beta = capture({ testEnvironment: { beta: 'b1' } });
    await beta.send('GET', '/v1/a', undefined);
    expect(beta.sent[0]).toMatchObject({ beta: 'b1' });
    expect(Object.keys(beta.sent[0] ?? {})).not.toContain('pfb');
  });

  it('sends no user header, signed in or not', async () => {
    const { sent, send } = capture();
    await send('GET', '/v1/a', undefined);
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual(
      [
        'content-type',
        'deviceId',
        'language',
        'locale',
        'terminalCode',
        'terminaltype',
        'tm',
        'uhti',
        'website',
      ].sort(),
    );
  });

  it('lets headers the call set win', async () => {
    const { sent, send } = capture();
    await send('GET', '/v1/a', undefined, { headers: { locale: 'ja_JP' } });
    expect(sent[0]).toMatchObject({ locale: 'ja_JP', language: 'en_US' });
  });
});
