import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import { AxiosHeaders, isAxiosError, type AxiosInstance } from 'axios';
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
 * Sends through axios (DESIGN.md: its error messages are the ones SPEC 8 lists). A reply with any
 * status comes back as a reply, its axios error kept beside it; no reply rethrows axios's error.
 * A fixed query string (`request.search`) and a string body go on the wire unchanged, with the
 * JSON content type.
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
        // Per request, so an injected instance keeps the configured timeout too.
        timeout: timeoutMs,
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
        return {
          status: error.response.status,
          headers: plainHeaders(error.response.headers),
          body: error.response.data,
          error,
        };
      }
      throw error;
    }
  };
}
