import type { Database, Queryable } from '../db/database';
import { maskedLoginName, type LoginNameQuery } from './login-names';

/** Who a session reply names. */
export interface UserIdentity {
  user_id: string;
  login_name: string;
  user_name: string;
}

/** What a login needs to know of the account it names. */
export interface LoginCandidate extends UserIdentity {
  password_hash: string | null;
  frozen: boolean;
}

/** Every column the user-info reply is built from. */
export interface UserRow extends UserIdentity {
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  nick_name: string;
  parent_user_id: string | null;
  identity_level: number;
  vip_level: number;
  frozen: boolean;
  created_at: Date;
  updated_at: Date;
  google_bound: boolean;
  email_enabled: boolean;
  phone_enabled: boolean;
  google_enabled: boolean;
  fund_password_set: boolean;
  fund_value: number;
  fund_disabled: boolean;
  anti_phishing_code: string;
  real_name: string;
  family_name: string;
  given_name: string;
  open_otc: boolean;
  open_contract: boolean;
  open_gt_fees: boolean;
  user_type: number;
  show_user_vip: boolean;
}

/** A new main account; email or mobile (or both) is set. */
export interface NewUser {
  loginName: string;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  passwordHash: string;
}

/** One sub-account as the list shows it. */
export interface SubAccountRow {
  user_id: string;
  user_name: string;
  created_at: Date;
}

const USER_COLUMNS = `user_id, login_name, user_name, email, area_code, mobile, nick_name,
  parent_user_id, identity_level, vip_level, frozen, created_at, updated_at, google_bound,
  email_enabled, phone_enabled, google_enabled, fund_password_set, fund_value, fund_disabled,
  anti_phishing_code, real_name, family_name, given_name, open_otc, open_contract, open_gt_fees,
  user_type, show_user_vip`;

export async function findUser(db: Queryable, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1`, [
    userId,
  ]);
  return row;
}

/** The account a typed login name names: by mobile number, or by login name or email. */
export async function findLoginCandidate(
  db: Queryable,
  name: LoginNameQuery,
): Promise<LoginCandidate | undefined> {
  const columns = 'user_id, login_name, user_name, password_hash, frozen';
  const [row] =
    name.kind === 'mobile'
      ? await db.query<LoginCandidate>(
          `SELECT ${columns} FROM users WHERE area_code = $1 AND mobile = $2`,
          [name.areaCode, name.mobile],
        )
      : await db.query<LoginCandidate>(
          `SELECT ${columns} FROM users WHERE login_name = $1 OR email = $1
           ORDER BY password_hash IS NULL LIMIT 1`,
          [name.loginName],
        );
  return row;
}

/** Whether a login name, email or mobile number is already registered. */
export async function isRegistered(
  db: Queryable,
  user: Omit<NewUser, 'passwordHash'>,
): Promise<boolean> {
  return (await findRegistered(db, user)) !== undefined;
}

/**
 * The account that has the name, the e-mail address or the mobile number, with what a message
 * to it shows (its anti-phishing code, `''` when none); undefined when none has them.
 */
export async function findRegistered(
  db: Queryable,
  user: Omit<NewUser, 'passwordHash'>,
): Promise<{ antiPhishingCode: string } | undefined> {
  const [row] = await db.query<{ anti_phishing_code: string }>(
    `SELECT anti_phishing_code FROM users
     WHERE login_name = $1 OR email = $2 OR (area_code = $3 AND mobile = $4) LIMIT 1`,
    [user.loginName, user.email, user.areaCode, user.mobile],
  );
  return row && { antiPhishingCode: row.anti_phishing_code };
}

/** Sets the phrase every e-mail to the user shows (`''`: none). */
export async function setAntiPhishingCode(
  db: Queryable,
  userId: string,
  code: string,
): Promise<void> {
  await db.query(
    'UPDATE users SET anti_phishing_code = $2, updated_at = now() WHERE user_id = $1',
    [userId, code],
  );
}

/**
 * Inserts a main account. Returns undefined when the name was taken meanwhile: the unique
 * constraints decide, so two registrations racing for one name never both win nor fail with 500.
 */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserIdentity | undefined> {
  const [row] = await db.query<UserIdentity>(
    `INSERT INTO users (user_id, login_name, user_name, nick_name, email, area_code, mobile,
       password_hash, email_enabled, phone_enabled)
     VALUES (nextval('user_ids')::text, $1, $2, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING
     RETURNING user_id, login_name, user_name`,
    [
      user.loginName,
      maskedLoginName(user.loginName),
      user.email,
      user.areaCode,
      user.mobile,
      user.passwordHash,
      user.email !== null,
      user.mobile !== null,
    ],
  );
  return row;
}

/** Inserts a sub-account of a main account; undefined when the main account has one so named. */
/** What creating a sub-account came to: the new row, a name already taken, or the cap reached. */
export type SubAccountInsert =
  { kind: 'created'; row: SubAccountRow } | { kind: 'name-taken' } | { kind: 'limit-reached' };

/**
 * Creates a sub-account unless the main account already has `maxSubAccounts`. The main account's
 * row is locked first, so concurrent creations (on any gateway) count one after another.
 */
export function insertSubAccount(
  db: Database,
  sub: { loginName: string; userName: string; parentUserId: string },
  maxSubAccounts: number,
): Promise<SubAccountInsert> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT user_id FROM users WHERE user_id = $1 FOR UPDATE`, [sub.parentUserId]);
    const [counted] = await tx.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE parent_user_id = $1`,
      [sub.parentUserId],
    );
    if ((counted?.count ?? 0) >= maxSubAccounts) return { kind: 'limit-reached' } as const;
    const [row] = await tx.query<SubAccountRow>(
      `INSERT INTO users (user_id, login_name, user_name, nick_name, parent_user_id)
       VALUES (nextval('user_ids')::text, $1, $2, $2, $3)
       ON CONFLICT DO NOTHING
       RETURNING user_id, user_name, created_at`,
      [sub.loginName, sub.userName, sub.parentUserId],
    );
    return row ? ({ kind: 'created', row } as const) : ({ kind: 'name-taken' } as const);
  });
}

export function listSubAccounts(db: Queryable, parentUserId: string): Promise<SubAccountRow[]> {
  return db.query<SubAccountRow>(
    `SELECT user_id, user_name, created_at FROM users
     WHERE parent_user_id = $1 ORDER BY created_at, user_id`,
    [parentUserId],
  );
}

/** A sub-account of this main account, or undefined when the id names no such sub-account. */
export async function findSubAccount(
  db: Queryable,
  parentUserId: string,
  userId: string,
): Promise<UserIdentity | undefined> {
  const [row] = await db.query<UserIdentity>(
    `SELECT user_id, login_name, user_name FROM users
     WHERE user_id = $1 AND parent_user_id = $2`,
    [userId, parentUserId],
  );
  return row;
}
