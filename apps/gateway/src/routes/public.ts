import { isLocaleCode } from '@exchange-web/protocol/languages';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  usdtRateRequestSchema,
  type ClientCommonConfigReply,
  type UsdtRateReply,
} from '@exchange-web/protocol/schemas';
import type { Database } from '../db/database';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope-response';
import { BadInputError } from '../http/errors';
import { readJsonBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import type { SessionGuard } from '../http/session-guard';

interface CurrencyRow {
  name: string;
  symbol: string;
  usdt_rate: string;
}

/** Calls anyone may make: rates and the client configuration (SPEC.md section 7). */
export function registerPublicRoutes(routes: Routes, db: Database, guard: SessionGuard) {
  routes.post(ApiPath.usdtRate, async (c) => {
    const { locale } = await readJsonBody(c, usdtRateRequestSchema);
    if (!isLocaleCode(locale)) throw new BadInputError(`locale: unsupported locale "${locale}"`);
    const rows = await db.query<CurrencyRow>(
      'SELECT name, symbol, usdt_rate FROM fiat_currencies ORDER BY sort_order, name',
    );
    const reply: UsdtRateReply = {
      supported: rows.map((row) => ({
        name: row.name.toUpperCase(),
        symbol: row.symbol,
        value: row.name.toUpperCase(),
      })),
      rates: Object.fromEntries(rows.map((row) => [row.name, Number(row.usdt_rate)])),
    };
    return ok(c, reply);
  });

  routes.get(ApiPath.clientCommonConfig, async (c) => {
    const [row] = await db.query<{ value: unknown }>(
      "SELECT value FROM client_config WHERE key = 'eventLogUploadSwitch'",
    );
    // SPEC 7: userId is the signed-in user's (the one it acts as, like user info); anonymous
    // callers and ended sessions get '' rather than an error.
    const session = await guard.optionalSession(c);
    const reply: ClientCommonConfigReply = {
      clientCommonConfig: {
        eventLogUploadSwitch: row?.value === true,
        userId: session?.actingUserId ?? '',
      },
      localVo: { ip: clientIp(c) },
    };
    return ok(c, reply);
  });
}
