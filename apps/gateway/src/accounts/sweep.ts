import { sweepChallenges } from '../challenge/challenges';
import { sweepPassTokens } from '../challenge/pass-tokens';
import {
  DEFAULT_SIGNING_CONFIG,
  DEFAULT_TRACKING_CONFIG,
  type SigningConfig,
  type TrackingConfig,
} from '../config';
import type { Queryable } from '../db/database';
import { sweepCspReports } from '../reports/csp-reports';
import { sweepLoginNonces } from '../signing/login-nonces';
import { sweepServerKeys } from '../signing/server-keys';
import { sweepTraceIds } from '../signing/trace-ids';
import { sweepTrackingEvents } from '../tracking/events';
import { sweepVerificationCodes } from '../verification/codes';
import { sweepAuthenticatorLeftovers } from './authenticator';
import { sweepSignInHistory } from './sign-in-history';
import { sweepQrLoginKeys } from './qr-login';
import { sweepPasskeyChallenges } from './passkeys';
import { sweepOpenIdRequests } from './openid';
import { sweepThirdPartyNonces } from './third-party';
import { sweepRetiredRefreshTokens, sweepSessions } from './sessions';
import { sweepThrottleCounters } from './throttle';

/** How often a gateway deletes what has expired; any process may, and doing it twice is harmless. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes ended throttle windows, sessions that can no longer be renewed (with their bound sign
 * keys and retired refresh tokens), retired refresh tokens that would have expired anyway, used
 * trace ids and login nonces out of their window, server keys past their grace, old CSP reports,
 * expired challenges and pass tokens, expired verification codes, authenticator setups and
 * sign-in tickets, QR sign-in keys, passkey challenges, wallet nonces, sign-in attempts past their retention, and tracked events past their
 * retention.
 */
export async function sweepExpired(
  db: Queryable,
  config: Pick<SigningConfig, 'signKeyGraceMs'> & Pick<TrackingConfig, 'trackingRetentionDays'> = {
    ...DEFAULT_SIGNING_CONFIG,
    ...DEFAULT_TRACKING_CONFIG,
  },
): Promise<void> {
  await sweepThrottleCounters(db);
  await sweepSessions(db);
  await sweepRetiredRefreshTokens(db);
  await sweepTraceIds(db);
  await sweepLoginNonces(db);
  await sweepServerKeys(db, config.signKeyGraceMs);
  await sweepCspReports(db);
  await sweepChallenges(db);
  await sweepPassTokens(db);
  await sweepVerificationCodes(db);
  await sweepAuthenticatorLeftovers(db);
  await sweepQrLoginKeys(db);
  await sweepPasskeyChallenges(db);
  await sweepThirdPartyNonces(db);
  await sweepOpenIdRequests(db);
  await sweepSignInHistory(db);
  await sweepTrackingEvents(db, config.trackingRetentionDays);
}
