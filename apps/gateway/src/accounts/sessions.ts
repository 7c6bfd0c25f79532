import type { AccountsConfig } from '../config';
import type { Database, Queryable } from '../db/database';
import { hashToken, newToken } from './tokens';

/** The raw tokens of a new or renewed session: they exist only in the reply's cookies. */
export interface IssuedTokens {
  token: string;
  refreshToken: string;
}

/** A session just started: its tokens, and its id (to bind a signing key to it). */
export interface StartedSession extends IssuedTokens {
  sessionId: string;
}

/** The session tokens a request carried (either may be missing). */
export interface PresentedTokens {
  token: string | undefined;
  refreshToken: string | undefined;
}

/** An authenticated session. */
export interface ActiveSession {
  sessionId: string;
  /** The signed-in (main) account. */
  userId: string;
  /** Who the session acts as: the user itself, or a sub-account it switched to. */
  actingUserId: string;
  /** Whether the session acts as a sub-account. */
  switched: boolean;
}

/** Where a sign-in came from, kept for the account's recent sign-ins. */
export interface SignInDevice {
  ip: string;
  userAgent: string;
}

/** One recent sign-in of a user, newest first in {@link SessionStore.recentSignIns}. */
export interface RecentSignIn {
  sessionId: string;
  signedInAt: number;
  /** When the session last renewed its token (at most a session TTL behind its last call). */
  lastSeenAt: number;
  ip: string;
  userAgent: string;
  active: boolean;
}

/** Why a presented session does not authenticate (SPEC 4 and 8: each forces logout). */
export type SessionRefusal = 'expired' | 'replaced' | 'frozen';

export type SessionLookup =
  | { kind: 'active'; session: ActiveSession; renewed: IssuedTokens | undefined }
  | { kind: 'refused'; reason: SessionRefusal };

/**
 * Why a session ended: a logout, a newer login of the user, or a refresh token of it that came
 * back after it had been rotated away (and its grace had passed): someone else holds a copy.
 */
export type EndedReason = 'logout' | 'replaced' | 'reused';

type SessionTimes = Pick<
  AccountsConfig,
  'sessionTtlMs' | 'refreshTtlMs' | 'renewGraceMs' | 'maxSessionsPerUser'
>;

/** A session row as a lookup sees it, with the time checks done by the database clock. */
interface SessionMatch {
  session_id: string;
  user_id: string;
  acting_user_id: string | null;
  ended_reason: EndedReason | null;
  token_matched: boolean;
  refresh_matched: boolean;
  in_grace: boolean;
  access_live: boolean;
  refresh_live: boolean;
  frozen: boolean;
}

/** What a lookup decided about a matched session. */
type Verdict = { kind: 'serve' } | { kind: 'renew' } | { kind: 'refuse'; reason: SessionRefusal };

// NOTE: all times come from the database clock (now()), so processes with drifting clocks agree.
const MS = `::double precision * interval '1 millisecond'`;

/**
 * Decides a matched session: a live token serves; an expired token with a live refresh token
 * renews; a refresh token rotated away moments ago still serves (the page's parallel calls);
 * anything else is refused. Ending reasons come first ('replaced' 20906, any other 00004), the
 * freeze only for a live session.
 */
export function judgeSession(match: SessionMatch): Verdict {
  if (match.ended_reason === 'replaced') return { kind: 'refuse', reason: 'replaced' };
  if (match.ended_reason !== null) return { kind: 'refuse', reason: 'expired' };
  let verdict: Verdict;
  if (match.token_matched && match.access_live) verdict = { kind: 'serve' };
  else if (match.refresh_matched && match.refresh_live) verdict = { kind: 'renew' };
  else if (match.in_grace && match.refresh_live) verdict = { kind: 'serve' };
  else return { kind: 'refuse', reason: 'expired' };
  return match.frozen ? { kind: 'refuse', reason: 'frozen' } : verdict;
}

/** Sessions in the database: started at login, looked up per request, renewed, ended. */
export class SessionStore {
  readonly #db: Database;
  readonly #times: SessionTimes;

  constructor(db: Database, times: SessionTimes) {
    this.#db = db;
    this.#times = times;
  }

  /**
   * Starts a session for a user. A user has at most `maxSessionsPerUser` live sessions: the
   * oldest past it end with reason 'replaced', so their next call answers 20906 (SPEC 8).
   */
  async start(userId: string, device: SignInDevice): Promise<StartedSession> {
    const issued = { token: newToken(), refreshToken: newToken() };
    const sessionId = await this.#db.transaction(async (tx) => {
      // NOTE: on PostgreSQL two logins of one user can run at once (other connections, other
      // gateway processes); the user's row lock makes the second wait and then end the first's
      // session, which its UPDATE would otherwise not see, leaving two live sessions.
      await tx.query('SELECT 1 FROM users WHERE user_id = $1 FOR NO KEY UPDATE', [userId]);
      await endOldestSessionsOf(tx, userId, this.#times.maxSessionsPerUser - 1);
      const [row] = await tx.query<{ session_id: string }>(
        `INSERT INTO sessions (token_hash, refresh_token_hash, user_id,
           access_expires_at, refresh_expires_at, client_ip, user_agent)
         VALUES ($1, $2, $3, now() + $4${MS}, now() + $5${MS}, $6, $7)
         RETURNING session_id::text AS session_id`,
        [
          hashToken(issued.token),
          hashToken(issued.refreshToken),
          userId,
          this.#times.sessionTtlMs,
          this.#times.refreshTtlMs,
          device.ip.slice(0, 64),
          device.userAgent.slice(0, 512),
        ],
      );
      if (!row) throw new Error('a session insert returned no row');
      return row.session_id;
    });
    return { ...issued, sessionId };
  }

  /**
   * Finds the session a request's tokens belong to, renewing it when its token expired. A
   * refresh token that was rotated away and comes back after its grace ends the session it was
   * rotated into (its whole family: every later token of it), whoever holds that now: both the
   * reuse and the holder's next call answer 00004.
   */
  async lookup(presented: PresentedTokens): Promise<SessionLookup> {
    const match = await this.#match(presented);
    const verdict: Verdict = match ? judgeSession(match) : { kind: 'refuse', reason: 'expired' };
    if (!match || verdict.kind === 'refuse') {
      const reason = verdict.kind === 'refuse' ? verdict.reason : 'expired';
      // Not on the race below: a token rotated by a parallel call of the same page is no reuse.
      if (reason === 'expired') await this.#endIfReused(presented.refreshToken);
      return { kind: 'refused', reason };
    }
    const session = toActiveSession(match);
    if (verdict.kind === 'serve') return { kind: 'active', session, renewed: undefined };
    const renewed = await this.#rotate(match.session_id, presented.refreshToken ?? '');
    if (renewed) return { kind: 'active', session, renewed };
    // Another request rotated the same refresh token first: look again, now within the grace.
    const again = await this.#match(presented);
    if (again && judgeSession(again).kind === 'serve') {
      return { kind: 'active', session: toActiveSession(again), renewed: undefined };
    }
    return { kind: 'refused', reason: 'expired' };
  }

  /** The user's latest sign-ins, live or ended, newest first. */
  async recentSignIns(userId: string, limit = 10): Promise<RecentSignIn[]> {
    const rows = await this.#db.query<{
      session_id: string;
      created_at: Date;
      client_ip: string;
      user_agent: string;
      last_seen_at: Date;
      live: boolean;
    }>(
      `SELECT session_id::text AS session_id, created_at, client_ip, user_agent,
         GREATEST(created_at, rotated_at) AS last_seen_at,
         (ended_reason IS NULL AND refresh_expires_at > now()) AS live
       FROM sessions WHERE user_id = $1 ORDER BY created_at DESC, session_id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((row) => ({
      sessionId: row.session_id,
      signedInAt: new Date(row.created_at).getTime(),
      lastSeenAt: new Date(row.last_seen_at).getTime(),
      ip: row.client_ip,
      userAgent: row.user_agent,
      active: row.live,
    }));
  }

  /**
   * Signs one of the user's devices out: its session ends as a logout, so its next call answers
   * 00004. False when the user has no live session of that id.
   */
  async endSessionOf(userId: string, sessionId: string): Promise<boolean> {
    const ended = await this.#db.query(
      `UPDATE sessions SET ended_at = now(), ended_reason = 'logout'
       WHERE user_id = $1 AND session_id::text = $2 AND ended_reason IS NULL
       RETURNING 1`,
      [userId, sessionId],
    );
    return ended.length > 0;
  }

  /** Signs every device of the user out but the one of `keep`; answers how many were. */
  async endOtherSessions(userId: string, keep: string): Promise<number> {
    const ended = await this.#db.query(
      `UPDATE sessions SET ended_at = now(), ended_reason = 'logout'
       WHERE user_id = $1 AND session_id::text <> $2 AND ended_reason IS NULL
       RETURNING 1`,
      [userId, keep],
    );
    return ended.length;
  }

  /** Ends the session the tokens belong to, if any (logout). */
  async end(presented: PresentedTokens): Promise<void> {
    await this.#db.query(
      `UPDATE sessions SET ended_at = now(), ended_reason = 'logout'
       WHERE ended_reason IS NULL AND (token_hash = $1 OR refresh_token_hash = $2)`,
      [hashOrEmpty(presented.token), hashOrEmpty(presented.refreshToken)],
    );
  }

  /** Makes a live session act as another user (a sub-account), or as itself again with null. */
  async actAs(sessionId: string, actingUserId: string | null): Promise<boolean> {
    const rows = await this.#db.query(
      `UPDATE sessions SET acting_user_id = $2
       WHERE session_id = $1 AND ended_reason IS NULL RETURNING session_id`,
      [sessionId, actingUserId],
    );
    return rows.length > 0;
  }

  async #match(presented: PresentedTokens): Promise<SessionMatch | undefined> {
    const tokenHash = hashOrEmpty(presented.token);
    const refreshHash = hashOrEmpty(presented.refreshToken);
    const [match] = await this.#db.query<SessionMatch>(
      `SELECT s.session_id::text AS session_id, s.user_id, s.acting_user_id, s.ended_reason,
         s.token_hash = $1 AS token_matched,
         s.refresh_token_hash = $2 AS refresh_matched,
         coalesce(s.previous_refresh_token_hash = $2 AND s.rotated_at > now() - $3${MS}, false)
           AS in_grace,
         s.access_expires_at > now() AS access_live,
         s.refresh_expires_at > now() AS refresh_live,
         u.frozen OR coalesce(acting.frozen, false) AS frozen
       FROM sessions s
       JOIN users u ON u.user_id = s.user_id
       LEFT JOIN users acting ON acting.user_id = s.acting_user_id
       WHERE s.token_hash = $1 OR s.refresh_token_hash = $2 OR s.previous_refresh_token_hash = $2
       ORDER BY s.token_hash = $1 DESC, s.refresh_token_hash = $2 DESC
       LIMIT 1`,
      [tokenHash, refreshHash, this.#times.renewGraceMs],
    );
    return match;
  }

  /**
   * Ends the session a retired refresh token was rotated away from, unless the token is still
   * within its grace (the page's parallel calls) or the session has ended already.
   */
  async #endIfReused(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    await this.#db.query(
      `UPDATE sessions s SET ended_at = now(), ended_reason = 'reused'
       FROM retired_refresh_tokens r
       WHERE r.token_hash = $1 AND r.expires_at > now()
         AND s.session_id = r.session_id AND s.ended_reason IS NULL
         AND NOT coalesce(s.previous_refresh_token_hash = $1
           AND s.rotated_at > now() - $2${MS}, false)`,
      [hashToken(refreshToken), this.#times.renewGraceMs],
    );
  }

  /**
   * Rotates both tokens; the old ones stop working (the old refresh token after the grace). The
   * old refresh token is kept as retired (until it would have expired), to know it if it comes
   * back.
   */
  async #rotate(sessionId: string, refreshToken: string): Promise<IssuedTokens | undefined> {
    const issued = { token: newToken(), refreshToken: newToken() };
    // Sliding refresh expiry: a session in use stays signed in; an idle one ends. One statement,
    // so a rotation never happens without its retired token being recorded.
    const rows = await this.#db.query(
      `WITH rotated AS (
         UPDATE sessions SET
           token_hash = $3, refresh_token_hash = $4,
           previous_refresh_token_hash = refresh_token_hash, rotated_at = now(),
           access_expires_at = now() + $5${MS}, refresh_expires_at = now() + $6${MS}
         WHERE session_id = $1 AND refresh_token_hash = $2 AND ended_reason IS NULL
         RETURNING session_id
       )
       INSERT INTO retired_refresh_tokens (token_hash, session_id, expires_at)
       SELECT $2, session_id, now() + $6${MS} FROM rotated
       ON CONFLICT (token_hash) DO UPDATE SET expires_at = excluded.expires_at
       RETURNING session_id`,
      [
        sessionId,
        hashToken(refreshToken),
        hashToken(issued.token),
        hashToken(issued.refreshToken),
        this.#times.sessionTtlMs,
        this.#times.refreshTtlMs,
      ],
    );
    return rows.length > 0 ? issued : undefined;
  }
}

/** Ends the user's live sessions but the `keep` newest, as replaced by a newer sign-in. */
async function endOldestSessionsOf(tx: Queryable, userId: string, keep: number): Promise<void> {
  await tx.query(
    `UPDATE sessions SET ended_at = now(), ended_reason = 'replaced'
     WHERE session_id IN (
       SELECT session_id FROM sessions
       WHERE user_id = $1 AND ended_reason IS NULL
       ORDER BY created_at DESC, session_id DESC OFFSET $2)`,
    [userId, keep],
  );
}

// An absent token hashes to '', which no stored SHA-256 hex equals.
const hashOrEmpty = (token: string | undefined) => (token ? hashToken(token) : '');

const toActiveSession = (match: SessionMatch): ActiveSession => ({
  sessionId: match.session_id,
  userId: match.user_id,
  actingUserId: match.acting_user_id ?? match.user_id,
  switched: match.acting_user_id !== null,
});

/** Deletes sessions that can no longer be renewed, a day after (so 20906 still shows meanwhile). */
export async function sweepSessions(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE refresh_expires_at < now() - interval '1 day'`);
}

/** Deletes retired refresh tokens that would have expired by now (a reuse is refused anyway). */
export async function sweepRetiredRefreshTokens(db: Queryable): Promise<void> {
  await db.query('DELETE FROM retired_refresh_tokens WHERE expires_at <= now()');
}
