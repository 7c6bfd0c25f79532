import { AccountCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  apiKeyCreateRequestSchema,
  apiKeyDeleteRequestSchema,
  emptyRequestSchema,
  type ApiKeyListReply,
} from '@exchange-web/protocol/schemas';
import { createApiKey, deleteApiKey, listApiKeys, MAX_API_KEYS } from '../accounts/api-keys';
import { requireSecuritySettled } from '../accounts/security-lock';
import type { Database } from '../db/database';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import { readJsonBody } from '../http/read-body';
import type { SignedRoutes } from '../http/signed-routes';

/** API keys of the user the session acts as (SPEC 2 account/newapi), signed core calls. */
export function registerApiKeyRoutes(signed: SignedRoutes, db: Database, securityLockMs: number) {
  signed.post(ApiPath.apiKeyCreate, async (c, session) => {
    const request = await readJsonBody(c, apiKeyCreateRequestSchema);
    // A key outlives a session: not within a while of a change of the person's security.
    await requireSecuritySettled(db, session.userId, securityLockMs);
    const created = await createApiKey(db, session.actingUserId, request);
    if (!created) {
      throw new RefusedError({
        status: 409,
        code: AccountCode.apiKeyLimitReached,
        message: `an account holds at most ${MAX_API_KEYS} API keys: delete one first`,
      });
    }
    return ok(c, created);
  });

  signed.post(ApiPath.apiKeyList, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    const reply: ApiKeyListReply = { items: await listApiKeys(db, session.actingUserId) };
    return ok(c, reply);
  });

  signed.post(ApiPath.apiKeyDelete, async (c, session) => {
    const { apiKey } = await readJsonBody(c, apiKeyDeleteRequestSchema);
    if (!(await deleteApiKey(db, session.actingUserId, apiKey))) {
      throw new RefusedError({
        status: 404,
        code: AccountCode.apiKeyNotFound,
        message: `apiKey: this account has no API key ${apiKey}`,
      });
    }
    return ok(c, null);
  });
}
