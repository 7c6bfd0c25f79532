import { GatewayCode } from '@exchange-web/protocol/codes';
import { HeaderName } from '@exchange-web/protocol/registry';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from './db/database';
import { fail, ok } from './http/envelope-response';
import { isBadInputError } from './http/errors';
import { Routes } from './http/routes';
import { registerPublicRoutes } from './routes/public';

/** Bodies over 1 MiB are refused before they are read (issue: bad input). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface GatewayDeps {
  db: Database;
  /** Where unexpected errors are reported; the caller never sees their details. */
  logError?: (error: unknown) => void;
}

/** The gateway's HTTP application, free of any server so tests can call it in process too. */
export function createApp({ db, logError = console.error }: GatewayDeps): Hono {
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

  const routes = new Routes(app);
  routes.get('/healthz', async (c) => {
    await db.query('SELECT 1');
    return ok(c, { status: 'ok', database: db.engine });
  });
  registerPublicRoutes(routes, db);

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
    if (isBadInputError(error)) return fail(c, error.status, error.code, error.message);
    logError(error);
    return fail(c, 500, GatewayCode.internalError, 'internal error');
  });
  return app;
}
