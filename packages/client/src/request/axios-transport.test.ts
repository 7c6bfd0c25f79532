import axios, { AxiosError, CanceledError, type AxiosAdapter } from 'axios';
import { describe, expect, it } from 'vitest';
import {
  isApiError,
  isCancelledError,
  isHttpStatusError,
  isNetworkError,
  isTimeoutError,
} from '../errors';
import { requestState } from '../testing/request-state';
import { axiosTransport } from './axios-transport';

const request = requestState();

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

const cancelled: AxiosAdapter = () => Promise.reject(new CanceledError());

type ErrorGuard = (error: unknown) => boolean;

async function expectNamedFailure(adapter: AxiosAdapter, guard: ErrorGuard, message: string) {
  const error = await failingWith(adapter)(request).catch((caught: unknown) => caught);
  expect(guard(error)).toBe(true);
  expect((error as Error).message).toBe(message);
  // Nothing past the transport can see an axios error by its shape.
  expect((error as { isAxiosError?: unknown }).isAxiosError).toBeUndefined();
  expect((error as { code?: unknown }).code).toBeUndefined();
}

describe('axios transport: failures as named errors', () => {
  it.each([
    ['an XHR timeout', xhrTimeout, isTimeoutError, 'timeout of 50ms exceeded'],
    ['a cancelled call (CanceledError)', cancelled, isCancelledError, 'canceled'],
  ] as const)('rejects %s with the named error', async (_case, adapter, guard, message) => {
    await expectNamedFailure(adapter, guard, message);
  });

  // How the fetch and http adapters fail: an AxiosError with a code, its message passed on.
  const { ECONNABORTED, ERR_BAD_REQUEST, ERR_NETWORK, ETIMEDOUT } = AxiosError;
  it.each([
    ['a fetch timeout', ETIMEDOUT, isTimeoutError, 'timeout of 50ms exceeded'],
    ['a network error', ERR_NETWORK, isNetworkError, 'Network Error'],
    ['a request the browser dropped', ECONNABORTED, isNetworkError, 'Request aborted'],
    ['an unsupported protocol', ERR_BAD_REQUEST, isNetworkError, 'Unsupported protocol ftp:'],
  ] as const)('rejects %s (%s) with the named error', async (_case, code, guard, message) => {
    await expectNamedFailure(() => Promise.reject(new AxiosError(message, code)), guard, message);
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
