import type { EntityManager, FindOptionsSelect } from 'typeorm';
import type { ProfileUpdate, Role } from '@rxbridge/contracts';
import {
  BatchedRead,
  entityColumns,
  everyWordIn,
  isUuid,
  prepared,
  readPageInRange,
  runPrepared,
  User,
} from '@rxbridge/database';

/** A new account's columns: everything but what the database fills in. */
export type NewUser = Omit<
  User,
  'id' | 'disabledAt' | 'createdAt' | 'updatedAt' | 'doctors' | 'prescriptions' | 'insurances'
>;

export function emailTaken(manager: EntityManager, email: string): Promise<boolean> {
  return manager.existsBy(User, { email });
}

/** Inserts the account and returns its id; a taken email fails on the unique index. */
export async function insertUser(manager: EntityManager, row: NewUser): Promise<string> {
  const { identifiers } = await manager.insert(User, row);
  return (identifiers[0] as { id: string }).id;
}

// Every authenticated screen reads its user (the profile, the session's checks): prepared (§15).
const FIND_USER = prepared('find-user', `SELECT ${entityColumns(User, 'u')} FROM users u WHERE u.id = $1`);

export async function findUser(manager: EntityManager, id: string): Promise<User | null> {
  const [row] = await runPrepared<User>(manager, FIND_USER, [id]);
  return row ? manager.create(User, row) : null;
}

/** A user with the number of their prescriptions: what the profile shows. */
export interface Profile {
  user: User;
  prescriptionCount: number;
}

// Every dashboard load reads its profile: the profiles asked for at once are one statement (BatchedRead, §15).
const PROFILES = new BatchedRead<User & { prescriptionCount: number }>(
  prepared(
    'profiles',
    `SELECT ${entityColumns(User, 'u')},
            (SELECT count(*)::int FROM prescriptions p WHERE p.user_id = u.id) AS "prescriptionCount"
       FROM users u WHERE u.id = ANY($1::uuid[])`,
  ),
  (row) => row.id,
);

export async function findProfile(manager: EntityManager, id: string): Promise<Profile | null> {
  const [row] = await PROFILES.load(manager, id);
  if (!row) return null;
  const { prescriptionCount, ...user } = row;
  return { user: manager.create(User, user), prescriptionCount };
}

export function findUserByEmail(manager: EntityManager, email: string): Promise<User | null> {
  return manager.findOneBy(User, { email });
}

/** The user, locked (FOR UPDATE) until the caller's transaction ends; null when there is none. */
export function lockUser(manager: EntityManager, id: string): Promise<User | null> {
  return manager.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
}

// The password hash is read only here (and by lockCredentials): no other read of a user selects it.
const withPassword = (manager: EntityManager) => manager.createQueryBuilder(User, 'u').addSelect('u.passwordHash');

/** The user of this email with the password hash (a login), or null. */
export function findUserWithPassword(manager: EntityManager, email: string): Promise<User | null> {
  return withPassword(manager).where('u.email = :email', { email }).getOne();
}

/**
 * The account's password hash and access, its row locked until the caller's transaction ends (FOR NO KEY UPDATE: a
 * password write or a disable waits for it, the refresh tokens' key checks do not), so what a login or a password
 * change checked is still what holds when it acts (docs/architecture.md §9). Null when the account is gone.
 */
export async function lockCredentials(
  manager: EntityManager,
  id: string,
): Promise<{ passwordHash: string; disabledAt: Date | null } | null> {
  const rows: { passwordHash: string; disabledAt: Date | null }[] = await manager.query(
    `SELECT password_hash AS "passwordHash", disabled_at AS "disabledAt" FROM users WHERE id = $1 FOR NO KEY UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** The signed-in user with the password hash (a password change); fails when the account is gone. */
export function getUserWithPassword(manager: EntityManager, id: string): Promise<User> {
  return withPassword(manager).where('u.id = :id', { id }).getOneOrFail();
}

/**
 * The user's `fields` as they are before a profile save (to tell which the save changes: the signed facts, the state
 * and date of birth screening reads), with the id, or null when there is no user.
 */
export function findProfileFields<K extends keyof User>(
  manager: EntityManager,
  id: string,
  fields: readonly K[],
): Promise<Pick<User, 'id' | K> | null> {
  const select = Object.fromEntries(['id', ...fields].map((field) => [field, true])) as FindOptionsSelect<User>;
  return manager.findOne(User, { select, where: { id } });
}

/** The profile fields the patient changed (those given; undefined ones are left out by the caller). */
export async function updateUser(manager: EntityManager, id: string, changes: ProfileUpdate): Promise<void> {
  await manager.update(User, { id }, changes);
}

/** Sets a new password hash, noting when it changed. */
export async function setPassword(manager: EntityManager, id: string, passwordHash: string): Promise<void> {
  await manager.update(User, { id }, { passwordHash, passwordChangedAt: new Date() });
}

export async function markEmailVerified(manager: EntityManager, id: string, at: Date): Promise<void> {
  await manager.update(User, { id }, { emailVerifiedAt: at });
}

/**
 * One page of patients (role USER) by last and first name, matched by words (each a pattern) found in
 * their name or email, with how many match in all (docs/product.md §8 Navigator console); a page past
 * the end answers the last page (readPageInRange).
 */
export async function patientsPage(
  manager: EntityManager,
  q: { words?: string[]; page: number; limit: number },
): Promise<{ patients: User[]; page: number; totalCount: number }> {
  const query = manager
    .createQueryBuilder(User, 'u')
    .where(`u.role = 'USER'`)
    .orderBy('u.last_name', 'ASC')
    .addOrderBy('u.first_name', 'ASC')
    .addOrderBy('u.id', 'ASC');
  if (q.words?.length) {
    query.andWhere(everyWordIn([`u.first_name || ' ' || u.last_name`, 'u.email'], ':words'), { words: q.words });
  }
  const { read, page, total } = await readPageInRange(
    (offset, limit) => query.clone().offset(offset).limit(limit).getManyAndCount(),
    q.page,
    q.limit,
    ([patients, count]) => (patients.length ? count : undefined),
  );
  return { patients: read[0], page, totalCount: total };
}

/** A patient (never a staff account) by id, or null; a malformed id is one that does not exist. */
/** A patient (never a staff account) with their prescription count, as findProfile reads it; null otherwise. */
export async function findPatient(manager: EntityManager, id: string): Promise<Profile | null> {
  if (!isUuid(id)) return null;
  const profile = await findProfile(manager, id);
  return profile?.user.role === 'USER' ? profile : null;
}

/**
 * An ADMIN's change of an account's role or access (docs/product.md §7.7 Staff accounts): the role
 * given, and disabled_at set (kept when already disabled) or cleared. Left-out fields stay.
 */
export async function setAccountAccess(
  manager: EntityManager,
  id: string,
  change: { role?: Role; disabled?: boolean },
): Promise<void> {
  await manager.query(
    `UPDATE users
        SET role = COALESCE($2, role),
            disabled_at = CASE WHEN $3::boolean IS NULL THEN disabled_at
                               WHEN $3 THEN COALESCE(disabled_at, now())
                               ELSE NULL END,
            updated_at = now()
      WHERE id = $1`,
    [id, change.role ?? null, change.disabled ?? null],
  );
}
