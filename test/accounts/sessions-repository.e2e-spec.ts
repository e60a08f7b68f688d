import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  findRefreshToken,
  insertRefreshToken,
  insertReset,
  lockLiveReset,
  lockRefreshToken,
  markRefreshTokenUsed,
  openSessionIds,
  recordWrongCode,
  revokeSessionTokens,
  sessionStarted,
  sessionState,
  spendReset,
  supersedeResets,
} from '@rxbridge/accounts';
import { PasswordReset } from '@rxbridge/database';
import { lockWaiter, migratedDatabase, newUserRow, waitsForLock } from '../support/repository-db';

/** The sessions (refresh tokens) and password resets repositories of libs/accounts against real PostgreSQL. */
const db = migratedDatabase();

const inAnHour = () => new Date(Date.now() + 3600_000);

/** A token of the session `familyId`; returns its hash. */
async function addToken(userId: string, familyId: string): Promise<string> {
  const tokenHash = randomUUID().replace(/-/g, '').padEnd(64, '0');
  await insertRefreshToken(db.ds.manager, { userId, familyId, tokenHash, expiresAt: inAnHour() });
  return tokenHash;
}

describe('sessions', () => {
  it('answers the session check: role, start and open, until its tokens are revoked', async () => {
    const me = await newUserRow(db.ds.manager, { role: 'ADMIN' });
    const sid = randomUUID();
    expect(await sessionState(db.ds.manager, me, sid)).toEqual({ role: 'ADMIN', started: null, open: false });
    await addToken(me, sid);
    await addToken(me, sid);
    const state = (await sessionState(db.ds.manager, me, sid))!;
    expect([state.role, state.open]).toEqual(['ADMIN', true]);
    expect(state.started).toEqual(await sessionStarted(db.ds.manager, sid));
    await revokeSessionTokens(db.ds.manager, [sid]);
    expect((await sessionState(db.ds.manager, me, sid))?.open).toBe(false);
  });

  it('has no session check for an account that is gone or disabled', async () => {
    const me = await newUserRow(db.ds.manager);
    const sid = randomUUID();
    await addToken(me, sid);
    expect(await sessionState(db.ds.manager, randomUUID(), sid)).toBeNull();
    await db.ds.query('UPDATE users SET disabled_at = now() WHERE id = $1', [me]);
    expect(await sessionState(db.ds.manager, me, sid)).toBeNull();
  });

  it('dates a session from its first token', async () => {
    const me = await newUserRow(db.ds.manager);
    const sid = randomUUID();
    const first = await addToken(me, sid);
    await addToken(me, sid);
    const { createdAt } = (await findRefreshToken(db.ds.manager, first))!;
    expect(await sessionStarted(db.ds.manager, sid)).toEqual(createdAt);
  });

  it("revokes the successor of a refresh in flight, once that refresh commits (a password change racing another tab's refresh)", async () => {
    const me = await newUserRow(db.ds.manager);
    const sid = randomUUID();
    const spent = await addToken(me, sid);
    let revoking: Promise<void> | undefined;
    await db.ds.transaction(async (m) => {
      // The refresh: its token locked and spent, the successor written, not yet committed.
      const row = (await lockRefreshToken(m, spent))!;
      await markRefreshTokenUsed(m, row.id);
      const successor = randomUUID().replace(/-/g, '').padEnd(64, '1');
      await insertRefreshToken(m, { userId: me, familyId: sid, tokenHash: successor, expiresAt: inAnHour() });
      revoking = revokeSessionTokens(db.ds.manager, [sid]);
      await lockWaiter(db.url);
    });
    await revoking;
    expect(await openSessionIds(db.ds.manager, me)).toEqual([]);
    expect((await sessionState(db.ds.manager, me, sid))?.open).toBe(false);
  });

  it("holds every token of the session until a revocation alone (a logout's) commits: no refresh slips in between its statements", async () => {
    const me = await newUserRow(db.ds.manager);
    const sid = randomUUID();
    const tokens = [await addToken(me, sid), await addToken(me, sid)];
    // The revocation's update waits at its first row on an advisory lock the test holds: the other row it has not
    // reached yet shows whether the revocation's lock on it lasted past its SELECT ... FOR UPDATE.
    const holder = new Client({ connectionString: db.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(4242)');
    await db.ds.query(`CREATE FUNCTION revoke_waits() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock(4242); RETURN NEW; END $$`);
    await db.ds.query(`CREATE TRIGGER revoke_waits BEFORE UPDATE ON refresh_tokens FOR EACH ROW
      WHEN (NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION revoke_waits()`);
    try {
      const revoking = revokeSessionTokens(db.ds.manager, [sid]);
      await lockWaiter(db.url);
      for (const hash of tokens) {
        expect(await waitsForLock(db.ds, 'SELECT 1 FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE', [hash])).toBe(
          true,
        );
      }
      await holder.query('SELECT pg_advisory_unlock(4242)');
      await revoking;
      expect(await openSessionIds(db.ds.manager, me)).toEqual([]);
    } finally {
      await holder.end();
      await db.ds.query('DROP TRIGGER IF EXISTS revoke_waits ON refresh_tokens');
      await db.ds.query('DROP FUNCTION IF EXISTS revoke_waits()');
    }
  });

  it('lists the open sessions and revokes only those named', async () => {
    const me = await newUserRow(db.ds.manager);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    for (const sid of [a, a, b, c]) await addToken(me, sid);
    expect((await openSessionIds(db.ds.manager, me)).sort()).toEqual([a, b, c].sort());
    await revokeSessionTokens(db.ds.manager, [a, c]);
    expect(await openSessionIds(db.ds.manager, me)).toEqual([b]);
  });

  it('finds a token by its hash, locks it for a refresh, and marks it used', async () => {
    const me = await newUserRow(db.ds.manager);
    const hash = await addToken(me, randomUUID());
    expect(await findRefreshToken(db.ds.manager, 'f'.repeat(64))).toBeNull();
    await db.ds.transaction(async (m) => {
      const row = (await lockRefreshToken(m, hash))!;
      expect(row.usedAt).toBeNull();
      expect(await waitsForLock(db.ds, 'DELETE FROM refresh_tokens WHERE token_hash = $1', [hash])).toBe(true);
      await markRefreshTokenUsed(m, row.id);
    });
    expect((await findRefreshToken(db.ds.manager, hash))?.usedAt).toBeInstanceOf(Date);
  });
});

describe('password resets', () => {
  it('keeps only the newest request live; a code is found by user, a link by id', async () => {
    const me = await newUserRow(db.ds.manager);
    const older = await insertReset(db.ds.manager, me, 'code', inAnHour());
    await supersedeResets(db.ds.manager, me);
    const newer = await insertReset(db.ds.manager, me, 'code', inAnHour());
    const link = await insertReset(db.ds.manager, me, 'link', inAnHour());
    expect((await db.ds.manager.findOneByOrFail(PasswordReset, { id: older })).usedAt).toBeInstanceOf(Date);
    expect((await db.ds.transaction((m) => lockLiveReset(m, { via: 'code', userId: me })))?.id).toBe(newer);
    expect((await db.ds.transaction((m) => lockLiveReset(m, { via: 'link', id: link })))?.id).toBe(link);
    // A link is not a code, nor a code a link.
    expect(await db.ds.transaction((m) => lockLiveReset(m, { via: 'link', id: newer }))).toBeNull();
    await spendReset(db.ds.manager, link);
    expect(await db.ds.transaction((m) => lockLiveReset(m, { via: 'link', id: link }))).toBeNull();
  });

  it('finds no expired reset, and locks a live one until commit', async () => {
    const me = await newUserRow(db.ds.manager);
    await insertReset(db.ds.manager, me, 'code', new Date(Date.now() - 1000));
    expect(await db.ds.transaction((m) => lockLiveReset(m, { via: 'code', userId: me }))).toBeNull();
    const id = await insertReset(db.ds.manager, me, 'code', inAnHour());
    await db.ds.transaction(async (m) => {
      expect((await lockLiveReset(m, { via: 'code', userId: me }))?.id).toBe(id);
      expect(await waitsForLock(db.ds, 'DELETE FROM password_resets WHERE id = $1', [id])).toBe(true);
    });
  });

  it('counts wrong codes, and spends the reset on the last allowed one', async () => {
    const me = await newUserRow(db.ds.manager);
    const id = await insertReset(db.ds.manager, me, 'code', inAnHour());
    await recordWrongCode(db.ds.manager, id, 1, false);
    expect(await db.ds.manager.findOneByOrFail(PasswordReset, { id })).toMatchObject({
      failedAttempts: 1,
      usedAt: null,
    });
    await recordWrongCode(db.ds.manager, id, 5, true);
    const spent = await db.ds.manager.findOneByOrFail(PasswordReset, { id });
    expect(spent.failedAttempts).toBe(5);
    expect(spent.usedAt).toBeInstanceOf(Date);
  });
});
