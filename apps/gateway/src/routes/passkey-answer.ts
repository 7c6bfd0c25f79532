import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { HeaderName } from '@exchange-web/protocol/registry';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import type { RelyingParty } from '../accounts/passkeys';
import { requestOrigin } from '../http/csrf-guard';
import { RefusedError } from '../http/errors';

/**
 * The site a passkey call comes from: the page's origin (its `Origin`, which the CSRF guard has
 * already held to this site or an allowed one; else the address the request reached) and its host
 * as the RP ID. A passkey answers only the origin and RP ID it was made for.
 */
export function relyingPartyOf(c: Context): RelyingParty {
  const origin = c.req.header(HeaderName.origin) ?? requestOrigin(c);
  if (!origin) {
    throw new RefusedError({
      status: 400,
      code: GatewayCode.badRequest,
      message: 'the request names no host to act for',
    });
  }
  return { origin, id: new URL(origin).hostname };
}

export const passkeyInvalid = () =>
  new RefusedError({
    status: 400,
    code: AccountCode.passkeyInvalid,
    message:
      'fidoVerifyCode: the passkey could not be verified, or its challenge expired or was used',
  });

/**
 * `fidoVerifyCode` read as the authenticator's response JSON: an object with a string `id`, the
 * rest checked by the WebAuthn verification. Anything else answers 40001.
 */
export function readFidoResponse<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(
  text: string,
): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    typeof (parsed as { id?: unknown }).id !== 'string' ||
    typeof (parsed as { response?: unknown }).response !== 'object'
  ) {
    throw new RefusedError({
      status: 400,
      code: GatewayCode.validationFailed,
      message: "fidoVerifyCode: expected the authenticator's response as JSON",
    });
  }
  return parsed as T;
}
