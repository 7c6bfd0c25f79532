import { isApiError } from '@exchange-web/client/errors';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';

/** WebAuthn options as the gateway sent them: handed to the browser as they are. */
type OptionsJson = { challenge: string } & Record<string, unknown>;

/**
 * Asks the browser's passkey support (through @simplewebauthn/browser, loaded only now) to make
 * or use a passkey for these options, and answers the response as the text `fidoVerifyCode`
 * carries (protocol `passkeys.ts`).
 */
export async function passkeyAnswer(ceremony: 'create' | 'get', options: OptionsJson) {
  const webAuthn = await import('@simplewebauthn/browser');
  // The gateway made these options with @simplewebauthn/server, the JSON shape this side reads.
  const response =
    ceremony === 'create'
      ? await webAuthn.startRegistration({
          optionsJSON: options as unknown as Parameters<
            typeof webAuthn.startRegistration
          >[0]['optionsJSON'],
        })
      : await webAuthn.startAuthentication({
          optionsJSON: options as unknown as Parameters<
            typeof webAuthn.startAuthentication
          >[0]['optionsJSON'],
        });
  return JSON.stringify(response);
}

/** Whether this browser has passkey support at all (false while server rendering). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * The sentence for a failed passkey step: the browser's refusals by their name (the person
 * cancelled or waited too long; the device holds one already), then the gateway's by code.
 */
export function passkeyFailureKey(failure: unknown): MessageKey {
  if (isApiError(failure)) return errorMessageKey(failure);
  const name = failure instanceof Error ? failure.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'auth.passkeyCancelled';
  if (name === 'InvalidStateError') return 'auth.passkeyExists';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'auth.passkeyUnsupported';
  return errorMessageKey(failure);
}
