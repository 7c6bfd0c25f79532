import { AxiosHeaders, isAxiosError, type AxiosInstance } from 'axios';
import type { Transport } from './pipeline';

const plainHeaders = (headers: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(AxiosHeaders.from(headers as AxiosHeaders).toJSON(true)).map(([name, value]) => [
      name.toLowerCase(),
      String(value),
    ]),
  );

/**
 * Sends through axios (DESIGN.md: its error messages are the ones SPEC 8 lists). A reply with any
 * status comes back as a reply, its axios error kept beside it; no reply rethrows axios's error.
 */
export function axiosTransport(instance: AxiosInstance, timeoutMs: number): Transport {
  return async (request) => {
    try {
      const response = await instance.request<unknown>({
        method: request.method,
        url: request.path,
        headers: request.headers,
        // Per request, so an injected instance keeps the configured timeout too.
        timeout: timeoutMs,
        ...(request.method === 'GET' ? { params: request.query } : { data: request.body }),
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
