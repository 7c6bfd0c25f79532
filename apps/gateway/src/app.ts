import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName } from '@exchange-web/protocol/registry';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SessionStore } from './accounts/sessions';
import { DEFAULT_ACCOUNTS_CONFIG, type AccountsConfig } from './config';
import type { Database } from './db/database';
import { fail, ok } from './http/envelope-response';
import { isRefusedError } from './http/errors';
import { ipRateLimit } from './http/rate-limit';
import { Routes } from './http/routes';
import { createSessionGuard } from './http/session-guard';
import { registerAccountRoutes } from './routes/accounts';
import { registerCoinRoutes } from './routes/coins';
import { registerPublicRoutes } from './routes/public';
import { registerSessionRoutes } from './routes/sessions';
import { registerSubAccountRoutes } from './routes/sub-accounts';

/** Bodies over 1 MiB are refused before they are read (issue: bad input). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface GatewayDeps {
  db: Database;
  /** Sessions, throttling and rate limits. @default DEFAULT_ACCOUNTS_CONFIG */
  config?: AccountsConfig;
  /** Where unexpected errors are reported; the caller never sees their details. */
  logError?: (error: unknown) => void;
}

/** The gateway's HTTP application, free of any server so tests can call it in process too. */
export function createApp({
  db,
  config = DEFAULT_ACCOUNTS_CONFIG,
  logError = console.error,
}: GatewayDeps): Hono {
  const app = new Hono();

  // SPEC 7: every reply carries the server time so clients correct their clock.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set(HeaderName.requestTime, String(Date.now()));
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
  // Only the account calls are rate limited: each count is a database write, and the public
  // calls (config, rates, coin list) are the hot path of every page load.
  const rateLimit = ipRateLimit(db, config.accountRateLimit);
  app.use('/v1/user/*', rateLimit);
  app.use(ApiPath.btapiLogout, rateLimit);

  const sessions = new SessionStore(db, config);
  const guard = createSessionGuard(sessions, config);
  const routes = new Routes(app);
  routes.get('/healthz', async (c) => {
    await db.query('SELECT 1');
    return ok(c, { status: 'ok', database: db.engine });
  });
  registerPublicRoutes(routes, db, guard);
  registerCoinRoutes(routes, db);
  registerAccountRoutes(routes, { db, sessions, config });
  registerSessionRoutes(routes, { db, sessions, guard, config });
  registerSubAccountRoutes(routes, { db, sessions, guard });

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
      return fail(c, error.status, error.code, error.message);
    }
    logError(error);
    return fail(c, 500, GatewayCode.internalError, 'internal error');
  });
  return app;
}
