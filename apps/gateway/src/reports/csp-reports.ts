import type { CspSecurityRequest } from '@exchange-web/protocol/schemas';
import type { Queryable } from '../db/database';

/** Where a report came from. */
export interface ReportOrigin {
  ip: string;
  userAgent: string;
}

/** Keeps one CSP violation report (table csp_reports). */
export async function insertCspReport(
  db: Queryable,
  report: CspSecurityRequest,
  origin: ReportOrigin,
): Promise<void> {
  await db.query(
    `INSERT INTO csp_reports (biz_type, event, reason, page, client_timestamp, client_ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      report.bizType,
      report.data.event,
      report.data.reason,
      report.page,
      report.timestamp,
      origin.ip.slice(0, 64),
      origin.userAgent.slice(0, 512),
    ],
  );
}

/** How long CSP reports are kept (ours: SPEC is silent). */
export const CSP_REPORT_RETENTION_DAYS = 30;

/** Deletes reports older than the retention. */
export async function sweepCspReports(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM csp_reports WHERE received_at < now() - $1::integer * interval '1 day'`,
    [CSP_REPORT_RETENTION_DAYS],
  );
}
