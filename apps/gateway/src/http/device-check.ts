import { HeaderName, KeyAlgorithm, SignMode } from '@exchange-web/protocol/registry';
import { isSignTimeFresh, signData } from '@exchange-web/protocol/signing';
import type { Context } from 'hono';
import type { Queryable } from '../db/database';
import { deviceKeysOf } from '../signing/client-keys';
import { CORE_SIGN_PATHS } from '../signing/core-paths';
import { parseClientPublicKey, verifyRsaSignature } from '../signing/rsa';
import { requestTarget } from './request-target';

const KEY_ALGORITHMS: readonly string[] = Object.values(KeyAlgorithm);

/**
 * The device check of SPEC 7 on the sign config's `userCheckDeviceUrl` paths: whether the
 * request's `userCheckDeviceSign` (a signature over the mode-2 sign data of this very request,
 * by the device's last key of algorithm `lastAlgorithm`) verifies with a key the user signed in
 * with before. Undefined when the request asks no check (neither header); false when a header is
 * missing, `tm` is out of window, or no key verifies. It never refuses the login: it informs it.
 */
export async function checkKnownDevice(
  c: Context,
  db: Queryable,
  userId: string,
  now: () => number = () => Date.now(),
): Promise<boolean | undefined> {
  if (!CORE_SIGN_PATHS.userCheckDeviceUrl.includes(c.req.path)) return undefined;
  const signature = c.req.header(HeaderName.userCheckDeviceSign);
  const lastAlgorithm = c.req.header(HeaderName.lastAlgorithm);
  if (!signature && !lastAlgorithm) return undefined;
  const tm = c.req.header(HeaderName.tm) ?? '';
  const uhti = c.req.header(HeaderName.uhti) ?? '';
  if (!signature || !lastAlgorithm || !KEY_ALGORITHMS.includes(lastAlgorithm)) return false;
  if (!uhti || !isSignTimeFresh(tm, now())) return false;
  const data = signData(SignMode.withBody, {
    path: requestTarget(c),
    tm,
    uhti,
    body: await c.req.text(),
  });
  const keys = await deviceKeysOf(db, userId, lastAlgorithm as KeyAlgorithm);
  return keys.some((known) => {
    const key = parseClientPublicKey(known.publicKey, known.algorithm);
    return key !== undefined && verifyRsaSignature(data, signature, key);
  });
}
