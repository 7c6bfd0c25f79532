import { isSuccessCode } from '@exchange-web/protocol/codes';
import { HeaderName, HeaderValue, Timing } from '@exchange-web/protocol/registry';
import axios, { isAxiosError, type AxiosInstance } from 'axios';
import { ApiError, WrongApiNameError } from './errors';

export interface HttpClientOptions {
  /** The site root the API paths are resolved against. @default '' (same origin) */
  baseURL?: string;
  /** @default 20_000 (SPEC 9: the shared wrapper's timeout) */
  timeoutMs?: number;
  /** An axios instance to send with (tests, or a server-side agent). */
  axiosInstance?: AxiosInstance;
}

interface Envelope {
  code: unknown;
  data: unknown;
  msg: unknown;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && 'code' in value && 'msg' in value;

const toApiPath = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/**
 * The request wrapper of SPEC 7: posts JSON or gets with query parameters under the site root and
 * reads the `{code, data, msg}` envelope. Success codes resolve `data`; any other code rejects with
 * an {@link ApiError} carrying the server's msg and code; transport failures keep axios's messages.
 * @example
 * const http = createHttpClient();
 * const rates = await http.post<UsdtRateReply>('v1/mix/public/usdtRate', { locale: 'en' });
 */
export function createHttpClient(options: HttpClientOptions = {}) {
  const instance =
    options.axiosInstance ??
    axios.create({
      baseURL: options.baseURL ?? '',
      timeout: options.timeoutMs ?? Timing.wrapperTimeoutMs,
      // Browser transports only (XHR, else fetch): the client never takes Node's http path.
      adapter: ['xhr', 'fetch'],
      headers: { [HeaderName.contentType]: HeaderValue.json },
    });

  async function send<T>(method: 'GET' | 'POST', path: string, payload: unknown): Promise<T> {
    if (!path) throw new WrongApiNameError();
    let body: unknown;
    try {
      const response = await instance.request({
        method,
        url: toApiPath(path),
        ...(method === 'GET' ? { params: payload } : { data: payload ?? {} }),
      });
      body = response.data;
    } catch (error) {
      // A refusal that carries an envelope (4xx from the gateway) rejects like any other code.
      if (isAxiosError(error) && isEnvelope(error.response?.data)) body = error.response.data;
      else throw error;
    }
    if (!isEnvelope(body)) throw new ApiError('malformed reply', '', body);
    if (isSuccessCode(body.code)) return body.data as T;
    throw new ApiError(String(body.msg), String(body.code), body.data);
  }

  return {
    post: <T>(path: string, body?: unknown) => send<T>('POST', path, body),
    get: <T>(path: string, query?: Record<string, unknown>) => send<T>('GET', path, query),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
