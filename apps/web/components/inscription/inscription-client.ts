import { MalformedReplyError } from '@exchange-web/client/errors';
import type { HttpClient } from '@exchange-web/client/http-client';
import { ERROR_NOTICE_HOOK } from '@exchange-web/client/request/hook-names';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import type * as Contract from '@exchange-web/protocol/inscription';
import type { ApiPath } from '@exchange-web/protocol/paths';
import type * as z from 'zod';

// DESIGN "Budgets": the contract module imports zod, so the browser loads it (and the refusal
// sentences) on the first call a page makes after its server-rendered first paint, not before.
const loadContract = () => import('@exchange-web/protocol/inscription');

/**
 * Posts an inscription call through the page's request client (SPEC 7 wrapper) and resolves its
 * data checked with the contract's reply schema. The pages word failures themselves (in place,
 * with a retry), so the wrapper's error toast is skipped.
 *
 * @example
 * await inscriptionCall(api, ApiPath.inscriptionSearch, { keyword }, (c) => c.inscriptionSearchReplySchema);
 */
export async function inscriptionCall<T>(
  api: () => Promise<HttpClient>,
  path: ApiPath,
  body: unknown,
  schemaOf: (contract: typeof Contract) => z.ZodType<T>,
): Promise<T> {
  const [http, contract] = await Promise.all([api(), loadContract()]);
  const data = await http.post<unknown>(path, body, { skipHooks: [ERROR_NOTICE_HOOK] });
  const parsed = schemaOf(contract).safeParse(data);
  if (!parsed.success) throw new MalformedReplyError(data, { cause: parsed.error });
  return parsed.data;
}

/** The sentence of a failed call: a refusal by its translated meaning, else the shell's. */
export async function failureKeyOf(failure: unknown): Promise<MessageKey> {
  const { inscriptionFailureKey } = await import('./inscription-errors');
  return inscriptionFailureKey(failure);
}
