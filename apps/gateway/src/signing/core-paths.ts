import { ApiPath } from '@exchange-web/protocol/paths';
import { SignMode } from '@exchange-web/protocol/registry';
import type { GatewaySignConfig } from '@exchange-web/protocol/schemas';
import { CopyPath } from '@exchange-web/protocol/copy-trading';
import { FeePath } from '@exchange-web/protocol/fees';
import { ReservesPath } from '@exchange-web/protocol/reserves';
import { TRADING_SIGNED_PREFIX, TradingPath } from '@exchange-web/protocol/trading';

/**
 * The core calls request signing protects, as the sign config announces them (SPEC 3 "Gateway
 * sign config"). NOTE: the same lists decide what the sign guard enforces (src/http/sign-guard.ts),
 * and a signed route whose path they do not cover fails at start (src/http/signed-routes.ts).
 */
export type CoreSignPaths = Pick<
  GatewaySignConfig,
  'exactUrls' | 'prefixUrls' | 'signModes' | 'userCheckDeviceUrl'
>;

/** The API-key family of calls: signed by prefix, so a call added to it is signed too. */
export const API_KEY_PREFIX = '/v1/user/apiKey/';

/** The trading calls: every one under the trading prefix (the market data calls are public). */
/** The security page's calls (README "Account security"). */
export const SECURITY_PREFIX = '/v1/user/security/';
const SECURITY_SIGNED_PATHS: readonly string[] = [
  ApiPath.authenticatorSetup,
  ApiPath.authenticatorBind,
  ApiPath.authenticatorUnbind,
  ApiPath.antiPhishingSet,
  ApiPath.deviceSignOut,
  ApiPath.deviceSignOutOthers,
  ApiPath.signInHistory,
  ApiPath.changePassword,
  ApiPath.passkeyRegisterOptions,
  ApiPath.passkeyRegister,
  ApiPath.passkeyList,
  ApiPath.passkeyRemove,
  ApiPath.walletBind,
  ApiPath.walletUnbind,
  ApiPath.telegramBind,
  ApiPath.telegramUnbind,
  ApiPath.googleBind,
  ApiPath.googleUnbind,
  ApiPath.appleBind,
  ApiPath.appleUnbind,
  ApiPath.thirdPartyList,
  ApiPath.sendChangeCode,
  ApiPath.changeEmail,
  ApiPath.changeMobile,
];

/**
 * Signed beyond the prefixes: a signed-in terminal's answer to a QR sign-in, which signs another
 * browser into the account (SPEC 7 puts it among the login paths, outside the security prefix).
 */
const QR_ANSWER_PATHS: readonly string[] = [ApiPath.crossTerminalLoginStatus];

/** The trading calls, copy trading's and the account's fee level among them, each signed. */
export const TRADING_SIGNED_PATHS: readonly string[] = [
  ...Object.values(TradingPath),
  ...Object.values(CopyPath),
  ...Object.values(FeePath),
].filter((path) => path.startsWith(TRADING_SIGNED_PREFIX));

// Every core call takes a JSON body, so each needs mode 2 (the body is signed). The protocol
// reads signModes as call path -> mode: each exact path is listed, and the prefix too, for a
// client that matches prefixes.
export const CORE_SIGN_PATHS: Readonly<CoreSignPaths> = {
  exactUrls: [
    ApiPath.assetOverview,
    ReservesPath.proof,
    ApiPath.apiKeyList,
    ApiPath.apiKeyCreate,
    ApiPath.apiKeyDelete,
    ...SECURITY_SIGNED_PATHS,
    ...QR_ANSWER_PATHS,
    ...TRADING_SIGNED_PATHS,
  ],
  prefixUrls: [API_KEY_PREFIX, SECURITY_PREFIX, TRADING_SIGNED_PREFIX],
  signModes: {
    [ApiPath.assetOverview]: SignMode.withBody,
    [ReservesPath.proof]: SignMode.withBody,
    [ApiPath.apiKeyList]: SignMode.withBody,
    [ApiPath.apiKeyCreate]: SignMode.withBody,
    [ApiPath.apiKeyDelete]: SignMode.withBody,
    [API_KEY_PREFIX]: SignMode.withBody,
    ...Object.fromEntries(SECURITY_SIGNED_PATHS.map((path) => [path, SignMode.withBody])),
    [SECURITY_PREFIX]: SignMode.withBody,
    ...Object.fromEntries(QR_ANSWER_PATHS.map((path) => [path, SignMode.withBody])),
    ...Object.fromEntries(TRADING_SIGNED_PATHS.map((path) => [path, SignMode.withBody])),
    [TRADING_SIGNED_PREFIX]: SignMode.withBody,
  },
  // The device check of SPEC 7 runs on the one login call the gateway serves.
  userCheckDeviceUrl: [ApiPath.login],
};

/**
 * The mode the sign config asks of a pathname: its own entry, else its longest listed prefix's;
 * undefined when the path is not signed. A listed path without a mode entry asks for mode 0.
 * @example requiredSignMode('/v1/user/apiKey/list') // 2
 * @example requiredSignMode('/v1/user/login') // undefined
 */
export function requiredSignMode(
  pathname: string,
  paths: Readonly<CoreSignPaths> = CORE_SIGN_PATHS,
): SignMode | undefined {
  if (paths.exactUrls.includes(pathname)) return paths.signModes[pathname] ?? SignMode.pathTime;
  const prefix = paths.prefixUrls
    .filter((candidate) => pathname.startsWith(candidate))
    .sort((a, b) => b.length - a.length)[0];
  if (prefix === undefined) return undefined;
  return paths.signModes[pathname] ?? paths.signModes[prefix] ?? SignMode.pathTime;
}
