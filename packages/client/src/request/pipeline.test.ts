import { describe, expect, it } from 'vitest';
import { ApiError, HttpStatusError, isMalformedReplyError, isWrongApiNameError } from '../errors';
import type { RequestHook, RequestState } from './hooks';
import { MAX_RETRIES, createPipeline, type TransportReply } from './pipeline';
import { REQUEST_SLOTS, type RequestSlot } from './slots';

// A counting transport: records what each send carried and answers from a queue or a default.
function countingTransport(answer: (request: RequestState) => TransportReply) {
  const sent: { headers: Record<string, string>; body: unknown; query: unknown; path: string }[] =
    [];
  return {
    sent,
    transport: async (request: Readonly<RequestState>) => {
      sent.push({
        headers: { ...request.headers },
        body: request.body,
        query: request.query,
        path: request.path,
      });
      return answer(request);
    },
  };
}

const envelope = (code: string, data: unknown = null, msg = 'm'): TransportReply => ({
  status: 200,
  headers: {},
  body: { code, data, msg },
});

describe('request pipeline', () => {
  it('runs beforeRequest hooks in order, and their headers and body reach the transport', async () => {
    const { sent, transport } = countingTransport(() => envelope('00000', 'ok'));
    const order: string[] = [];
    const first: RequestHook = {
      slot: 'common-headers',
      beforeRequest(request) {
        order.push('first');
        request.headers.a = '1';
      },
    };
    const second: RequestHook = {
      slot: 'simulation-header',
      async beforeRequest(request) {
        order.push('second');
        request.headers.b = request.headers.a ?? '';
        request.body = { replaced: true };
      },
    };
    // Listed out of order: the slots order them.
    const send = createPipeline({ transport, hooks: [second, first] });
    await expect(send('POST', 'v1/x', { original: true })).resolves.toBe('ok');
    expect(order).toEqual(['first', 'second']);
    expect(sent).toEqual([
      { headers: { a: '1', b: '1' }, body: { replaced: true }, query: undefined, path: '/v1/x' },
    ]);
  });

  it('posts {} when no body is given and sends the query of a get', async () => {
    const { sent, transport } = countingTransport(() => envelope('200', 1));
    const send = createPipeline({ transport, hooks: [] });
    await send('POST', '/v1/a', undefined);
    await send('GET', '/v1/b', { page: 2 });
    expect(sent.map(({ body, query }) => ({ body, query }))).toEqual([
      { body: {}, query: undefined },
      { body: undefined, query: { page: 2 } },
    ]);
  });

  it('refuses an empty path before any hook or send', async () => {
    const { sent, transport } = countingTransport(() => envelope('00000'));
    let ran = false;
    const send = createPipeline({
      transport,
      hooks: [{ slot: 'caller-request', beforeRequest: () => void (ran = true) }],
    });
    const error = await send('GET', '', undefined).catch((caught: unknown) => caught);
    expect(isWrongApiNameError(error)).toBe(true);
    expect([ran, sent.length]).toEqual([false, 0]);
  });

  it('lets a beforeRequest hook answer the call without sending it', async () => {
    const { sent, transport } = countingTransport(() => envelope('00000'));
    const later: string[] = [];
    const send = createPipeline({
      transport,
      hooks: [
        {
          slot: 'duplicate-guard',
          beforeRequest: () => ({ action: 'respond', result: Promise.resolve(42) }),
        },
        { slot: 'caller-request', beforeRequest: () => void later.push('ran') },
      ],
    });
    await expect(send('GET', '/v1/a', undefined)).resolves.toBe(42);
    expect([sent.length, later]).toEqual([0, []]);
  });

  it('gives hooks the promise the caller holds', async () => {
    const { transport } = countingTransport(() => envelope('00000', 'done'));
    let seen: Promise<unknown> | undefined;
    const send = createPipeline({
      transport,
      hooks: [{ slot: 'caller-request', beforeRequest: (request) => void (seen = request.result) }],
    });
    const call = send('POST', '/v1/a', {});
    expect(seen).toBe(call);
    await call;
  });

  it('shows afterResponse hooks the status, headers and envelope', async () => {
    const { transport } = countingTransport(() => ({
      status: 201,
      headers: { requesttime: '5' },
      body: { code: 200, data: [1], msg: 'ok' },
    }));
    const seen: unknown[] = [];
    const send = createPipeline({
      transport,
      hooks: [
        {
          slot: 'caller-response',
          afterResponse: ({ status, headers, envelope: read }) =>
            void seen.push(status, headers, read),
        },
      ],
    });
    await expect(send('GET', '/v1/a', undefined)).resolves.toEqual([1]);
    expect(seen).toEqual([201, { requesttime: '5' }, { code: '200', data: [1], msg: 'ok' }]);
  });

  it('retries the same call, rebuilt by every hook, with the extra headers once', async () => {
    let calls = 0;
    const { sent, transport } = countingTransport(() =>
      ++calls === 1 ? envelope('10021', null, 'verify') : envelope('00000', 'passed'),
    );
    const attempts: number[] = [];
    const send = createPipeline({
      transport,
      hooks: [
        {
          slot: 'caller-request',
          beforeRequest(request) {
            attempts.push(request.attempt);
            request.headers.stamp = String(request.attempt);
            request.body = { wrapped: request.body };
          },
        },
        {
          slot: 'challenge',
          afterResponse: ({ envelope: read }) =>
            read?.code === '10021'
              ? { action: 'retry', headers: { 'captcha-token': 'tok' } }
              : undefined,
        },
      ],
    });
    await expect(send('POST', '/v1/a', { n: 1 }, { headers: { own: 'x' } })).resolves.toBe(
      'passed',
    );
    expect(attempts).toEqual([0, 1]);
    expect(sent.map(({ headers, body }) => ({ headers, body }))).toEqual([
      { headers: { own: 'x', stamp: '0' }, body: { wrapped: { n: 1 } } },
      { headers: { own: 'x', 'captcha-token': 'tok', stamp: '1' }, body: { wrapped: { n: 1 } } },
    ]);
  });

  it('stops retrying after MAX_RETRIES and settles the last reply', async () => {
    const { sent, transport } = countingTransport(() => envelope('10021', null, 'again'));
    const send = createPipeline({
      transport,
      hooks: [{ slot: 'challenge', afterResponse: () => ({ action: 'retry', headers: {} }) }],
    });
    await expect(send('GET', '/v1/a', undefined)).rejects.toMatchObject({ code: '10021' });
    expect(sent.length).toBe(MAX_RETRIES + 1);
  });

  it('rejects with a hook error and runs no later hook', async () => {
    const { transport } = countingTransport(() => envelope('00004'));
    const later: string[] = [];
    const send = createPipeline({
      transport,
      hooks: [
        {
          slot: 'session-expiry',
          afterResponse: () => ({ action: 'reject', error: new Error('stopped') }),
        },
        { slot: 'error-notice', afterResponse: () => void later.push('ran') },
      ],
    });
    await expect(send('GET', '/v1/a', undefined)).rejects.toThrow('stopped');
    expect(later).toEqual([]);
  });

  it('lets a hook replace the body for the hooks after it and the outcome', async () => {
    const { transport } = countingTransport(() => envelope('00000', 'https://old/img.png'));
    let seenByLater: unknown;
    const send = createPipeline({
      transport,
      hooks: [
        {
          slot: 'caller-response',
          afterResponse: ({ body }) => ({
            action: 'replaceBody',
            body: JSON.parse(JSON.stringify(body).replace('old', 'new')) as unknown,
          }),
        },
        {
          slot: 'replace-image-domain',
          afterResponse: ({ envelope: read }) => void (seenByLater = read?.data),
        },
      ],
    });
    await expect(send('GET', '/v1/a', undefined)).resolves.toBe('https://new/img.png');
    expect(seenByLater).toBe('https://new/img.png');
  });

  it('skips the slots a call names', async () => {
    const { sent, transport } = countingTransport(() => envelope('00000'));
    const send = createPipeline({
      transport,
      hooks: [
        { slot: 'common-headers', beforeRequest: (request) => void (request.headers.mark = '1') },
      ],
    });
    await send('POST', '/v1/a', {}, { skipHooks: ['common-headers'] });
    await send('POST', '/v1/a', {});
    expect(sent.map(({ headers }) => headers)).toEqual([{}, { mark: '1' }]);
  });

  it('lets a fresh call past the duplicate guard and a quiet call past the error notice', async () => {
    const { sent, transport } = countingTransport(() => envelope('00000'));
    const mark = (slot: RequestSlot): RequestHook => ({
      slot,
      beforeRequest: (request) => void (request.headers[slot] = '1'),
    });
    const send = createPipeline({
      transport,
      hooks: [mark('duplicate-guard'), mark('error-notice')],
    });
    await send('GET', '/v1/a', undefined, { fresh: true });
    await send('GET', '/v1/a', undefined, { quiet: true });
    await send('GET', '/v1/a', undefined, { fresh: true, quiet: true });
    expect(sent.map(({ headers }) => headers)).toEqual([
      { 'error-notice': '1' },
      { 'duplicate-guard': '1' },
      {},
    ]);
  });

  it('tells hooks of a failure without a response and rethrows it unchanged', async () => {
    const failure = new Error('Network Error');
    const seen: unknown[] = [];
    const send = createPipeline({
      transport: () => Promise.reject(failure),
      hooks: [{ slot: 'error-notice', onTransportError: (error) => void seen.push(error) }],
    });
    await expect(send('GET', '/v1/a', undefined)).rejects.toBe(failure);
    expect(seen).toEqual([failure]);
  });

  it('settles by the envelope: success codes resolve data, others reject with msg and code', async () => {
    const replies = [envelope('00000', 'a'), envelope('200', 'b'), envelope('30001', 5, 'No')];
    const send = createPipeline({
      transport: async () => replies.shift() ?? envelope('00000'),
      hooks: [],
    });
    await expect(send('GET', '/v1/a', undefined)).resolves.toBe('a');
    await expect(send('GET', '/v1/a', undefined)).resolves.toBe('b');
    const error = await send('GET', '/v1/a', undefined).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'No', code: '30001', data: 5 });
  });

  it('rejects a non-2xx reply without an envelope with its HttpStatusError, else malformed', async () => {
    const statusError = new HttpStatusError(502, 'bad gateway');
    const replies: TransportReply[] = [
      { status: 502, headers: {}, body: 'bad gateway', error: statusError },
      { status: 200, headers: {}, body: '<html>' },
    ];
    const send = createPipeline({
      transport: async () => replies.shift() ?? envelope('00000'),
      hooks: [],
    });
    await expect(send('GET', '/v1/a', undefined)).rejects.toBe(statusError);
    const malformed = await send('GET', '/v1/a', undefined).catch((caught: unknown) => caught);
    expect(isMalformedReplyError(malformed)).toBe(true);
  });

  it('gives every attempt the user id read when the call started', async () => {
    const ids: string[] = [];
    let current = '';
    const send = createPipeline({
      transport: async () => envelope('00000'),
      hooks: [
        { slot: 'caller-request', beforeRequest: (request) => void ids.push(request.userId) },
      ],
      userId: () => current,
    });
    await send('GET', '/v1/a', undefined);
    current = '42';
    await send('GET', '/v1/a', undefined);
    expect(ids).toEqual(['', '42']);
  });

  it('runs the hooks in slot order in every phase, however they are listed', async () => {
    const { transport } = countingTransport(() => envelope('00000'));
    const ran: string[] = [];
    const traced = (slot: RequestSlot): RequestHook => ({
      slot,
      beforeRequest: () => void ran.push(`before ${slot}`),
      afterResponse: () => void ran.push(`after ${slot}`),
    });
    const send = createPipeline({ transport, hooks: [...REQUEST_SLOTS].reverse().map(traced) });
    await send('GET', '/v1/a', undefined);
    expect(ran).toEqual([
      ...REQUEST_SLOTS.map((slot) => `before ${slot}`),
      ...REQUEST_SLOTS.map((slot) => `after ${slot}`),
    ]);
  });

  it('refuses a hook in an unknown slot, and two hooks in one slot', () => {
    const transport = async () => envelope('00000');
    expect(() =>
      createPipeline({ transport, hooks: [{ slot: 'logging' as RequestSlot }] }),
    ).toThrow('unknown request slot: logging');
    expect(() =>
      createPipeline({
        transport,
        hooks: [{ slot: 'caller-request' }, { slot: 'caller-request' }],
      }),
    ).toThrow('request slot caller-request is filled twice');
  });
});
