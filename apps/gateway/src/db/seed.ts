import { hashPassword } from '../accounts/passwords';
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

/** Seeds demo data once: running it again changes nothing. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const existing = await db.query('SELECT 1 FROM users WHERE login_name = $1', [
    DEMO_ACCOUNT.loginName,
  ]);
  if (existing.length > 0) return false;
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
  return inserted.length > 0;
}
