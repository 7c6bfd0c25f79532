import { ErrorCode } from '@exchange-web/protocol/codes';
import { HeaderName, SignMode } from '@exchange-web/protocol/registry';
import { isSignTimeFresh } from '@exchange-web/protocol/signing';
import type { Context } from 'hono';
import type { ActiveSession } from '../accounts/sessions';
import type { Queryable } from '../db/database';
import { sessionKeyAlgorithm } from '../signing/client-keys';
import { CORE_SIGN_PATHS, requiredSignMode, type CoreSignPaths } from '../signing/core-paths';
import { checkRequestSignature } from '../signing/request-signature';
import { parseClientPublicKey } from '../signing/rsa';
import { claimTraceId, traceIdExpiry } from '../signing/trace-ids';
import { RefusedError } from './errors';
import { requestTarget } from './request-target';
import type { SessionGuard } from './session-guard';

/**
 * Why a signed request was refused: the value of the `gw-sign-error` response header (SPEC 8:
 * its presence logs a failure event). Ours: SPEC 8 names the codes, not the header's values.
 */
export type SignFailure =
  'missing' | 'mode' | 'expired' | 'key' | 'md5' | 'signature' | 'uhti' | 'replay';

/** Each failure's code (SPEC 8): 00020 missing, 00021 mode, 00022 expired, 00023 the rest. */
export const SIGN_FAILURE_CODES: Record<SignFailure, string> = {
  missing: ErrorCode.signMissing,
  mode: ErrorCode.signModeNotMatched,
  expired: ErrorCode.signExpired,
  key: ErrorCode.signInvalid,
  md5: ErrorCode.signInvalid,
  signature: ErrorCode.signInvalid,
  uhti: ErrorCode.signInvalid,
  replay: ErrorCode.signInvalid,
};

// Ours: every sign refusal answers HTTP 401, like the session refusals (README).
const SIGN_REFUSAL_STATUS = 401;

/** The longest `uhti` kept for replay detection (SPEC 9 ids are far shorter). */
const MAX_UHTI_LENGTH = 128;

/** The headers a signed request carries (SPEC 7 "Core request signing"). */
const SIGN_HEADERS = [
  HeaderName.deviceSign,
  HeaderName.deviceSignMode,
  HeaderName.deviceSignDataMd5,
  HeaderName.deviceSignKey,
  HeaderName.tm,
  HeaderName.uhti,
] as const;

const SIGN_MODE_VALUES: Readonly<Record<string, SignMode>> = {
  '0': SignMode.pathTime,
  '1': SignMode.withTraceId,
  '2': SignMode.withBody,
};

/** Authentication of the core calls: a session, and a valid request signature. */
export interface SignGuard {
  /**
   * The request's session once its signature checks out (SPEC 3, 7, 8); refusals are thrown:
   * the session guard's (40100, 00004, 20906, 20205), then 00020 a sign header missing, 00021
   * a mode not 0/1/2 or below the path's (2 with a body), 00022 `tm` out of window, 00023 a key
   * not bound to the session, an MD5 or signature that does not match (the sign data covers the
   * `paptrading` header when there is one), or a `uhti` used before.
   * With `clientOpen` false only the session is required.
   */
  requireSignedSession(c: Context): Promise<ActiveSession>;
}

export interface SignGuardDeps {
  db: Queryable;
  sessions: SessionGuard;
  /** GATEWAY_SIGN_CLIENT_OPEN. */
  clientOpen: boolean;
  /** @default CORE_SIGN_PATHS */
  paths?: Readonly<CoreSignPaths>;
  /** The server clock `tm` is judged by. @default Date.now */
  now?: () => number;
}

function refuse(c: Context, failure: SignFailure, message: string): never {
  c.header(HeaderName.gwSignError, failure);
  throw new RefusedError({
    status: SIGN_REFUSAL_STATUS,
    code: SIGN_FAILURE_CODES[failure],
    message,
  });
}

export function createSignGuard({
  db,
  sessions,
  clientOpen,
  paths = CORE_SIGN_PATHS,
  now = () => Date.now(),
}: SignGuardDeps): SignGuard {
  return {
    async requireSignedSession(c) {
      // SPEC 6: only a signed-in client signs, so a missing session is the first thing to say.
      const session = await sessions.requireSession(c);
      if (!clientOpen) return session;
      const configured = requiredSignMode(c.req.path, paths);
      if (configured === undefined) {
        throw new Error(`the sign guard guards ${c.req.path}, which the sign config does not list`);
      }

      const header = (name: string) => c.req.header(name) ?? '';
      const missing = SIGN_HEADERS.filter((name) => header(name) === '');
      if (missing.length > 0) refuse(c, 'missing', `missing sign header: ${missing.join(', ')}`);
      const signature = header(HeaderName.deviceSign);
      const md5 = header(HeaderName.deviceSignDataMd5);
      const publicKey = header(HeaderName.deviceSignKey);
      const tm = header(HeaderName.tm);
      const uhti = header(HeaderName.uhti);
      // Signed when present (protocol signData): it picks the real or the paper account (SPEC 4).
      const paptrading = header(HeaderName.paptrading);

      const mode = SIGN_MODE_VALUES[header(HeaderName.deviceSignMode)];
      if (mode === undefined) refuse(c, 'mode', `${HeaderName.deviceSignMode} must be 0, 1 or 2`);
      const body = await c.req.text();
      // SPEC 3: only mode 2 signs the body, so a request with one needs mode 2 whatever the path's.
      const required = body === '' ? configured : SignMode.withBody;
      if (mode < required) {
        refuse(
          c,
          'mode',
          `${c.req.path} needs sign mode ${required}${body ? ' (it has a body)' : ''}`,
        );
      }
      if (!isSignTimeFresh(tm, now())) {
        refuse(c, 'expired', `${HeaderName.tm} is outside the signature window of the server time`);
      }
      if (uhti.length > MAX_UHTI_LENGTH) {
        refuse(c, 'uhti', `${HeaderName.uhti} is longer than ${MAX_UHTI_LENGTH} characters`);
      }

      const algorithm = await sessionKeyAlgorithm(db, session.sessionId, publicKey);
      const key = algorithm && parseClientPublicKey(publicKey, algorithm);
      if (!key) {
        refuse(c, 'key', `${HeaderName.deviceSignKey} is not a key bound to this session`);
      }
      const verdict = checkRequestSignature(
        { mode, parts: { path: requestTarget(c), tm, uhti, body, paptrading }, md5, signature },
        key,
      );
      if (verdict === 'md5') {
        refuse(c, 'md5', `${HeaderName.deviceSignDataMd5} does not match the request`);
      }
      if (verdict === 'signature') {
        refuse(c, 'signature', `${HeaderName.deviceSign} does not verify for this request`);
      }
      // Last, so only a request that verified can use up its uhti.
      const expiry = traceIdExpiry(tm) ?? now();
      if (!(await claimTraceId(db, session.userId, uhti, expiry))) {
        refuse(c, 'replay', `${HeaderName.uhti} was used before: a request is signed once`);
      }
      return session;
    },
  };
}
