import type { Endpoint, EndpointReply, EndpointRequest } from '@exchange-web/protocol/endpoints';
import { InvalidRequestError, MalformedReplyError } from '../errors';

export { InvalidRequestError, isInvalidRequestError } from '../errors';
import type { HttpClient } from '../http-client';
import type { RequestOptions } from '../request/hooks';

/**
 * Sends one call of the endpoint table through the page's request client: the ONE place replies
 * are checked. The request is checked with the endpoint's request schema before anything is sent
 * (sent as given, so defaults stay the gateway's), the reply `data` with its reply schema.
 * @throws InvalidRequestError for a request the schema refuses (nothing is sent)
 * @throws MalformedReplyError for reply data the schema refuses, the schema's error as `cause`
 * @throws whatever the request client rejects with (ApiError, TimeoutError, NetworkError, ...)
 * @example
 * const { items } = await callEndpoint(http, Endpoints.apiKeyList, {}, { fresh: true });
 */
export async function callEndpoint<E extends Endpoint>(
  http: Pick<HttpClient, 'get' | 'post'>,
  endpoint: E,
  request: EndpointRequest<E>,
  options: RequestOptions = {},
): Promise<EndpointReply<E>> {
  const schemas = await endpoint.schemas();
  const checked = schemas.request.safeParse(request);
  if (!checked.success) throw new InvalidRequestError(endpoint.path, { cause: checked.error });
  const data =
    endpoint.method === 'GET'
      ? await http.get<unknown>(
          endpoint.path,
          request as Readonly<Record<string, unknown>>,
          options,
        )
      : await http.post<unknown>(endpoint.path, request, options);
  const reply = schemas.reply.safeParse(data);
  if (!reply.success) throw new MalformedReplyError(data, { cause: reply.error });
  return reply.data as EndpointReply<E>;
}
