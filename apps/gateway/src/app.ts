import { randomBytes } from 'node:crypto';
import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { IMAGE_PATH_PREFIX } from '@exchange-web/protocol/images';
import { HeaderName, RequestLimit } from '@exchange-web/protocol/registry';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SessionStore } from './accounts/sessions';
import { ChallengeStore } from './challenge/challenges';
import { ChallengeHmacKey } from './challenge/hmac-key';
import { DEFAULT_APP_CONFIG, type AppConfig } from './config';
import type { Database } from './db/database';
import { createChallengeGuard } from './http/challenge-guard';
import { trustProxies } from './http/client-ip';
import { fail, ok } from './http/envelope-response';
import { isRefusedError } from './http/errors';
import { csrfGuard } from './http/csrf-guard';
import { requestTargetGuard } from './http/request-target';
import { ipRateLimit, sessionRateLimit } from './http/rate-limit';
import { createLoginBodyReader } from './http/read-login-body';
import { Routes } from './http/routes';
import { createSessionGuard } from './http/session-guard';
import { createSignGuard } from './http/sign-guard';
import { SignedRoutes } from './http/signed-routes';
import { registerAccountRoutes } from './routes/accounts';
import { registerAntiPhishingRoute } from './routes/anti-phishing';
import { registerApiKeyRoutes } from './routes/api-keys';
import { registerDeviceRoutes } from './routes/devices';
import { registerPasswordRoute } from './routes/password';
import { registerQrLoginRoutes } from './routes/qr-login';
import { registerPasskeyRoutes } from './routes/passkeys';
import { registerThirdPartyRoutes } from './routes/third-party';
import { registerContactChangeRoutes } from './routes/contact-change';
import { registerAuthenticatorRoutes } from './routes/authenticator';
import { registerCaptchaRoutes } from './routes/captcha';
import { registerAssetRoutes } from './routes/assets';
import { registerCoinRoutes } from './routes/coins';
import { registerCspRoutes } from './routes/csp';
import { registerImageRoutes } from './routes/images';
import { registerInscriptionRoutes } from './routes/inscription';
import { registerPublicRoutes } from './routes/public';
import { registerSessionRoutes } from './routes/sessions';
import { registerSignConfigRoutes } from './routes/sign-config';
import { registerMarketRoutes } from './routes/market';
import { registerSubAccountRoutes } from './routes/sub-accounts';
import { registerTrackingRoutes } from './routes/tracking';
import { registerCopyRoutes } from './routes/copy';
import { registerFeeRoutes } from './routes/fees';
import { FeeLevels } from './fees/levels';
import { registerReservesRoutes } from './routes/reserves';
import { registerMarginRoutes, registerTradingRoutes } from './routes/trading';
import { registerVerificationRoutes } from './routes/verification';
import { createDeliveries } from './messaging/deliveries';
import { ServerKeyStore } from './signing/server-keys';
import { Authenticators } from './accounts/authenticator';
import { SecretBox } from './accounts/secret-box';
import { loadTrustRoot, type TrustRoot } from './signing/trust-root';
import { UploadSwitch } from './tracking/upload-switch';
import { SimulatedMarket } from './market/price-model';
import { ReservesEngine } from './reserves/engine';
import { ProtectionFund } from './reserves/fund';
import { CopyEngine } from './trading/copy';
import { TradingEngine } from './trading/engine';
import { MarginEngine } from './trading/margin';

/** Bodies over 1 MiB are refused before they are read (README "Security"). */
const MAX_BODY_BYTES = RequestLimit.maxBodyBytes;

/** The calls counted on a limit of their own (or not at all): the public limit skips them. */
const OWN_LIMIT_PATHS: ReadonlySet<string> = new Set([
  ApiPath.btapiLogout,
  ApiPath.cspSecurity,
  ApiPath.captchaId,
  ApiPath.captchaCheck,
  ApiPath.buriedLogInfo,
  '/healthz',
]);

/**
 * Whether a request is counted on a limit of its own: the account calls, the calls above, and
 * the image files (static and cacheable; a CDN serves them in production).
 */
const hasOwnLimit = (path: string) =>
  OWN_LIMIT_PATHS.has(path) || path.startsWith('/v1/user/') || path.startsWith(IMAGE_PATH_PREFIX);

export interface GatewayDeps {
  db: Database;
  /** Sessions, throttling, rate limits, signing, human verification. @default DEFAULT_APP_CONFIG */
  config?: AppConfig;
  /** The trust root that signs server keys. @default read from config.signTrustKeyFile */
  trustRoot?: TrustRoot;
  /** Where unexpected errors are reported; the caller never sees their details. */
  logError?: (error: unknown) => void;
  /** Where notable but expected events are reported (plaintext logins). @default console.warn */
  logWarning?: (message: string) => void;
  /**
   * Seals stored secrets (authenticator keys). @default a key of this process alone, for tests
   * that make an app in process; `startGateway` passes the configured one.
   */
  secretBox?: SecretBox;
}

/** The gateway's HTTP application, free of any server so tests can call it in process too. */
export function createApp({
  db,
  config = DEFAULT_APP_CONFIG,
  trustRoot = loadTrustRoot(config.signTrustKeyFile),
  logError = console.error,
  logWarning = (message) => console.warn(message),
  secretBox = new SecretBox(randomBytes(SecretBox.KEY_BYTES)),
}: GatewayDeps): Hono {
  const app = new Hono();
  // First, so every address read below (rate limits, throttles, events) sees through the proxies.
  app.use('*', trustProxies(config.trustedProxies));
  // A malformed query is refused before any route, whether or not the route reads one.
  app.use('*', requestTargetGuard());

  // SPEC 7: every reply carries the server time so clients correct their clock; and none may be
  // sniffed into another type than it says (README "Security").
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set(HeaderName.requestTime, String(Date.now()));
    c.res.headers.set('x-content-type-options', 'nosniff');
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        // The rest of the body is never read, so the connection cannot carry another request.
        c.header('connection', 'close');
        return fail(
          c,
          413,
          GatewayCode.payloadTooLarge,
          `request body is larger than ${MAX_BODY_BYTES} bytes`,
        );
      },
    }),
  );
  // CSRF: state-changing calls are JSON from an allowed origin, before anything else reads them.
  app.use('*', csrfGuard(config.allowedOrigins));
  // Every call is counted per client address (each count is one database write, shared by every
  // gateway): the public calls on one counter, the others on their own below. A signed-in
  // session is also counted on its own, whatever its address.
  app.use(
    '*',
    ipRateLimit(db, config.publicRateLimit, 'public', (c) => hasOwnLimit(c.req.path)),
  );
  app.use('*', sessionRateLimit(db, config.sessionRateLimit));
  const rateLimit = ipRateLimit(db, config.accountRateLimit);
  app.use('/v1/user/*', rateLimit);
  app.use(ApiPath.btapiLogout, rateLimit);
  // CSP reports are public and written to the database: the same limit, on its own counter.
  app.use(ApiPath.cspSecurity, ipRateLimit(db, config.accountRateLimit, 'csp'));
  // The captcha calls too (each issued challenge is a row); they are never challenged themselves.
  const captchaRateLimit = ipRateLimit(db, config.accountRateLimit, 'captcha');
  app.use(ApiPath.captchaId, captchaRateLimit);
  app.use(ApiPath.captchaCheck, captchaRateLimit);
  // Event uploads are public and written to the database: a limit of their own, on its own counter.
  app.use(ApiPath.buriedLogInfo, ipRateLimit(db, config.trackingRateLimit, 'tracking'));
  // SPEC 4: past a burst, account calls answer 10021 (after the hard limit, before the handler).
  const challengeGuard = createChallengeGuard(db, config);
  app.use('/v1/user/*', challengeGuard.burst);

  const sessions = new SessionStore(db, config);
  const guard = createSessionGuard(sessions, config);
  const serverKeys = new ServerKeyStore(db, config);
  const loginBody = createLoginBodyReader({
    db,
    serverKeys,
    freshnessMs: config.loginFreshnessMs,
    plaintextAllowed: config.loginPlaintextAllowed,
    warn: logWarning,
  });
  const routes = new Routes(app);
  const signed = new SignedRoutes(
    routes,
    createSignGuard({ db, sessions: guard, clientOpen: config.signClientOpen }),
  );
  routes.get('/healthz', async (c) => {
    await db.query('SELECT 1');
    return ok(c, { status: 'ok', database: db.engine });
  });
  registerPublicRoutes(routes, db, guard);
  registerCoinRoutes(routes, db);
  registerImageRoutes(routes, config);
  registerInscriptionRoutes(routes, { db, imageDir: config.imageDir });
  registerSignConfigRoutes(routes, { serverKeys, trustRoot, config });
  registerCspRoutes(routes, db);
  registerTrackingRoutes(routes, { db, guard, uploadSwitch: new UploadSwitch(db), config });
  const challenges = new ChallengeStore(
    db,
    config,
    new ChallengeHmacKey(db, config.challengeHmacKey),
  );
  registerCaptchaRoutes(routes, { db, config, challenges, guard: challengeGuard });
  const authenticators = new Authenticators(db, secretBox);
  // E-mail and SMS: registration codes, and the alerts of security changes.
  const deliveries = createDeliveries(config);
  registerAccountRoutes(routes, {
    db,
    sessions,
    config,
    loginBody,
    challenges: challengeGuard,
    authenticators,
    deliveries,
    logWarning,
  });
  // Registration codes by e-mail and SMS (README "Accounts and sessions").
  registerVerificationRoutes(routes, {
    db,
    config,
    deliveries,
    challenges: challengeGuard,
    logWarning,
  });
  registerSessionRoutes(routes, { db, sessions, guard, config });
  registerSubAccountRoutes(routes, {
    db,
    sessions,
    guard,
    loginBody,
    maxSubAccounts: config.maxSubAccounts,
  });
  registerAssetRoutes(signed, db);
  registerApiKeyRoutes(signed, db, config.securityLockMs);
  const alerts = { db, deliveries, logWarning };
  registerAuthenticatorRoutes(signed, { db, authenticators, loginBody, config, alerts });
  registerAntiPhishingRoute(signed, alerts);
  registerDeviceRoutes(signed, { sessions, db });
  registerPasswordRoute(signed, { db, sessions, authenticators, loginBody, config, alerts });
  registerQrLoginRoutes(routes, signed, { db, sessions, config, loginBody });
  registerContactChangeRoutes(signed, {
    db,
    sessions,
    authenticators,
    loginBody,
    config,
    deliveries,
    alerts,
    logWarning,
  });
  registerPasskeyRoutes(routes, signed, {
    db,
    sessions,
    authenticators,
    loginBody,
    config,
    alerts,
  });
  registerThirdPartyRoutes(routes, signed, {
    db,
    sessions,
    authenticators,
    loginBody,
    challenges: challengeGuard,
    config,
    alerts,
  });
  // The simulated market and the trading engine (README "Simulated market and trading").
  const market = new SimulatedMarket(config.marketCycleMs);
  registerMarketRoutes(routes, { market, config });
  const engine = new TradingEngine(db, market);
  const copy = new CopyEngine(db, engine, config.copy);
  registerTradingRoutes(signed, engine, () => {
    copy.processSignals().catch(logError);
  });
  registerCopyRoutes(routes, signed, copy);
  registerReservesRoutes(
    routes,
    signed,
    new ReservesEngine(db, config.reserves),
    new ProtectionFund(db, config.reserves),
  );
  registerMarginRoutes(signed, new MarginEngine(db, market, config.margin));
  registerFeeRoutes(routes, signed, new FeeLevels(db, market));

  app.notFound((c) => {
    const methods = routes.methodsFor(c.req.path);
    if (methods) {
      c.header('allow', [...methods].join(', '));
      return fail(
        c,
        405,
        GatewayCode.methodNotAllowed,
        `${c.req.method} is not allowed on ${c.req.path}`,
      );
    }
    return fail(c, 404, GatewayCode.notFound, `no such call: ${c.req.method} ${c.req.path}`);
  });
  app.onError((error, c) => {
    if (isRefusedError(error)) {
      if (error.retryAfterSeconds !== undefined) {
        c.header('retry-after', String(error.retryAfterSeconds));
      }
      return fail(c, error.status, error.code, error.message, error.data);
    }
    logError(error);
    return fail(c, 500, GatewayCode.internalError, 'internal error');
  });
  return app;
}
