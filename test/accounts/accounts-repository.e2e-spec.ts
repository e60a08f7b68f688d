import { randomUUID } from 'node:crypto';
import {
  emailTaken,
  findProfile,
  findProfileFields,
  findUser,
  findUserByEmail,
  findUserWithPassword,
  getUserWithPassword,
  insertVerification,
  lockUser,
  lockVerification,
  markEmailVerified,
  setPassword,
  spendVerification,
  updateUser,
} from '@rxbridge/accounts';
import { EmailVerification, Prescription } from '@rxbridge/database';
import { migratedDatabase, newUserRow, waitsForLock } from '../support/repository-db';

/** The users and email verification repositories of libs/accounts against a real, migrated PostgreSQL. */
const db = migratedDatabase();

describe('users', () => {
  it('inserts an account, knows its email is taken, and refuses the same email twice', async () => {
    const email = `taken.${randomUUID()}@example.com`;
    expect(await emailTaken(db.ds.manager, email)).toBe(false);
    const id = await newUserRow(db.ds.manager, { email, role: 'NAVIGATOR' });
    expect(await emailTaken(db.ds.manager, email)).toBe(true);
    expect(await findUser(db.ds.manager, id)).toMatchObject({ id, email, role: 'NAVIGATOR', disabledAt: null });
    expect((await findUserByEmail(db.ds.manager, email))?.id).toBe(id);
    await expect(newUserRow(db.ds.manager, { email })).rejects.toMatchObject({ code: '23505' });
  });

  it("reads profiles asked for at once in one batch, each with its own user's prescription count", async () => {
    const [one, two, none] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager), randomUUID()];
    const rx = (userId: string) => ({ userId, medication: 'Eliquis', dosage: '5 mg', frequency: 'twice daily' });
    await db.ds.manager.insert(Prescription, [rx(one), rx(one), rx(two)]);
    const [a, b, c] = await Promise.all([one, two, none].map((id) => findProfile(db.ds.manager, id)));
    expect([a?.user.id, a?.prescriptionCount, b?.user.id, b?.prescriptionCount, c]).toEqual([one, 2, two, 1, null]);
    expect(a?.user.passwordHash).toBeUndefined();
    // In a transaction the read goes to its connection and sees its uncommitted writes.
    await db.ds.transaction(async (manager) => {
      await manager.insert(Prescription, rx(two));
      expect((await findProfile(manager, two))?.prescriptionCount).toBe(2);
    });
  });

  it('reads the password hash only through the reads made for it', async () => {
    const email = `hash.${randomUUID()}@example.com`;
    const id = await newUserRow(db.ds.manager, { email, passwordHash: 'the-hash' });
    expect((await findUser(db.ds.manager, id))?.passwordHash).toBeUndefined();
    expect((await findUserWithPassword(db.ds.manager, email))?.passwordHash).toBe('the-hash');
    expect(await findUserWithPassword(db.ds.manager, `none.${randomUUID()}@example.com`)).toBeNull();
    expect((await getUserWithPassword(db.ds.manager, id)).passwordHash).toBe('the-hash');
    await expect(getUserWithPassword(db.ds.manager, randomUUID())).rejects.toThrow(/Could not find any entity/);
  });

  it('changes the profile, the password (noting when) and the verification, for that user only', async () => {
    const [me, other] = [
      await newUserRow(db.ds.manager, { dateOfBirth: '1961-04-02' }),
      await newUserRow(db.ds.manager),
    ];
    expect(await findProfileFields(db.ds.manager, me, ['mailingState', 'dateOfBirth'])).toEqual({
      id: me,
      mailingState: 'IL',
      dateOfBirth: '1961-04-02',
    });
    expect(await findProfileFields(db.ds.manager, randomUUID(), ['mailingState'])).toBeNull();
    await updateUser(db.ds.manager, me, { mailingState: 'NY', firstName: 'Rosa' });
    await setPassword(db.ds.manager, me, 'new-hash');
    const at = new Date('2026-01-02T03:04:05.000Z');
    await markEmailVerified(db.ds.manager, me, at);
    const mine = await getUserWithPassword(db.ds.manager, me);
    expect(mine).toMatchObject({
      mailingState: 'NY',
      firstName: 'Rosa',
      passwordHash: 'new-hash',
      emailVerifiedAt: at,
    });
    expect(mine.passwordChangedAt).toBeInstanceOf(Date);
    const theirs = await getUserWithPassword(db.ds.manager, other);
    expect(theirs).toMatchObject({ mailingState: 'IL', passwordHash: 'not-a-real-hash', emailVerifiedAt: null });
  });

  it('locks the user row until the transaction ends', async () => {
    const me = await newUserRow(db.ds.manager);
    expect(await db.ds.transaction((m) => lockUser(m, randomUUID()))).toBeNull();
    await db.ds.transaction(async (m) => {
      expect((await lockUser(m, me))?.id).toBe(me);
      expect(await waitsForLock(db.ds, 'UPDATE users SET first_name = $2 WHERE id = $1', [me, 'X'])).toBe(true);
    });
    expect(await waitsForLock(db.ds, 'UPDATE users SET first_name = $2 WHERE id = $1', [me, 'X'])).toBe(false);
  });
});

describe('email verifications', () => {
  it('inserts an unspent verification, locks it, and spends it at the time given', async () => {
    const me = await newUserRow(db.ds.manager);
    const expiresAt = new Date(Date.now() + 60_000);
    const id = await insertVerification(db.ds.manager, me, expiresAt);
    expect(await db.ds.transaction((m) => lockVerification(m, randomUUID()))).toBeNull();
    await db.ds.transaction(async (m) => {
      expect(await lockVerification(m, id)).toMatchObject({ id, userId: me, usedAt: null, expiresAt });
      expect(await waitsForLock(db.ds, 'DELETE FROM email_verifications WHERE id = $1', [id])).toBe(true);
      await spendVerification(m, id, expiresAt);
    });
    expect((await db.ds.manager.findOneByOrFail(EmailVerification, { id })).usedAt).toEqual(expiresAt);
  });
});
