import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import { AxiosError, AxiosHeaders, isAxiosError, isCancel, type AxiosInstance } from 'axios';
import { CancelledError, HttpStatusError, NetworkError, TimeoutError } from '../errors';
import type { Transport } from './pipeline';

const plainHeaders = (headers: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(AxiosHeaders.from(headers as AxiosHeaders).toJSON(true)).map(([name, value]) => [
      name.toLowerCase(),
      String(value),
    ]),
  );

const withJsonType = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.keys(headers).some((name) => name.toLowerCase() === HeaderName.contentType)
    ? { ...headers }
    : { ...headers, [HeaderName.contentType]: HeaderValue.json };

/**
 * axios's failure without a reply as the client's named error, its message kept (SPEC 8 lists
 * axios's). NOTE: the one place that reads axios's error codes; nothing past the transport does.
 */
function namedFailure(error: unknown): unknown {
  if (isCancel(error)) return new CancelledError(error.message, { cause: error });
  if (!isAxiosError(error)) return error;
  // With clarifyTimeoutError (set on every request below) a timeout is ETIMEDOUT in every
  // adapter; ECONNABORTED is then the browser dropping the request ('Request aborted').
  if (error.code === AxiosError.ETIMEDOUT) return new TimeoutError(error.message, { cause: error });
  return new NetworkError(error.message, { cause: error });
}

/**
 * Sends through axios (DESIGN.md: its error messages are the ones SPEC 8 lists). A reply with any
 * status comes back as a reply, a non-2xx one with its {@link HttpStatusError} beside it; no reply
 * rejects with {@link TimeoutError}, {@link NetworkError} or {@link CancelledError}. A fixed query
 * string (`request.search`) and a string body go on the wire unchanged, with the JSON content type.
 */
export function axiosTransport(instance: AxiosInstance, timeoutMs: number): Transport {
  return async (request) => {
    const bodyText =
      request.method === 'POST' && typeof request.body === 'string' ? request.body : undefined;
    try {
      const response = await instance.request<unknown>({
        method: request.method,
        url: `${request.path}${request.search ?? ''}`,
        headers: bodyText === undefined ? request.headers : withJsonType(request.headers),
        // Per request, so an injected instance keeps the configured timeout too; a long call
        // (an export) waits SPEC 9's 60 s.
        timeout: request.timeoutMs ?? timeoutMs,
        // XHR reports a timeout as ECONNABORTED, like a dropped request, unless told apart.
        transitional: { clarifyTimeoutError: true },
        ...(request.method === 'GET'
          ? request.search === undefined
            ? { params: request.query }
            : {}
          : { data: request.body }),
        // A body already in JSON text (signed) goes as is: no transform may touch a byte of it.
        ...(bodyText === undefined ? {} : { transformRequest: [(data: unknown) => data] }),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      return {
        status: response.status,
        headers: plainHeaders(response.headers),
        body: response.data,
      };
    } catch (error) {
      if (isAxiosError(error) && error.response) {
        const { status, headers, data } = error.response;
        return {
          status,
          headers: plainHeaders(headers),
          body: data,
          error: new HttpStatusError(status, data, error.message, { cause: error }),
        };
      }
      throw namedFailure(error);
    }
  };
}
