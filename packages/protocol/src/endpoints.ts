/**
 * The calls the site makes through its request client (SPEC 7 wrapper), one entry each: method,
 * path from the path registries, and the zod schemas of the request (a POST's body, a GET's query)
 * and of the reply envelope's `data`. The client's `callEndpoint` validates both with them.
 *
 * NOTE: an entry names its schemas' module and loads it on first use (`schemas()`), so a page
 * that names an endpoint does not carry zod in its first load (DESIGN "Budgets"); the types are
 * known at compile time all the same.
 */
import type * as z from 'zod';
import { ImagePath } from './images';
import { ApiPath } from './paths';
import { TradingPath } from './trading';

/** The two methods of the request client (SPEC 7). */
export type EndpointMethod = 'GET' | 'POST';

/** A path of one of the registries: {@link ApiPath}, {@link TradingPath} or {@link ImagePath}. */
export type EndpointPath =
  | ApiPath
  | (typeof TradingPath)[keyof typeof TradingPath]
  | (typeof ImagePath)[keyof typeof ImagePath];

/** Whose data a call reads: anyone's alike, or the signed-in user's own. */
export type EndpointAccess = 'public' | 'user';

/** The schemas of one call. */
export interface EndpointSchemas<Request extends z.ZodType, Reply extends z.ZodType> {
  /** The body of a POST, the query of a GET. */
  readonly request: Request;
  /** The reply envelope's `data` on success. */
  readonly reply: Reply;
}

/** One call of the site: how it is sent and what it takes and answers. */
export interface Endpoint<
  Request extends z.ZodType = z.ZodType,
  Reply extends z.ZodType = z.ZodType,
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

function endpoint<Module, Request extends z.ZodType, Reply extends z.ZodType>(
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

const accountSchemas = () => import('./schemas');
const tradingSchemas = () => import('./trading-schemas');
const inscriptionSchemas = () => import('./inscription');
const verificationSchemas = () => import('./verification');

/**
 * Every call the site makes through its request client.
 * @example
 * const keys = await callEndpoint(http, Endpoints.apiKeyList, {});
 */
export const Endpoints = {
  // Shell, session and request layer (SPEC 3, 4, 7).
  usdtRate: endpoint(
    'POST',
    ApiPath.usdtRate,
    accountSchemas,
    (s) => ({
      request: s.usdtRateRequestSchema,
      reply: s.usdtRateReplySchema,
    }),
    'public',
  ),
  domainConfigList: endpoint(
    'GET',
    ApiPath.domainConfigList,
    accountSchemas,
    (s) => ({
      request: s.emptyRequestSchema,
      reply: s.domainConfigReplySchema,
    }),
    'public',
  ),
  gatewaySignConfig: endpoint(
    'GET',
    ApiPath.gatewaySignConfig,
    accountSchemas,
    (s) => ({
      request: s.emptyRequestSchema,
      reply: s.gatewaySignConfigReplySchema,
    }),
    'public',
  ),
  userInfo: endpoint('POST', ApiPath.userInfo, accountSchemas, (s) => ({
    request: s.userInfoRequestSchema,
    reply: s.userInfoReplySchema,
  })),
  coinChainList: endpoint('GET', ApiPath.coinChainList, accountSchemas, (s) => ({
    request: s.emptyRequestSchema,
    reply: s.coinChainListReplySchema,
  })),
  coinIcons: endpoint(
    'GET',
    ImagePath.coinIcons,
    accountSchemas,
    (s) => ({
      request: s.emptyRequestSchema,
      reply: s.coinIconsReplySchema,
    }),
    'public',
  ),
  cspSecurity: endpoint('POST', ApiPath.cspSecurity, accountSchemas, (s) => ({
    request: s.cspSecurityRequestSchema,
    reply: s.emptyReplySchema,
  })),
  captchaId: endpoint('POST', ApiPath.captchaId, accountSchemas, (s) => ({
    request: s.captchaIdRequestSchema,
    reply: s.captchaIdReplySchema,
  })),
  captchaCheck: endpoint('POST', ApiPath.captchaCheck, accountSchemas, (s) => ({
    request: s.captchaCheckRequestSchema,
    reply: s.captchaCheckReplySchema,
  })),
  logout: endpoint('POST', ApiPath.logout, accountSchemas, (s) => ({
    request: s.emptyRequestSchema,
    reply: s.emptyReplySchema,
  })),
  btapiLogout: endpoint('POST', ApiPath.btapiLogout, accountSchemas, (s) => ({
    request: s.emptyRequestSchema,
    reply: s.emptyReplySchema,
  })),
  clearCookie: endpoint('POST', ApiPath.clearCookie, accountSchemas, (s) => ({
    request: s.emptyRequestSchema,
    reply: s.emptyReplySchema,
  })),

  // Login and registration (README "Accounts and sessions").
  login: endpoint('POST', ApiPath.login, accountSchemas, (s) => ({
    request: s.loginRequestSchema,
    reply: s.sessionReplySchema,
  })),
  registerEmail: endpoint('POST', ApiPath.registerEmail, accountSchemas, (s) => ({
    request: s.registerEmailRequestSchema,
    reply: s.sessionReplySchema,
  })),
  registerMobile: endpoint('POST', ApiPath.registerMobile, accountSchemas, (s) => ({
    request: s.registerMobileRequestSchema,
    reply: s.sessionReplySchema,
  })),
  registerMobileAndEmail: endpoint('POST', ApiPath.registerMobileAndEmail, accountSchemas, (s) => ({
    request: s.registerMobileAndEmailRequestSchema,
    reply: s.sessionReplySchema,
  })),
  sendVerifyCode: endpoint('POST', ApiPath.sendVerifyCode, verificationSchemas, (s) => ({
    request: s.sendVerifyCodeRequestSchema,
    reply: s.sendVerifyCodeReplySchema,
  })),

  // The account pages.
  subAccountCreate: endpoint('POST', ApiPath.subAccountCreate, accountSchemas, (s) => ({
    request: s.subAccountCreateRequestSchema,
    reply: s.subAccountSchema,
  })),
  subAccountList: endpoint('POST', ApiPath.subAccountList, accountSchemas, (s) => ({
    request: s.emptyRequestSchema,
    reply: s.subAccountListReplySchema,
  })),
  subAccountSwitch: endpoint('POST', ApiPath.subAccountSwitch, accountSchemas, (s) => ({
    request: s.subAccountSwitchRequestSchema,
    reply: s.sessionReplySchema,
  })),
  subAccountSwitchBack: endpoint('POST', ApiPath.subAccountSwitchBack, accountSchemas, (s) => ({
    request: s.emptyRequestSchema,
    reply: s.sessionReplySchema,
  })),
  deviceList: endpoint('POST', ApiPath.deviceList, accountSchemas, (s) => ({
    request: s.emptyRequestSchema,
    reply: s.deviceListReplySchema,
  })),
  apiKeyList: endpoint('POST', ApiPath.apiKeyList, accountSchemas, (s) => ({
    request: s.emptyRequestSchema,
    reply: s.apiKeyListReplySchema,
  })),
  apiKeyCreate: endpoint('POST', ApiPath.apiKeyCreate, accountSchemas, (s) => ({
    request: s.apiKeyCreateRequestSchema,
    reply: s.apiKeyCreateReplySchema,
  })),
  apiKeyDelete: endpoint('POST', ApiPath.apiKeyDelete, accountSchemas, (s) => ({
    request: s.apiKeyDeleteRequestSchema,
    reply: s.emptyReplySchema,
  })),

  // Operators: the tracking overview page.
  trackingOverview: endpoint('GET', ApiPath.trackingOverview, accountSchemas, (s) => ({
    request: s.trackingOverviewQuerySchema,
    reply: s.trackingOverviewReplySchema,
  })),
  trackingUploadSwitch: endpoint('POST', ApiPath.trackingUploadSwitch, accountSchemas, (s) => ({
    request: s.trackingUploadSwitchSchema,
    reply: s.trackingUploadSwitchSchema,
  })),

  // Market data (public).
  ticker: endpoint(
    'GET',
    TradingPath.ticker,
    tradingSchemas,
    (s) => ({
      request: s.symbolQuerySchema,
      reply: s.tickerSchema,
    }),
    'public',
  ),
  depth: endpoint(
    'GET',
    TradingPath.depth,
    tradingSchemas,
    (s) => ({
      request: s.depthQuerySchema,
      reply: s.depthSchema,
    }),
    'public',
  ),
  trades: endpoint(
    'GET',
    TradingPath.trades,
    tradingSchemas,
    (s) => ({
      request: s.tradesQuerySchema,
      reply: s.tradesReplySchema,
    }),
    'public',
  ),
  klines: endpoint(
    'GET',
    TradingPath.klines,
    tradingSchemas,
    (s) => ({
      request: s.klinesQuerySchema,
      reply: s.klinesReplySchema,
    }),
    'public',
  ),

  // Trading (signed core calls of the account in use: real, or paper in simulation).
  balances: endpoint('POST', TradingPath.balances, tradingSchemas, (s) => ({
    request: s.balancesRequestSchema,
    reply: s.balancesReplySchema,
  })),
  openOrders: endpoint('POST', TradingPath.openOrders, tradingSchemas, (s) => ({
    request: s.ordersQuerySchema,
    reply: s.ordersReplySchema,
  })),
  orderHistory: endpoint('POST', TradingPath.orderHistory, tradingSchemas, (s) => ({
    request: s.ordersQuerySchema,
    reply: s.ordersReplySchema,
  })),
  fills: endpoint('POST', TradingPath.fills, tradingSchemas, (s) => ({
    request: s.ordersQuerySchema,
    reply: s.fillsReplySchema,
  })),
  positions: endpoint('POST', TradingPath.positions, tradingSchemas, (s) => ({
    request: s.ordersQuerySchema,
    reply: s.positionsReplySchema,
  })),
  placeOrder: endpoint('POST', TradingPath.placeOrder, tradingSchemas, (s) => ({
    request: s.placeOrderRequestSchema,
    reply: s.orderReplySchema,
  })),
  cancelOrder: endpoint('POST', TradingPath.cancelOrder, tradingSchemas, (s) => ({
    request: s.cancelOrderRequestSchema,
    reply: s.orderReplySchema,
  })),
  openPosition: endpoint('POST', TradingPath.openPosition, tradingSchemas, (s) => ({
    request: s.openPositionRequestSchema,
    reply: s.positionReplySchema,
  })),
  closePosition: endpoint('POST', TradingPath.closePosition, tradingSchemas, (s) => ({
    request: s.closePositionRequestSchema,
    reply: s.positionReplySchema,
  })),

  // Inscription pages, after their server-rendered first page.
  inscriptionSearch: endpoint(
    'POST',
    ApiPath.inscriptionSearch,
    inscriptionSchemas,
    (s) => ({
      request: s.inscriptionSearchRequestSchema,
      reply: s.inscriptionSearchReplySchema,
    }),
    'public',
  ),
  seoTradesPriceHistory: endpoint(
    'POST',
    ApiPath.seoTradesPriceHistory,
    inscriptionSchemas,
    (s) => ({ request: s.priceHistoryRequestSchema, reply: s.priceHistoryReplySchema }),
    'public',
  ),
  seoTradesOwners: endpoint(
    'POST',
    ApiPath.seoTradesOwners,
    inscriptionSchemas,
    (s) => ({
      request: s.tokenTableRequestSchema,
      reply: s.ownersReplySchema,
    }),
    'public',
  ),
  seoTradesActivity: endpoint(
    'POST',
    ApiPath.seoTradesActivity,
    inscriptionSchemas,
    (s) => ({
      request: s.tokenTableRequestSchema,
      reply: s.activityReplySchema,
    }),
    'public',
  ),
} as const;

/** The name of an entry of {@link Endpoints}. */
export type EndpointName = keyof typeof Endpoints;
