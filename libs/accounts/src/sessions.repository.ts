import { IsNull, type EntityManager } from 'typeorm';
import type { Role } from '@rxbridge/contracts';
import { prepared, RefreshToken, runPrepared } from '@rxbridge/database';

// A login session is a family of rotating refresh tokens: its id is the family id (docs/architecture.md §9).

export interface SessionState {
  role: Role;
  /** When the session's first refresh token was issued (its login); null when it has none. */
  started: Date | null;
  /** Whether a token of the family is not revoked. */
  open: boolean;
}

export type NewRefreshToken = Pick<RefreshToken, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'>;

/** The user's role, the session's start and whether it is still open: asked on most requests. */
const SESSION_STATE = prepared(
  'session-state',
  `SELECT u.role,
          (SELECT min(r.created_at) FROM refresh_tokens r WHERE r.family_id = $2 AND r.user_id = u.id) AS started,
          EXISTS (SELECT 1 FROM refresh_tokens r
                   WHERE r.family_id = $2 AND r.user_id = u.id AND r.revoked_at IS NULL) AS open
     FROM users u
    WHERE u.id = $1 AND u.disabled_at IS NULL`,
);

/**
 * The session check of an access token, one prepared statement (docs/architecture.md §15
 * Performance); null when the account is gone or disabled.
 */
export async function sessionState(manager: EntityManager, userId: string, sid: string): Promise<SessionState | null> {
  const rows = await runPrepared<SessionState>(manager, SESSION_STATE, [userId, sid]);
  return rows[0] ?? null;
}

/** When the session began: its first token's creation. */
export async function sessionStarted(manager: EntityManager, familyId: string): Promise<Date> {
  const [{ started }]: { started: Date }[] = await manager.query(
    `SELECT min(created_at) AS started FROM refresh_tokens WHERE family_id = $1`,
    [familyId],
  );
  return started;
}

/**
 * When the session was last known active in PostgreSQL: its last recorded activity or its latest
 * refresh token (a login, a refresh), whichever is later; null for an unknown session. Read only when
 * its Redis idle key is missing (docs/architecture.md §9, §6 When Redis loses its data).
 */
export async function sessionLastActive(manager: EntityManager, sessionId: string): Promise<Date | null> {
  const [row]: { at: Date | null }[] = await manager.query(
    `SELECT GREATEST((SELECT last_active_at FROM session_activity WHERE session_id = $1),
                     (SELECT max(created_at) FROM refresh_tokens WHERE family_id = $1)) AS at`,
    [sessionId],
  );
  return row?.at ?? null;
}

/** Records a session's activity (the one writer of session_activity); never moves it back. */
export async function recordSessionActivity(manager: EntityManager, sessionId: string, at: Date): Promise<void> {
  await manager.query(
    `INSERT INTO session_activity (session_id, last_active_at) VALUES ($1, $2)
     ON CONFLICT (session_id) DO UPDATE SET last_active_at = GREATEST(session_activity.last_active_at, EXCLUDED.last_active_at)`,
    [sessionId, at],
  );
}

/** The token with this hash (spent or not), or null. */
export function findRefreshToken(manager: EntityManager, tokenHash: string): Promise<RefreshToken | null> {
  return manager.findOneBy(RefreshToken, { tokenHash });
}

/** The token with this hash, locked (FOR UPDATE) so two refreshes with it take turns; or null. */
export function lockRefreshToken(manager: EntityManager, tokenHash: string): Promise<RefreshToken | null> {
  return manager.findOne(RefreshToken, { where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
}

export async function insertRefreshToken(manager: EntityManager, row: NewRefreshToken): Promise<void> {
  await manager.insert(RefreshToken, row);
}

export async function markRefreshTokenUsed(manager: EntityManager, id: string, at = new Date()): Promise<void> {
  await manager.update(RefreshToken, { id }, { usedAt: at });
}

/** The user's sessions that are not ended. */
export async function openSessionIds(manager: EntityManager, userId: string): Promise<string[]> {
  const rows: { family_id: string }[] = await manager.query(
    `SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`,
    [userId],
  );
  return rows.map((r) => r.family_id);
}

/**
 * Revokes every token of the sessions. A refresh of one of them in flight holds its spent token's row and has
 * written the successor: the lock waits for that refresh to commit, and the update, a statement of its own (so
 * with a snapshot taken after), revokes the successor too; one update alone would miss it and leave the
 * session open (docs/architecture.md §9). The locks are held until the revocation commits, in the caller's
 * transaction or one of its own: released between the two statements (a logout's, alone), a refresh could lock
 * its token in the gap and write a successor the update never sees.
 */
export async function revokeSessionTokens(manager: EntityManager, familyIds: string[]): Promise<void> {
  if (!manager.queryRunner?.isTransactionActive) {
    await manager.transaction((tx) => revokeSessionTokens(tx, familyIds));
    return;
  }
  for (const familyId of familyIds) {
    await manager.query(`SELECT 1 FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NULL FOR UPDATE`, [
      familyId,
    ]);
    await manager.update(RefreshToken, { familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
