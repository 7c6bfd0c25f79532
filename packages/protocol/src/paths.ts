/**
 * Call paths (SPEC.md section 7) and the page-path lists: login encryption, simulation trade and
 * the inscription pages (SPEC.md section 2). Data and pure functions only.
 */
import { splitPathPrefix } from './languages';
import { TrackingId } from './registry';

/** Every call of SPEC.md section 7, with the leading slash the spec's table sometimes omits. */
export const ApiPath = {
  gatewaySignConfig: '/v1/mix/config/gatewaySignConfig',
  cspSecurity: '/v1/buried/log/cspSecurity',
  usdtRate: '/v1/mix/public/usdtRate',
  userInfo: '/v1/user/overview/userinfo',
  logout: '/v1/user/logout',
  btapiLogout: '/btapi/common/logout',
  clearCookie: '/v1/user/public/clearCookie',
  coinChainList: '/v1/spot/public/getCoinChainList',
  domainConfigList: '/v1/mix/system/getDomainConfigList',
  captchaId: '/v1/security/policy/captcha/get-captcha-id',
  captchaCheck: '/v1/security/policy/captcha/check-captcha',
  inscriptionListByPage: '/v1/cms/inscription/listByPage',
  inscriptionDetail: '/v1/cms/inscription/detail',
  inscriptionInfo: '/v1/cms/inscription/inscriptionInfo',
  inscriptionHot: '/v1/cms/inscription/hotInscription',
  inscriptionRelatedRunesToken: '/v1/cms/inscription/relatedRunesToken',
  inscriptionSearch: '/v1/cms/inscription/search',
  seoTradesPriceHistory: '/v1/cms/seo/inscription/trades/priceHistory',
  seoTradesOwners: '/v1/cms/seo/inscription/trades/owners',
  seoTradesActivity: '/v1/cms/seo/inscription/trades/activity',
  indexLeaderboard: '/v1/mix/market/indexLeaderboard-get',
  cryptoListBySymbol: '/v1/cms/crypto/getCryptoListBySymbol',
  tdkMltQueryList: '/v1/mix/public/getTdkMltQueryList',
  /** Served under the config base (SPEC.md section 7). */
  clientCommonConfig: '/v1/mix/public/clientCommonConfig',
  /** Served under the report base (SPEC.md section 7). */
  buriedLogInfo: '/v1/buried/log/info',
  /** Ours: what was tracked, for operators (issue 7: a view of the ingested events). */
  trackingOverview: '/v1/buried/log/overview',
  /** Ours: the stored events of one device, for operators following a visitor's journey. */
  trackingEvents: '/v1/buried/log/events',
  /** Ours: operators turn event uploading on or off (the config's eventLogUploadSwitch). */
  trackingUploadSwitch: '/v1/buried/log/uploadSwitch',

  // Login and registration (SPEC.md section 7, "Login and registration encryption").
  // The spec names /v1/user/login, /v1/user/agency/login and describes the rest: the concrete
  // names below for the described ones are ours.
  login: '/v1/user/login',
  agencyLogin: '/v1/user/agency/login',
  verifyLogin: '/v1/user/verifyLogin',
  /** Ours: another e-mailed or texted code for a sign-in from a new device (its ticket). */
  resendLoginCode: '/v1/user/verifyLogin/resendCode',
  agencyVerifyLogin: '/v1/user/agency/verifyLogin',
  verifySystemLogin: '/v1/user/verifySystemLogin',
  registerMobile: '/v1/user/register/mobile',
  registerEmail: '/v1/user/register/email',
  registerMobileAndEmail: '/v1/user/register/mobileAndEmail',
  /**
   * Ours: sends a registration's verification code to an e-mail address or a mobile number
   * (protocol `verification.ts`). Its reply is the same whether or not the address is registered.
   */
  sendVerifyCode: '/v1/user/public/sendVerifyCode',
  appleRegister: '/v1/user/third/apple/register',
  appleCheck: '/v1/user/third/apple/check',
  appleBind: '/v1/user/third/apple/bind',
  appleSign: '/v1/user/third/apple/sign',
  googleRegister: '/v1/user/third/google/register',
  googleCheck: '/v1/user/third/google/check',
  googleBind: '/v1/user/third/google/bind',
  googleSign: '/v1/user/third/google/sign',
  walletRegister: '/v1/user/third/wallet/register',
  walletCheck: '/v1/user/third/wallet/check',
  walletBind: '/v1/user/third/wallet/bind',
  walletSign: '/v1/user/third/wallet/sign',
  telegramRegister: '/v1/user/third/telegram/register',
  telegramCheck: '/v1/user/third/telegram/check',
  telegramBind: '/v1/user/third/telegram/bind',
  telegramSign: '/v1/user/third/telegram/sign',
  /**
   * Ours (SPEC 7 shows no such call): the single-use nonce a Sign-In with Ethereum message must
   * carry, issued by the gateway before the wallet signs (protocol `third-party.ts`).
   */
  walletNonce: '/v1/user/third/wallet/nonce',
  /**
   * Ours: removes a bound wallet from the signed-in account (signed core call; SPEC 7 names bind
   * but no unbind). Refused when it would leave the account no way in.
   */
  walletUnbind: '/v1/user/third/wallet/unbind',
  /**
   * Ours (SPEC 7 shows no such call): where Telegram's login page is and the site's bot id, which
   * the page needs to open it (protocol `third-party.ts` TelegramRule).
   */
  telegramConfig: '/v1/user/third/telegram/config',
  /** Ours: removes a bound Telegram account from the signed-in account, as walletUnbind. */
  telegramUnbind: '/v1/user/third/telegram/unbind',
  /**
   * Ours (SPEC 7 shows no such call): starts a sign-in with Google or Apple (OpenID Connect),
   * answering where to send the person; the gateway keeps the state, nonce and PKCE verifier.
   */
  googleAuthorize: '/v1/user/third/google/authorize',
  appleAuthorize: '/v1/user/third/apple/authorize',
  /** Ours: removes a bound Google or Apple account from the signed-in account. */
  googleUnbind: '/v1/user/third/google/unbind',
  appleUnbind: '/v1/user/third/apple/unbind',
  /** Ours: the third-party identities bound to the signed-in account (signed core call). */
  thirdPartyList: '/v1/user/third/list',
  subAccountCreate: '/v1/user/subAccount/create',
  subAccountList: '/v1/user/subAccount/list',
  subAccountSwitch: '/v1/user/subAccount/switch',
  subAccountSwitchBack: '/v1/user/subAccount/switchBack',
  // Not in SPEC 7: the core calls request signing protects (issue: asset overview and the API-key
  // page of SPEC 2's account/newapi).
  assetOverview: '/v1/asset/overview',
  apiKeyList: '/v1/user/apiKey/list',
  apiKeyCreate: '/v1/user/apiKey/create',
  apiKeyDelete: '/v1/user/apiKey/delete',
  // Not in SPEC 7: the account page's recent sign-ins (the spec's "devices" page path suggests it).
  deviceList: '/v1/user/device/list',
  // Ours: the authenticator app of the security page (protocol `authenticator.ts`), signed core
  // calls; binding and unbinding carry a code, so their bodies are login-encrypted too.
  authenticatorSetup: '/v1/user/security/google/setup',
  authenticatorBind: '/v1/user/security/google/bind',
  authenticatorUnbind: '/v1/user/security/google/unbind',
  /**
   * Ours: changes the password, given the current one (and the authenticator's code when one is
   * linked): a signed core call whose body is login-encrypted.
   */
  changePassword: '/v1/user/security/changePassword',
  /** Ours: the account's latest sign-in attempts (signed core call). */
  signInHistory: '/v1/user/security/signInHistory',
  /** Ours: sign one device out, or every device but this one (signed core calls). */
  deviceSignOut: '/v1/user/security/device/signOut',
  deviceSignOutOthers: '/v1/user/security/device/signOutOthers',
  /** Ours: sets or clears the anti-phishing code every e-mail shows (signed core call). */
  antiPhishingSet: '/v1/user/security/antiPhishing',
  /**
   * Ours: passkeys (WebAuthn) on the security page, signed core calls; asking to add one and
   * removing one take the current password (and the app's code), adding one carries the
   * authenticator's response (`fidoVerifyCode`), so those bodies are login-encrypted too.
   */
  passkeyRegisterOptions: '/v1/user/security/passkey/registerOptions',
  passkeyRegister: '/v1/user/security/passkey/register',
  passkeyList: '/v1/user/security/passkey/list',
  passkeyRemove: '/v1/user/security/passkey/remove',
  /** Ours: a challenge for signing in with a passkey alone (then `verifySystemLogin`). */
  passkeyOptions: '/v1/user/passkey/options',
  /**
   * Ours: changing the account's e-mail or mobile number (signed, login-encrypted core calls): a
   * code to the current address and one to the new, then the change with both and the factors.
   */
  sendChangeCode: '/v1/user/security/sendChangeCode',
  changeEmail: '/v1/user/security/changeEmail',
  changeMobile: '/v1/user/security/changeMobile',
  qrKeyStatus: '/v1/user/getQrKeyStatus',
  crossTerminalLoginStatus: '/v1/user/getCrossTerminalLoginStatus',
} as const;

/** A call path of {@link ApiPath}. */
export type ApiPath = (typeof ApiPath)[keyof typeof ApiPath];

/** Every call path starts with one of these (SPEC.md section 7). */
export const API_PATH_PREFIXES = ['/v1/', '/btapi/'] as const;

/**
 * Adds the leading slash the spec's table sometimes omits. Absolute URLs and the empty path are
 * returned unchanged (the wrapper rejects an empty path with 'wrong api name!', SPEC.md section 5).
 *
 * @example
 * normaliseApiPath('v1/user/logout'); // '/v1/user/logout'
 */
export function normaliseApiPath(path: string): string {
  if (path === '' || path.startsWith('/') || /^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return path;
  return `/${path}`;
}

/** The pathname of a call path: leading slash added, query and hash dropped. */
function callPathname(path: string): string {
  return normaliseApiPath(path.split(/[?#]/, 1)[0] ?? '');
}

/** The calls that make an account: by e-mail, mobile or both, and with each third party. */
export const registrationPaths: readonly string[] = [
  ApiPath.registerMobile,
  ApiPath.registerEmail,
  ApiPath.registerMobileAndEmail,
  ApiPath.walletRegister,
  ApiPath.telegramRegister,
  ApiPath.googleRegister,
  ApiPath.appleRegister,
];

// ---------------------------------------------------------------------------------------------
// Login and registration encryption (SPEC.md section 7)

/** The paths whose bodies are encrypted (SPEC.md section 7), as exact pathnames. */
export const loginEncryptionPaths: readonly string[] = [
  ApiPath.login,
  ApiPath.agencyLogin,
  ApiPath.verifyLogin,
  ApiPath.resendLoginCode,
  ApiPath.agencyVerifyLogin,
  ApiPath.verifySystemLogin,
  ApiPath.registerMobile,
  ApiPath.registerEmail,
  ApiPath.registerMobileAndEmail,
  ApiPath.appleRegister,
  ApiPath.appleCheck,
  ApiPath.appleBind,
  ApiPath.appleSign,
  ApiPath.googleRegister,
  ApiPath.googleCheck,
  ApiPath.googleBind,
  ApiPath.googleSign,
  ApiPath.walletRegister,
  ApiPath.walletCheck,
  ApiPath.walletBind,
  ApiPath.walletSign,
  ApiPath.telegramRegister,
  ApiPath.telegramCheck,
  ApiPath.telegramBind,
  ApiPath.telegramSign,
  // Ours: unbinding carries the current password (and the app's code).
  ApiPath.walletUnbind,
  ApiPath.telegramUnbind,
  ApiPath.googleUnbind,
  ApiPath.appleUnbind,
  ApiPath.subAccountSwitch,
  ApiPath.subAccountSwitchBack,
  ApiPath.qrKeyStatus,
  ApiPath.crossTerminalLoginStatus,
  // Ours, beyond SPEC 7's list: the calls of the security page that carry an authenticator code.
  ApiPath.authenticatorBind,
  ApiPath.authenticatorUnbind,
  ApiPath.changePassword,
  ApiPath.passkeyRegisterOptions,
  ApiPath.passkeyRegister,
  ApiPath.passkeyRemove,
  ApiPath.sendChangeCode,
  ApiPath.changeEmail,
  ApiPath.changeMobile,
];

/**
 * The body fields encrypted into `bodyCiphertext`: SPEC.md section 7's list, then ours (the new
 * password of a change of password, which must never travel in clear either).
 */
export const encryptedLoginFields = [
  'loginName',
  'pwd',
  'areaCode',
  'mobile',
  'email',
  'verifyCode',
  'rePwd',
  'emailCode',
  'mobileCode',
  'googleCode',
  'serialNO',
  'signature',
  'publicAddress',
  'token',
  'userId',
  'qrcodeKey',
  'fidoVerifyCode',
  'initData',
  'id',
  // Ours.
  'newPwd',
  // The Sign-In with Ethereum message names the wallet's address: it travels encrypted as the
  // address does.
  'siweMessage',
] as const;

/** A field encrypted on the login paths. */
export type EncryptedLoginField = (typeof encryptedLoginFields)[number];

/** Fields an encrypted login body adds (SPEC.md section 7). */
export const EncryptedBodyField = {
  bodyCiphertext: 'bodyCiphertext',
  algorithm: 'algorithm',
  publicKey: 'publicKey',
  initSign: 'initSign',
} as const;

const loginEncryptionPathSet: ReadonlySet<string> = new Set(loginEncryptionPaths);

/**
 * Whether a call's body is encrypted: an exact match of {@link loginEncryptionPaths}, after the
 * leading slash is added and query or hash dropped.
 *
 * @example
 * isLoginEncryptionPath('v1/user/login?x=1'); // true
 * isLoginEncryptionPath('/v1/user/loginx'); // false
 */
export function isLoginEncryptionPath(path: string): boolean {
  return loginEncryptionPathSet.has(callPathname(path));
}

// ---------------------------------------------------------------------------------------------
// Simulation trade (SPEC.md section 2)

/**
 * Page-path prefixes allowed in simulation, spelled as SPEC.md section 2 lists them (without the
 * leading slash). An entry matches the path itself and any path below it, on segment boundaries.
 */
export const simulationAllowedPrefixes: readonly string[] = [
  'fee',
  'vip/detail',
  'vip/vipIntroduce',
  'account/newapi',
  'spot/',
  'futures/',
  'transac',
  'order/marginOrderInfo',
  'order/mcp',
  'record/exchange',
  'record/margin',
  'record/mcp',
  'subaccount/setting/antiphishing',
  'devices',
  // SPEC 2 "history and api": two entries.
  'history',
  'api',
  'modifyverification',
  'download',
  'proof-of-reserves',
  'protection-fund',
  'trade-spot',
  'trade-margin',
  'trade-swap',
  'trade-info',
  'trade-asset-order',
  'trade-asset',
];

// SPEC 2 "asset (plus asset/spot, asset/margin, asset/futures as exact matches)": we read asset as
// exact too, since as a prefix it would already cover the three and the parenthesis would say nothing.
/** Page paths allowed in simulation only as they are (a trailing slash is tolerated). */
export const simulationExactPaths: readonly string[] = [
  'asset',
  'asset/spot',
  'asset/margin',
  'asset/futures',
];

// SPEC 2's list has no sign-in page, yet a paper account belongs to a signed-in user and the
// landing pages ask visitors to log in: we read the list as the trading pages and also allow
// the pages that sign a visitor in (ours, kept apart from the spec's list).
/** Pages allowed in simulation beyond SPEC.md's list: those that sign a visitor in. */
export const simulationSignInPaths: readonly string[] = [
  'login',
  'register',
  'qr-login',
  'telegram-login',
  'oauth-return',
];

/**
 * The page Telegram's login page sends a person back to with its signed data (README
 * "Third-party sign-in"): it hands the data to the page that opened Telegram, or signs in itself.
 */
export const TELEGRAM_RETURN_PATH = '/telegram-login';

/**
 * Where Google and Apple send a person back (the redirect URI registered with each): one path
 * with no language prefix, since a provider takes only the URIs registered with it.
 */
export const OPENID_RETURN_PATH = '/oauth-return';

/** The page a signed-in phone opens from a login page's QR code, to confirm that sign-in. */
export const QR_LOGIN_CONFIRM_PATH = '/qr-login';
/** A QR sign-in key (its `key` query) and the waiting browser's token: 43 base64url characters. */
export const QR_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The markets a pair is traded in, each with its own trading page. */
export type TradingMarket = 'spot' | 'futures' | 'margin';

// SPEC 2 lists trade-margin among the pages allowed in simulation and no margin/ entry: we read
// it as the margin page's address while simulation is on (the same page, the paper account).
/** Where the margin page of a pair is while simulation is on. */
export const SIMULATION_MARGIN_PREFIX = '/trade-margin';

/**
 * The path of a pair's trading page (SPEC 2's landing pages show the spot and futures shapes; the
 * margin one is the header's, /margin/BTCUSDT, or /trade-margin/BTCUSDT while simulation is on).
 */
export const tradingPath = (market: TradingMarket, symbol: string, simulation = false) =>
  market === 'spot'
    ? `/spot/${symbol}`
    : market === 'futures'
      ? `/futures/usdt/${symbol}`
      : `${simulation ? SIMULATION_MARGIN_PREFIX : '/margin'}/${symbol}`;

// SPEC 2 names these pages (all allowed in simulation) without their screens: we read transac as
// the orders page, transac/{orderId} as a spot order's detail (under transac, so simulation allows
// it), order/marginOrderInfo?orderId= as a margin order's, and the records as the two ledgers.
/** The order and record pages of a trader. */
export const RecordPagePath = {
  orders: '/transac',
  spotTrades: '/record/exchange',
  marginRecords: '/record/margin',
  marginOrderDetail: '/order/marginOrderInfo',
  marginAssets: '/asset/margin',
} as const;

/** The detail page of one spot order. */
export const orderDetailPath = (orderId: string) =>
  `${RecordPagePath.orders}/${encodeURIComponent(orderId)}`;

/** The detail page of one margin order. */
export const marginOrderDetailPath = (orderId: string) =>
  `${RecordPagePath.marginOrderDetail}?orderId=${encodeURIComponent(orderId)}`;

// SPEC 2 lists order/mcp and record/mcp (both allowed in simulation) without their screens: we
// read them as copy trading's order page (a follower's follows and copied orders) and record page
// (a lead's profile, followers and shared profit). Discovery and the lead profiles are ours.
/** The copy-trading pages. */
export const CopyPagePath = {
  /** Lead traders, sorted and filtered (real leads: not a page SPEC 2 allows in simulation). */
  discovery: '/copy-trading',
  /** The follower's follows, copied orders and the leads to follow, real or paper. */
  orders: '/order/mcp',
  /** The lead's side: applying, followers and shared profit, real or paper. */
  records: '/record/mcp',
} as const;

// SPEC 2 lists `download` (allowed in simulation) without its screen: we read it as the page that
// installs the site as an app on the visitor's device (a web app manifest: no app store needed).
/** The page that installs the site as an app, with a QR code to open it on a phone. */
export const DOWNLOAD_PAGE_PATH = '/download';
/** The proof-of-reserves page (SPEC 2 `proof-of-reserves`). */
export const PROOF_OF_RESERVES_PATH = '/proof-of-reserves';
/** The protection fund's page (SPEC 2 `protection-fund`). */
export const PROTECTION_FUND_PATH = '/protection-fund';

// SPEC 2 lists `fee`, `vip/detail` and `vip/vipIntroduce` without their screens: we read them as
// the fee schedule, the visitor's own level, and the VIP programme's rules (README "Fees and VIP
// levels").
/** The fee and VIP pages. */
export const FeePagePath = {
  /** Maker and taker rates per product at every level. */
  schedule: '/fee',
  /** The signed-in account's level, volume, assets and progress. */
  vipDetail: '/vip/detail',
  /** How levels are reached and what each one pays. */
  vipIntroduce: '/vip/vipIntroduce',
} as const;
/** The API keys page (SPEC 2 `account/newapi`). */
export const API_KEYS_PAGE_PATH = '/account/newapi';
/** The web app manifest the pages link to. */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';

/** A lead trader's public profile page. */
export const leadProfilePath = (leadId: string) =>
  `${CopyPagePath.discovery}/${encodeURIComponent(leadId)}`;

/** An order id as the gateway makes them (a UUID) or a client may send: what a detail page takes. */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Default simulation landing pages (SPEC.md section 2). */
export const SIMULATION_LANDING = {
  spot: tradingPath('spot', 'BTCUSDT'),
  futures: tradingPath('futures', 'BTCUSDT'),
} as const;

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');
const simulationPrefixes = simulationAllowedPrefixes.map(trimSlashes);
const simulationExact: ReadonlySet<string> = new Set(
  [...simulationExactPaths, ...simulationSignInPaths].map(trimSlashes),
);

/**
 * Whether a page may be shown in simulation mode (SPEC.md section 2).
 *
 * The rule: drop query and hash, strip the optional language prefix (a locale code, `bg`, or
 * `bg` then a locale code), trim leading and trailing slashes, then the path is allowed when it
 * equals an exact entry, or equals a prefix entry or continues it with `/`. Matching is
 * case-sensitive. So `/spot` and `/spot/BTCUSDT` match `spot/`, `/spotx` does not; `/fee`
 * matches `fee`; `/asset` and `/asset/spot` are allowed, `/asset/spotx`, `/asset/withdraw` and
 * `/assets` are not.
 *
 * @example
 * isSimulationAllowedPath('/ja/futures/usdt/BTCUSDT'); // true
 * isSimulationAllowedPath('/markets'); // false
 */
export function isSimulationAllowedPath(pathname: string): boolean {
  const path = trimSlashes(splitPathPrefix(pathname).rest);
  if (simulationExact.has(path)) return true;
  return simulationPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

// ---------------------------------------------------------------------------------------------
// Inscription pages (SPEC.md section 2)

/** One inscription page and how its page view is labelled. */
export interface InscriptionPage {
  /** The unprefixed path; `{token}` stands for any token name. */
  path: string;
  /** The list tab the page opens, if it is a list page. */
  tab?: string;
  /** The tracking id of its page view. */
  trackingId: string;
}

// SPEC 2 gives b6055 only to /inscription/brc-20: the /page, /hot and /inProgress tabs show the
// same list, so we label their views b6055 too.
/** The five inscription paths with their tab and tracking id (SPEC.md section 2). */
export const inscriptionPages: readonly InscriptionPage[] = [
  { path: '/inscription/brc-20', tab: 'all', trackingId: TrackingId.brc20List },
  { path: '/inscription/brc-20/page', tab: 'all', trackingId: TrackingId.brc20List },
  { path: '/inscription/brc-20/hot', tab: 'hot', trackingId: TrackingId.brc20List },
  { path: '/inscription/brc-20/inProgress', tab: 'inscription', trackingId: TrackingId.brc20List },
  { path: '/inscription/brc-20/{token}', trackingId: TrackingId.brc20Token },
];

/** How a page view of an inscription page is labelled. */
export interface InscriptionPageView {
  tab?: string;
  trackingId: string;
  /** The token name of a token page, reported as `coin_name`. */
  coinName?: string;
}

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The page-view labels of an inscription page, or undefined for any other path. The language
 * prefix is stripped first; the token name is the fourth segment of the unprefixed path
 * (`/inscription/brc-20/{token}`, counting the empty one before the first slash), URI-decoded.
 *
 * @example
 * inscriptionPageView('/ja/inscription/brc-20/hot'); // { tab: 'hot', trackingId: 'b6055' }
 * inscriptionPageView('/inscription/brc-20/ordi'); // { trackingId: 'b6056', coinName: 'ordi' }
 */
export function inscriptionPageView(pathname: string): InscriptionPageView | undefined {
  const rest = splitPathPrefix(pathname).rest.replace(/\/+$/, '');
  const page = inscriptionPages.find((candidate) => candidate.tab && candidate.path === rest);
  if (page?.tab) return { tab: page.tab, trackingId: page.trackingId };
  const segments = rest.split('/');
  const token = segments[3];
  if (segments.length === 4 && segments[1] === 'inscription' && segments[2] === 'brc-20' && token) {
    return { trackingId: TrackingId.brc20Token, coinName: decodeSegment(token) };
  }
  return undefined;
}
