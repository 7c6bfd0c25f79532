import type { HttpClient } from '@exchange-web/client/http-client';
import { callEndpoint } from '@exchange-web/client/query/call-endpoint';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import type { Endpoint, EndpointReply, EndpointRequest } from '@exchange-web/protocol/endpoints';

/**
 * Posts an inscription call through the page's request client (SPEC 7 wrapper) and resolves its
 * data checked with the endpoint's reply schema (loaded with the first call, after the page's
 * server-rendered first paint: DESIGN "Budgets"). The pages word failures themselves (in place,
 * with a retry), so the call is quiet.
 *
 * @example
 * await inscriptionCall(api, Endpoints.inscriptionSearch, { keyword });
 */
export async function inscriptionCall<E extends Endpoint>(
  api: () => Promise<HttpClient>,
  endpoint: E,
  request: EndpointRequest<E>,
): Promise<EndpointReply<E>> {
  return callEndpoint(await api(), endpoint, request, { quiet: true });
}

/** The sentence of a failed call: a refusal by its translated meaning, else the shell's. */
export async function failureKeyOf(failure: unknown): Promise<MessageKey> {
  const { inscriptionFailureKey } = await import('./inscription-errors');
  return inscriptionFailureKey(failure);
}
