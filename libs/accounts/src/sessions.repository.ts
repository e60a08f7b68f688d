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

/** Revokes every token of the sessions, one statement per session. */
export async function revokeSessionTokens(manager: EntityManager, familyIds: string[]): Promise<void> {
  for (const familyId of familyIds) {
    await manager.update(RefreshToken, { familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
