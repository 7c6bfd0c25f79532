/**
 * The calls the site makes through its request client (SPEC 7 wrapper), one entry each: method,
 * path from the path registries, and the zod schemas of the request (a POST's body, a GET's query)
 * and of the reply envelope's `data`. The client's `callEndpoint` validates both with them.
 *
 * NOTE: an entry names its schemas' module and loads it on first use (`schemas()`), so a page
 * that names an endpoint does not carry zod in its first load (DESIGN "Budgets"); the types are
 * known at compile time all the same.
 */
import type * as z from 'zod/mini';
import { ImagePath } from './images';
import { CopyPath, FeePath, ReservesPath, TradingPath } from './feature-paths';
import { ApiPath } from './paths';

/** The two methods of the request client (SPEC 7). */
export type EndpointMethod = 'GET' | 'POST';

/** A path of one of the registries: {@link ApiPath}, {@link TradingPath} or {@link ImagePath}. */
export type EndpointPath =
  | ApiPath
  | (typeof TradingPath)[keyof typeof TradingPath]
  | CopyPath
  | ReservesPath
  | FeePath
  | (typeof ImagePath)[keyof typeof ImagePath];

/** Whose data a call reads: anyone's alike, or the signed-in user's own. */
export type EndpointAccess = 'public' | 'user';

/** The schemas of one call. */
export interface EndpointSchemas<Request extends z.ZodMiniType, Reply extends z.ZodMiniType> {
  /** The body of a POST, the query of a GET. */
  readonly request: Request;
  /** The reply envelope's `data` on success. */
  readonly reply: Reply;
}

/** One call of the site: how it is sent and what it takes and answers. */
export interface Endpoint<
  Request extends z.ZodMiniType = z.ZodMiniType,
  Reply extends z.ZodMiniType = z.ZodMiniType,
> {
  readonly method: EndpointMethod;
  readonly path: EndpointPath;
  /**
   * `public`: the same reply for every visitor (rates, market data, content), so its queries need
   * not wait for the session; `user`: the signed-in user's own data, keyed by who asks.
   */
  readonly access: EndpointAccess;
  /** Loads the call's schemas (once; a failed load is tried again on the next call). */
  schemas(): Promise<EndpointSchemas<Request, Reply>>;
}

type SchemasOf<E extends Endpoint> = Awaited<ReturnType<E['schemas']>>;

/** What a caller passes: the request schema's input (defaults may be left out). */
export type EndpointRequest<E extends Endpoint> = z.input<SchemasOf<E>['request']>;

/** What a call resolves: the reply schema's output. */
export type EndpointReply<E extends Endpoint> = z.output<SchemasOf<E>['reply']>;

function endpoint<Module, Request extends z.ZodMiniType, Reply extends z.ZodMiniType>(
  method: EndpointMethod,
  path: EndpointPath,
  load: () => Promise<Module>,
  pick: (module: Module) => EndpointSchemas<Request, Reply>,
  access: EndpointAccess = 'user',
): Endpoint<Request, Reply> {
  let loaded: Promise<EndpointSchemas<Request, Reply>> | undefined;
  return {
    method,
    path,
    access,
    schemas: () =>
      (loaded ??= load()
        .then(pick)
        .catch((error: unknown) => {
          // A chunk that failed to load (a network blip) is asked for again next time.
          loaded = undefined;
          throw error;
        })),
  };
}

/** The names of a module's exports that are zod schemas. */
type SchemaName<Module> = {
  [Name in keyof Module]: Module[Name] extends z.ZodMiniType ? Name : never;
}[keyof Module];

/** A module's zod schemas by export name. */
type SchemaExports<Module> = { [Name in SchemaName<Module>]: Extract<Module[Name], z.ZodMiniType> };

/**
 * Makes the entries whose schemas one module exports: an entry names its request and reply
 * schemas by export name, checked against the module at compile time, and loads the module lazily.
 */
function endpointsIn<Module>(load: () => Promise<Module>) {
  // SchemaName admits only the exports that are schemas, so this view of the module is exact.
  const loadSchemas = load as () => Promise<SchemaExports<Module>>;
  return <Request extends SchemaName<Module>, Reply extends SchemaName<Module>>(
    method: EndpointMethod,
    path: EndpointPath,
    request: Request,
    reply: Reply,
    access: EndpointAccess = 'user',
  ) =>
    endpoint(method, path, loadSchemas, (s) => ({ request: s[request], reply: s[reply] }), access);
}

const account = endpointsIn(() => import('./schemas'));
// Only a signed-in visitor's session calls these: in its file (react session-store.ts).
const session = endpointsIn(
  () => import(/* webpackChunkName: "signed-session" */ './session-schemas'),
);
const transport = endpointsIn(() => import('./transport-schemas'));
const market = endpointsIn(() => import('./market-schemas'));
const trading = endpointsIn(() => import('./trading-schemas'));
const inscription = endpointsIn(() => import('./inscription'));
const verification = endpointsIn(() => import('./verification'));
const authenticator = endpointsIn(() => import('./authenticator'));
const qrLogin = endpointsIn(() => import('./qr-login'));
const passkeys = endpointsIn(() => import('./passkeys'));
const contactChange = endpointsIn(() => import('./contact-change'));
const copy = endpointsIn(() => import('./copy-trading-schemas'));
const reserves = endpointsIn(() => import('./reserves-schemas'));
const fees = endpointsIn(() => import('./fees-schemas'));
const thirdParty = endpointsIn(() => import('./third-party'));

/**
 * Every call the site makes through its request client, one a line (prettier would spread each
 * over seven).
 * @example
 * const keys = await callEndpoint(http, Endpoints.apiKeyList, {});
 */
// prettier-ignore
export const Endpoints = {
  // Shell, session and request layer (SPEC 3, 4, 7).
  usdtRate: transport('POST', ApiPath.usdtRate, 'usdtRateRequestSchema', 'usdtRateReplySchema', 'public'),
  domainConfigList: transport('GET', ApiPath.domainConfigList, 'emptyRequestSchema', 'domainConfigReplySchema', 'public'),
  gatewaySignConfig: transport('GET', ApiPath.gatewaySignConfig, 'emptyRequestSchema', 'gatewaySignConfigReplySchema', 'public'),
  userInfo: session('POST', ApiPath.userInfo, 'userInfoRequestSchema', 'userInfoReplySchema'),
  coinChainList: session('GET', ApiPath.coinChainList, 'emptyRequestSchema', 'coinChainListReplySchema'),
  coinIcons: transport('GET', ImagePath.coinIcons, 'emptyRequestSchema', 'coinIconsReplySchema', 'public'),
  cspSecurity: account('POST', ApiPath.cspSecurity, 'cspSecurityRequestSchema', 'emptyReplySchema'),
  captchaId: transport('POST', ApiPath.captchaId, 'captchaIdRequestSchema', 'captchaIdReplySchema'),
  captchaCheck: transport('POST', ApiPath.captchaCheck, 'captchaCheckRequestSchema', 'captchaCheckReplySchema'),
  logout: account('POST', ApiPath.logout, 'emptyRequestSchema', 'emptyReplySchema'),
  btapiLogout: account('POST', ApiPath.btapiLogout, 'emptyRequestSchema', 'emptyReplySchema'),
  clearCookie: account('POST', ApiPath.clearCookie, 'emptyRequestSchema', 'emptyReplySchema'),

  // Login and registration (README "Accounts and sessions").
  login: authenticator('POST', ApiPath.login, 'loginRequestSchema', 'loginReplySchema'),
  verifyLogin: authenticator('POST', ApiPath.verifyLogin, 'verifyLoginRequestSchema', 'sessionReplySchema'),
  resendLoginCode: authenticator('POST', ApiPath.resendLoginCode, 'resendLoginCodeRequestSchema', 'sendVerifyCodeReplySchema'),
  registerEmail: account('POST', ApiPath.registerEmail, 'registerEmailRequestSchema', 'sessionReplySchema'),
  registerMobile: account('POST', ApiPath.registerMobile, 'registerMobileRequestSchema', 'sessionReplySchema'),
  registerMobileAndEmail: account('POST', ApiPath.registerMobileAndEmail, 'registerMobileAndEmailRequestSchema', 'sessionReplySchema'),
  sendVerifyCode: verification('POST', ApiPath.sendVerifyCode, 'sendVerifyCodeRequestSchema', 'sendVerifyCodeReplySchema'),

  // The account pages.
  subAccountCreate: account('POST', ApiPath.subAccountCreate, 'subAccountCreateRequestSchema', 'subAccountSchema'),
  subAccountList: account('POST', ApiPath.subAccountList, 'emptyRequestSchema', 'subAccountListReplySchema'),
  subAccountSwitch: account('POST', ApiPath.subAccountSwitch, 'subAccountSwitchRequestSchema', 'sessionReplySchema'),
  subAccountSwitchBack: account('POST', ApiPath.subAccountSwitchBack, 'emptyRequestSchema', 'sessionReplySchema'),
  deviceList: account('POST', ApiPath.deviceList, 'emptyRequestSchema', 'deviceListReplySchema'),
  apiKeyList: account('POST', ApiPath.apiKeyList, 'emptyRequestSchema', 'apiKeyListReplySchema'),
  apiKeyCreate: account('POST', ApiPath.apiKeyCreate, 'apiKeyCreateRequestSchema', 'apiKeyCreateReplySchema'),
  apiKeyDelete: account('POST', ApiPath.apiKeyDelete, 'apiKeyDeleteRequestSchema', 'emptyReplySchema'),
  changePassword: account('POST', ApiPath.changePassword, 'changePasswordRequestSchema', 'securityChangeReplySchema'),
  signInHistory: account('POST', ApiPath.signInHistory, 'emptyRequestSchema', 'signInHistoryReplySchema'),
  deviceSignOut: account('POST', ApiPath.deviceSignOut, 'deviceSignOutRequestSchema', 'emptyReplySchema'),
  deviceSignOutOthers: account('POST', ApiPath.deviceSignOutOthers, 'emptyRequestSchema', 'deviceSignOutOthersReplySchema'),
  antiPhishingSet: account('POST', ApiPath.antiPhishingSet, 'antiPhishingRequestSchema', 'emptyReplySchema'),
  authenticatorSetup: authenticator('POST', ApiPath.authenticatorSetup, 'emptyRequestSchema', 'authenticatorSetupReplySchema'),
  authenticatorBind: authenticator('POST', ApiPath.authenticatorBind, 'authenticatorBindRequestSchema', 'authenticatorBindReplySchema'),
  authenticatorUnbind: authenticator('POST', ApiPath.authenticatorUnbind, 'authenticatorUnbindRequestSchema', 'emptyReplySchema'),
  passkeyRegisterOptions: passkeys('POST', ApiPath.passkeyRegisterOptions, 'passkeyRegisterOptionsRequestSchema', 'passkeyOptionsReplySchema'),
  passkeyRegister: passkeys('POST', ApiPath.passkeyRegister, 'passkeyRegisterRequestSchema', 'passkeySchema'),
  passkeyList: passkeys('POST', ApiPath.passkeyList, 'emptyRequestSchema', 'passkeyListReplySchema'),
  passkeyRemove: passkeys('POST', ApiPath.passkeyRemove, 'passkeyRemoveRequestSchema', 'emptyReplySchema'),
  passkeyOptions: passkeys('POST', ApiPath.passkeyOptions, 'emptyRequestSchema', 'passkeySignInOptionsReplySchema', 'public'),
  walletNonce: thirdParty('POST', ApiPath.walletNonce, 'emptyRequestSchema', 'walletNonceReplySchema', 'public'),
  walletCheck: thirdParty('POST', ApiPath.walletCheck, 'walletCheckRequestSchema', 'thirdPartyCheckReplySchema', 'public'),
  walletBind: thirdParty('POST', ApiPath.walletBind, 'walletBindRequestSchema', 'emptyReplySchema'),
  walletUnbind: thirdParty('POST', ApiPath.walletUnbind, 'walletUnbindRequestSchema', 'emptyReplySchema'),
  telegramConfig: thirdParty('POST', ApiPath.telegramConfig, 'emptyRequestSchema', 'telegramConfigReplySchema', 'public'),
  telegramCheck: thirdParty('POST', ApiPath.telegramCheck, 'telegramCheckRequestSchema', 'thirdPartyCheckReplySchema', 'public'),
  telegramBind: thirdParty('POST', ApiPath.telegramBind, 'telegramBindRequestSchema', 'emptyReplySchema'),
  telegramUnbind: thirdParty('POST', ApiPath.telegramUnbind, 'telegramUnbindRequestSchema', 'emptyReplySchema'),
  googleAuthorize: thirdParty('POST', ApiPath.googleAuthorize, 'emptyRequestSchema', 'openIdAuthorizeReplySchema', 'public'),
  googleCheck: thirdParty('POST', ApiPath.googleCheck, 'openIdProofSchema', 'thirdPartyCheckReplySchema', 'public'),
  googleBind: thirdParty('POST', ApiPath.googleBind, 'openIdBindRequestSchema', 'emptyReplySchema'),
  googleUnbind: thirdParty('POST', ApiPath.googleUnbind, 'openIdUnbindRequestSchema', 'emptyReplySchema'),
  appleAuthorize: thirdParty('POST', ApiPath.appleAuthorize, 'emptyRequestSchema', 'openIdAuthorizeReplySchema', 'public'),
  appleCheck: thirdParty('POST', ApiPath.appleCheck, 'openIdProofSchema', 'thirdPartyCheckReplySchema', 'public'),
  appleBind: thirdParty('POST', ApiPath.appleBind, 'openIdBindRequestSchema', 'emptyReplySchema'),
  appleUnbind: thirdParty('POST', ApiPath.appleUnbind, 'openIdUnbindRequestSchema', 'emptyReplySchema'),
  thirdPartyList: thirdParty('POST', ApiPath.thirdPartyList, 'emptyRequestSchema', 'thirdPartyListReplySchema'),
  sendChangeCode: contactChange('POST', ApiPath.sendChangeCode, 'sendChangeCodeRequestSchema', 'sendVerifyCodeReplySchema'),
  changeEmail: contactChange('POST', ApiPath.changeEmail, 'changeEmailRequestSchema', 'securityChangeReplySchema'),
  changeMobile: contactChange('POST', ApiPath.changeMobile, 'changeMobileRequestSchema', 'securityChangeReplySchema'),
  qrKeyStatus: qrLogin('POST', ApiPath.qrKeyStatus, 'qrKeyStatusRequestSchema', 'qrKeyStatusReplySchema', 'public'),
  crossTerminalLoginStatus: qrLogin('POST', ApiPath.crossTerminalLoginStatus, 'crossTerminalRequestSchema', 'crossTerminalReplySchema'),

  // Operators: the tracking overview page.
  trackingOverview: account('GET', ApiPath.trackingOverview, 'trackingOverviewQuerySchema', 'trackingOverviewReplySchema'),
  trackingUploadSwitch: account('POST', ApiPath.trackingUploadSwitch, 'trackingUploadSwitchSchema', 'trackingUploadSwitchSchema'),

  // Market data (public).
  ticker: market('GET', TradingPath.ticker, 'symbolQuerySchema', 'tickerSchema', 'public'),
  depth: market('GET', TradingPath.depth, 'depthQuerySchema', 'depthSchema', 'public'),
  trades: market('GET', TradingPath.trades, 'tradesQuerySchema', 'tradesReplySchema', 'public'),
  klines: market('GET', TradingPath.klines, 'klinesQuerySchema', 'klinesReplySchema', 'public'),

  // Trading (signed core calls of the account in use: real, or paper in simulation).
  balances: trading('POST', TradingPath.balances, 'balancesRequestSchema', 'balancesReplySchema'),
  openOrders: trading('POST', TradingPath.openOrders, 'orderListQuerySchema', 'ordersReplySchema'),
  orderHistory: trading('POST', TradingPath.orderHistory, 'orderListQuerySchema', 'ordersReplySchema'),
  fills: trading('POST', TradingPath.fills, 'fillsQuerySchema', 'fillsReplySchema'),
  orderDetail: trading('POST', TradingPath.orderDetail, 'orderDetailRequestSchema', 'orderDetailReplySchema'),
  positions: trading('POST', TradingPath.positions, 'ordersQuerySchema', 'positionsReplySchema'),
  placeOrder: trading('POST', TradingPath.placeOrder, 'placeOrderRequestSchema', 'orderReplySchema'),
  cancelOrder: trading('POST', TradingPath.cancelOrder, 'cancelOrderRequestSchema', 'orderReplySchema'),
  cancelAllOrders: trading('POST', TradingPath.cancelAllOrders, 'cancelAllRequestSchema', 'ordersReplySchema'),
  openPosition: trading('POST', TradingPath.openPosition, 'openPositionRequestSchema', 'positionReplySchema'),
  closePosition: trading('POST', TradingPath.closePosition, 'closePositionRequestSchema', 'positionReplySchema'),
  marginAccount: trading('POST', TradingPath.marginAccount, 'marginAccountQuerySchema', 'marginAccountReplySchema'),
  marginAccounts: trading('POST', TradingPath.marginAccounts, 'balancesRequestSchema', 'marginAccountsReplySchema'),
  marginTransfer: trading('POST', TradingPath.marginTransfer, 'marginTransferRequestSchema', 'marginAccountReplySchema'),
  marginBorrow: trading('POST', TradingPath.marginBorrow, 'marginLoanRequestSchema', 'marginAccountReplySchema'),
  marginRepay: trading('POST', TradingPath.marginRepay, 'marginLoanRequestSchema', 'marginAccountReplySchema'),
  marginPlaceOrder: trading('POST', TradingPath.marginPlaceOrder, 'marginOrderRequestSchema', 'marginOrderReplySchema'),
  marginCancelOrder: trading('POST', TradingPath.marginCancelOrder, 'orderDetailRequestSchema', 'marginOrderReplySchema'),
  marginOrders: trading('POST', TradingPath.marginOrders, 'marginOrdersQuerySchema', 'marginOrdersReplySchema'),
  marginOrderDetail: trading('POST', TradingPath.marginOrderDetail, 'orderDetailRequestSchema', 'marginOrderDetailReplySchema'),
  marginRecords: trading('POST', TradingPath.marginRecords, 'marginRecordsQuerySchema', 'marginRecordsReplySchema'),

  // Copy trading: the public leads, then the signed calls of the account in use.
  copyLeads: copy('GET', CopyPath.leads, 'leadsQuerySchema', 'leadsReplySchema', 'public'),
  copyLead: copy('GET', CopyPath.lead, 'leadQuerySchema', 'leadReplySchema', 'public'),
  copyApply: copy('POST', CopyPath.apply, 'applyLeadRequestSchema', 'leadReplySchema'),
  copyFollow: copy('POST', CopyPath.follow, 'followRequestSchema', 'followReplySchema'),
  copyStop: copy('POST', CopyPath.stop, 'stopFollowRequestSchema', 'followReplySchema'),
  copyFollows: copy('POST', CopyPath.follows, 'followsQuerySchema', 'followsReplySchema'),
  copyTrades: copy('POST', CopyPath.trades, 'copyTradesQuerySchema', 'copyTradesReplySchema'),
  copyLeading: copy('POST', CopyPath.leading, 'leadingRequestSchema', 'leadingReplySchema'),

  // Proof of reserves: the published snapshots, and the account's own proof.
  reserveSnapshots: reserves('GET', ReservesPath.snapshots, 'reserveSnapshotsQuerySchema', 'reserveSnapshotsReplySchema', 'public'),
  protectionFund: reserves('GET', ReservesPath.protectionFund, 'protectionFundQuerySchema', 'protectionFundReplySchema', 'public'),
  reserveProof: reserves('POST', ReservesPath.proof, 'reserveProofRequestSchema', 'reserveProofReplySchema'),

  // Fees and VIP levels: the public schedule, and the account's own level.
  feeSchedule: fees('GET', FeePath.schedule, 'feeScheduleQuerySchema', 'feeScheduleReplySchema', 'public'),
  feeLevel: fees('POST', FeePath.level, 'feeLevelRequestSchema', 'feeLevelReplySchema'),

  // Inscription pages, after their server-rendered first page.
  inscriptionSearch: inscription('POST', ApiPath.inscriptionSearch, 'inscriptionSearchRequestSchema', 'inscriptionSearchReplySchema', 'public'),
  seoTradesPriceHistory: inscription('POST', ApiPath.seoTradesPriceHistory, 'priceHistoryRequestSchema', 'priceHistoryReplySchema', 'public'),
  seoTradesOwners: inscription('POST', ApiPath.seoTradesOwners, 'tokenTableRequestSchema', 'ownersReplySchema', 'public'),
  seoTradesActivity: inscription('POST', ApiPath.seoTradesActivity, 'tokenTableRequestSchema', 'activityReplySchema', 'public'),
} as const;

/** The name of an entry of {@link Endpoints}. */
export type EndpointName = keyof typeof Endpoints;
