import { hashPassword } from '../accounts/passwords';
import { setBalances, type BalanceSeed } from '../assets/balances';
import type { Database } from './database';

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
async function seedDemoBalances(db: Database): Promise<void> {
  const [state] = await db.query<{ has_user: boolean; has_balances: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE user_id = $1) AS has_user,
       EXISTS (SELECT 1 FROM balances WHERE user_id = $1) AS has_balances`,
    [DEMO_ACCOUNT.userId],
  );
  if (state?.has_user && !state.has_balances) {
    await setBalances(db, DEMO_ACCOUNT.userId, DEMO_BALANCES);
  }
}

/** Seeds demo data once: running it again changes nothing. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const existing = await db.query('SELECT 1 FROM users WHERE login_name = $1', [
    DEMO_ACCOUNT.loginName,
  ]);
  if (existing.length > 0) {
    await seedDemoBalances(db);
    return false;
  }
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  // A verified trader with email bound and futures open, so every user-info field has a value.
  const inserted = await db.query(
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
  if (inserted.length > 0) await seedDemoBalances(db);
  return inserted.length > 0;
}
