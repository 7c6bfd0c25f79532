import { ApiPath } from '@exchange-web/protocol/paths';
import type {
  SendVerifyCodeReply,
  SendVerifyCodeRequest,
} from '@exchange-web/protocol/verification';
import {
  VerifyChannel,
  VerifyCodeRule,
  VerifyScene,
} from '@exchange-web/protocol/verify-code-rule';

/** The three ways to register (SPEC 7: register/email, register/mobile, register/mobileAndEmail). */
export const registerPaths = {
  email: ApiPath.registerEmail,
  mobile: ApiPath.registerMobile,
  both: ApiPath.registerMobileAndEmail,
} as const;
export type RegisterKind = keyof typeof registerPaths;

/** The registration form's fields (one not shown for the chosen kind may be absent). */
export interface RegisterValues {
  email?: string;
  emailCode?: string;
  areaCode?: string;
  mobile?: string;
  mobileCode?: string;
  pwd: string;
  rePwd: string;
}

/** A code as the protocol takes it: exactly {@link VerifyCodeRule.length} digits. */
export const verifyCodePattern = new RegExp(`^\\d{${VerifyCodeRule.length}}$`);

/** The channels a registration kind proves, each by its own code. */
export const channelsOf = (kind: RegisterKind): readonly VerifyChannel[] =>
  kind === 'email'
    ? [VerifyChannel.email]
    : kind === 'mobile'
      ? [VerifyChannel.mobile]
      : [VerifyChannel.email, VerifyChannel.mobile];

/**
 * The payload of a registration kind: only the fields that kind takes, with the code of each
 * address it proves (the gateway refuses a registration without them, 21017).
 */
export function registerBody(kind: RegisterKind, values: RegisterValues) {
  const password = { pwd: values.pwd, rePwd: values.rePwd };
  // A code left empty is left out: the gateway then answers 21017, not a schema error.
  const code = (field: 'emailCode' | 'mobileCode', value: string | undefined) =>
    value?.trim() ? { [field]: value.trim() } : {};
  const email = { email: values.email?.trim() ?? '', ...code('emailCode', values.emailCode) };
  const mobile = {
    areaCode: values.areaCode?.trim() ?? '',
    mobile: values.mobile?.trim() ?? '',
    ...code('mobileCode', values.mobileCode),
  };
  if (kind === 'email') return { ...email, ...password };
  if (kind === 'mobile') return { ...mobile, ...password };
  return { ...email, ...mobile, ...password };
}

/** The sendVerifyCode payload of one channel, from the address or number typed in the form. */
export function sendCodeRequest(
  channel: VerifyChannel,
  values: Pick<RegisterValues, 'email' | 'areaCode' | 'mobile'>,
): SendVerifyCodeRequest {
  if (channel === VerifyChannel.email)
    return { scene: VerifyScene.register, channel, email: values.email?.trim() ?? '' };
  return {
    scene: VerifyScene.register,
    channel,
    areaCode: values.areaCode?.trim() ?? '',
    mobile: values.mobile?.trim() ?? '',
  };
}

/**
 * Where the code went, as the person typed it: the address, or the number in its login-name
 * form (`+81 9012345678`).
 */
export function codeTarget(request: SendVerifyCodeRequest): string {
  if (request.channel === VerifyChannel.email) return request.email;
  return `+${request.areaCode.replace(/^\+/, '')} ${request.mobile}`;
}

/** A whole number of seconds above zero, as the reply gives its timings. */
const isSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The reply's timings; a reply that does not read as one falls back to the protocol's rule, so
 * the page still says how long the code serves and when another may be asked. Read by hand, as
 * `sendVerifyCodeReplySchema` reads it (two whole positive numbers, nothing else), so the form
 * keeps zod out of its first load.
 */
export function readSendReply(data: unknown): SendVerifyCodeReply {
  if (typeof data === 'object' && data !== null) {
    const { expiresInSeconds, resendAfterSeconds, ...rest } = data as Record<string, unknown>;
    if (
      isSeconds(expiresInSeconds) &&
      isSeconds(resendAfterSeconds) &&
      Object.keys(rest).length === 0
    )
      return { expiresInSeconds, resendAfterSeconds };
  }
  return {
    expiresInSeconds: VerifyCodeRule.ttlSeconds,
    resendAfterSeconds: VerifyCodeRule.resendAfterSeconds,
  };
}

/** Whole seconds until `until` (ms), never below 0: what the resend button counts down. */
export const secondsUntil = (until: number, now: number): number =>
  Math.max(0, Math.ceil((until - now) / 1000));
