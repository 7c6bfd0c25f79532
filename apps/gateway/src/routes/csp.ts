import { ApiPath } from '@exchange-web/protocol/paths';
import { cspSecurityRequestSchema } from '@exchange-web/protocol/schemas';
import type { Queryable } from '../db/database';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope-response';
import { readJsonBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import { insertCspReport } from '../reports/csp-reports';

/** CSP violation reports of the site (SPEC 7 cspSecurity; DESIGN "Secure by default"). Public. */
export function registerCspRoutes(routes: Routes, db: Queryable) {
  routes.post(ApiPath.cspSecurity, async (c) => {
    const report = await readJsonBody(c, cspSecurityRequestSchema);
    await insertCspReport(db, report, {
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? '',
    });
    return ok(c, null);
  });
}
