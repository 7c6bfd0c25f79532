import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { TRACKING_BATCH_SIZE } from '@exchange-web/protocol/registry';
import {
  buriedLogInfoBatchSchema,
  trackingEventsQuerySchema,
  trackingOverviewQuerySchema,
  trackingUploadSwitchSchema,
  type TrackingUploadSwitch,
} from '@exchange-web/protocol/schemas';
import type { Context } from 'hono';
import type { ActiveSession } from '../accounts/sessions';
import type { TrackingConfig } from '../config';
import type { Database } from '../db/database';
import { ok } from '../http/envelope-response';
import { BadInputError, RefusedError } from '../http/errors';
import { parseJsonText, readJsonBody, validateBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import type { SessionGuard } from '../http/session-guard';
import { ingestEvents } from '../tracking/events';
import { deviceEvents, trackingOverview } from '../tracking/overview';
import type { UploadSwitch } from '../tracking/upload-switch';

export interface TrackingRouteDeps {
  db: Database;
  guard: SessionGuard;
  uploadSwitch: UploadSwitch;
  config: Pick<TrackingConfig, 'operatorLoginNames'>;
}

/**
 * Behaviour tracking: the public upload (SPEC 7 buried/log/info) and the operators' overview and
 * upload switch (README, "Behaviour tracking: ingestion").
 */
export function registerTrackingRoutes(
  routes: Routes,
  { db, guard, uploadSwitch, config }: TrackingRouteDeps,
) {
  const operators = new Set(config.operatorLoginNames.map((name) => name.toLowerCase()));

  /** The session of an operator: 40100 (or a session refusal) without one, 40300 for others. */
  const requireOperator = async (c: Context): Promise<ActiveSession> => {
    const session = await guard.requireSession(c);
    // The signed-in (main) account decides, not a sub-account it acts as.
    const [user] = await db.query<{ login_name: string }>(
      'SELECT login_name FROM users WHERE user_id = $1',
      [session.userId],
    );
    if (!user || !operators.has(user.login_name.toLowerCase())) {
      throw new RefusedError({
        status: 403,
        code: GatewayCode.forbidden,
        message: 'this call is for operators only (GATEWAY_OPERATORS)',
      });
    }
    return session;
  };

  routes.post(ApiPath.buriedLogInfo, async (c) => {
    // SPEC 6: with uploading off, an upload is refused (403 Forbid) and nothing is stored.
    if (!(await uploadSwitch.isOn())) {
      throw new RefusedError({
        status: 403,
        code: GatewayCode.trackingUploadOff,
        message: 'event uploading is off (clientCommonConfig eventLogUploadSwitch)',
      });
    }
    // Read as JSON whatever the content type: the beacon variant sends text/plain (CORS-simple).
    const text = await c.req.text();
    // Each event's strings are checked on their own (checkEvent): one bad event spoils no batch.
    const body = parseJsonText(text, { strings: false });
    const batch = buriedLogInfoBatchSchema.safeParse(body);
    if (!batch.success) {
      const got =
        text.trim() === ''
          ? 'an empty body'
          : Array.isArray(body)
            ? `${body.length} items`
            : `a JSON ${typeOfJson(body)}`;
      throw new BadInputError(
        `(body): must be a JSON array of 1 to ${TRACKING_BATCH_SIZE} events, got ${got}`,
      );
    }
    return ok(c, await ingestEvents(db, batch.data));
  });

  routes.get(ApiPath.trackingOverview, async (c) => {
    await requireOperator(c);
    const { hours } = validateBody(trackingOverviewQuerySchema, c.req.query());
    return ok(c, await trackingOverview(db, { hours, uploadSwitch: await uploadSwitch.isOn() }));
  });

  routes.get(ApiPath.trackingEvents, async (c) => {
    await requireOperator(c);
    const query = validateBody(trackingEventsQuerySchema, c.req.query());
    return ok(c, await deviceEvents(db, query));
  });

  routes.post(ApiPath.trackingUploadSwitch, async (c) => {
    await requireOperator(c);
    const { on } = await readJsonBody(c, trackingUploadSwitchSchema);
    await uploadSwitch.set(on);
    const reply: TrackingUploadSwitch = { on };
    return ok(c, reply);
  });
}

function typeOfJson(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}
