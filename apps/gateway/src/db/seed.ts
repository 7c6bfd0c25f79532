import { hashPassword } from '../accounts/passwords';
import { setBalances, type BalanceSeed } from '../assets/balances';
import type { Database, Queryable } from './database';

/** The account `npm start` creates on first run, so a new user can sign in at once (README). */
export const DEMO_ACCOUNT = {
  userId: '1000000001',
  loginName: 'demo@exchange-web.test',
  userName: 'Demo Trader',
  password: 'Demo-Trader-2026',
  familyName: 'Trader',
  givenName: 'Demo',
  antiPhishingCode: 'DEMO2026',
} as const;

/** The demo account's balances, so the asset overview has something to show. */
export const DEMO_BALANCES: readonly BalanceSeed[] = [
  { coin: 'BTC', available: '0.4825', frozen: '0.05' },
  { coin: 'ETH', available: '3.75', frozen: '0' },
  { coin: 'USDT', available: '12500.75', frozen: '250' },
  { coin: 'SOL', available: '42.1', frozen: '0' },
  { coin: 'DOGE', available: '1500', frozen: '0' },
];

/**
 * Gives the demo account its balances when it has none, so a database seeded before balances
 * existed gets them too; balances it already has are left as they are.
 */
async function seedDemoBalances(tx: Queryable): Promise<void> {
  const [state] = await tx.query<{ has_user: boolean; has_balances: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE user_id = $1) AS has_user,
       EXISTS (SELECT 1 FROM balances WHERE user_id = $1) AS has_balances`,
    [DEMO_ACCOUNT.userId],
  );
  if (state?.has_user && !state.has_balances) {
    await setBalances(tx, DEMO_ACCOUNT.userId, DEMO_BALANCES);
  }
}

// Any constant works as long as every process uses the same one: it serialises seeding.
const SEED_LOCK_KEY = 7_245_002;

/**
 * Seeds demo data once: running it again changes nothing. Safe when several gateway processes
 * start at once on one PostgreSQL: they seed one after another, under an advisory lock.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  const existing = await db.query('SELECT 1 FROM users WHERE login_name = $1', [
    DEMO_ACCOUNT.loginName,
  ]);
  // Hashed before the lock is taken, so no process waits on scrypt; only a missing account needs it.
  const passwordHash = existing.length > 0 ? undefined : await hashPassword(DEMO_ACCOUNT.password);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    // A verified trader with email bound and futures open, so every user-info field has a value.
    const inserted =
      passwordHash === undefined
        ? []
        : await tx.query(
            `INSERT INTO users (user_id, login_name, user_name, email, password_hash, nick_name,
               email_enabled, identity_level, real_name, family_name, given_name, open_contract,
               open_otc, vip_level, show_user_vip, anti_phishing_code)
             VALUES ($1, $2, $3, $2, $4, $3, true, 2, $3, $5, $6, true, true, 1, true, $7)
             ON CONFLICT DO NOTHING RETURNING user_id`,
            [
              DEMO_ACCOUNT.userId,
              DEMO_ACCOUNT.loginName,
              DEMO_ACCOUNT.userName,
              passwordHash,
              DEMO_ACCOUNT.familyName,
              DEMO_ACCOUNT.givenName,
              DEMO_ACCOUNT.antiPhishingCode,
            ],
          );
    await seedDemoBalances(tx);
    return inserted.length > 0;
  });
}
