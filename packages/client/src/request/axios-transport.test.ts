import axios, { AxiosError, CanceledError, type AxiosAdapter } from 'axios';
import { describe, expect, it } from 'vitest';
import {
  isApiError,
  isCancelledError,
  isHttpStatusError,
  isNetworkError,
  isTimeoutError,
} from '../errors';
import { axiosTransport } from './axios-transport';
import type { RequestState } from './hooks';

const request: RequestState = {
  method: 'GET',
  path: '/v1/a',
  headers: {},
  body: undefined,
  query: undefined,
  attempt: 0,
  userId: '',
  signal: undefined,
  result: Promise.resolve(),
};

// axios with an adapter that fails as axios's own adapters do; the transport sees only axios.
const failingWith = (fail: AxiosAdapter) => axiosTransport(axios.create({ adapter: fail }), 50);

// How axios's XHR adapter reports its timeout: ETIMEDOUT only when clarifyTimeoutError is set.
const xhrTimeout: AxiosAdapter = (config) =>
  Promise.reject(
    new AxiosError(
      `timeout of ${config.timeout}ms exceeded`,
      config.transitional?.clarifyTimeoutError ? AxiosError.ETIMEDOUT : AxiosError.ECONNABORTED,
      config,
    ),
  );

describe('axios transport: failures as named errors', () => {
  it.each([
    ['an XHR timeout', xhrTimeout, isTimeoutError, 'timeout of 50ms exceeded'],
    [
      'a fetch timeout (ETIMEDOUT)',
      () => Promise.reject(new AxiosError('timeout of 50ms exceeded', AxiosError.ETIMEDOUT)),
      isTimeoutError,
      'timeout of 50ms exceeded',
    ],
    [
      'a network error (ERR_NETWORK)',
      () => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)),
      isNetworkError,
      'Network Error',
    ],
    [
      'a request the browser dropped (ECONNABORTED)',
      () => Promise.reject(new AxiosError('Request aborted', AxiosError.ECONNABORTED)),
      isNetworkError,
      'Request aborted',
    ],
    [
      'an unsupported protocol',
      () => Promise.reject(new AxiosError('Unsupported protocol ftp:', AxiosError.ERR_BAD_REQUEST)),
      isNetworkError,
      'Unsupported protocol ftp:',
    ],
    [
      'a cancelled call (CanceledError)',
      () => Promise.reject(new CanceledError()),
      isCancelledError,
      'canceled',
    ],
  ] as const)('rejects %s with the named error', async (_case, adapter, guard, message) => {
    const error = await failingWith(adapter)(request).catch((caught: unknown) => caught);
    expect(guard(error)).toBe(true);
    expect((error as Error).message).toBe(message);
    // Nothing past the transport can see an axios error by its shape.
    expect((error as { isAxiosError?: unknown }).isAxiosError).toBeUndefined();
    expect((error as { code?: unknown }).code).toBeUndefined();
  });

  it('answers a non-2xx reply with its HttpStatusError beside it', async () => {
    const reply = await failingWith((config) =>
      Promise.reject(
        new AxiosError(
          'Request failed with status code 503',
          AxiosError.ERR_BAD_RESPONSE,
          config,
          {},
          {
            status: 503,
            statusText: '',
            headers: { 'Retry-After': '5' },
            config,
            data: 'busy',
          },
        ),
      ),
    )(request);
    expect([reply.status, reply.headers, reply.body]).toEqual([
      503,
      { 'retry-after': '5' },
      'busy',
    ]);
    expect(isHttpStatusError(reply.error)).toBe(true);
    expect(reply.error).toMatchObject({
      status: 503,
      body: 'busy',
      message: 'Request failed with status code 503',
    });
    expect(isApiError(reply.error)).toBe(false);
  });

  it('lets an error that is not axios’s through unchanged', async () => {
    const bug = new TypeError('not a transport failure');
    await expect(failingWith(() => Promise.reject(bug))(request)).rejects.toBe(bug);
  });
});
