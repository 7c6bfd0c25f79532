import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import { sessionReplySchema } from '@exchange-web/protocol/schemas';
import { expect } from 'vitest';
import { setBalances } from '../src/assets/balances';
import type { Queryable } from '../src/db/database';
import type { AccountRef } from '../src/trading/engine';
import { SigningClient } from './signing-client';
import { STRONG_PASSWORD, uniqueEmail, type GatewayTarget } from './support';

/** The header that sends a call to the paper account (SPEC 4). */
export const PAPER = { [HeaderName.paptrading]: HeaderValue.paptrading };

/** A new user registered by e-mail and signed in with a bound key. */
export async function registerTrader(gateway: GatewayTarget, prefix: string) {
  const client = await SigningClient.create(gateway);
  const email = uniqueEmail(prefix);
  const response = await client.postEncrypted(ApiPath.registerEmail, {
    email,
    pwd: STRONG_PASSWORD,
  });
  expect(response.json?.code).toBe('00000');
  const userId = sessionReplySchema.parse(response.json?.data).userId;
  return { client, email, userId };
}

/**
 * Signed calls of one account of `client`'s user, the paper one with `paper`: `send` answers the
 * reply as it is, `ok` its data once it is 00000 (else the test fails, naming the call).
 */
export function accountCalls(client: SigningClient, paper: boolean) {
  const send = (path: string, body: unknown = {}) =>
    client.signedPost(path, body, {}, paper ? PAPER : {});
  const ok = async (path: string, body: unknown = {}) => {
    const reply = await send(path, body);
    expect(reply.json?.code, `${path}: ${reply.json?.msg}`).toBe('00000');
    return reply.json?.data;
  };
  return { send, ok };
}

/**
 * A user written straight into `db` (no sign-in: for tests of the engines themselves) with
 * `usdt` in their real account.
 */
export async function insertFundedUser(
  db: Queryable,
  prefix: string,
  usdt: string,
): Promise<AccountRef> {
  const userId = `${prefix}-${Math.random().toString(36).slice(2)}`;
  await db.query(
    `INSERT INTO users (user_id, login_name, user_name, password_hash)
     VALUES ($1, $1 || '@example.test', $1, 'x')`,
    [userId],
  );
  await setBalances(db, userId, [{ coin: 'USDT', available: usdt, frozen: '0' }]);
  return { userId, account: 'real' };
}
