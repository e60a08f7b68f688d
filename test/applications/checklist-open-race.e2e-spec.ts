import type { EntityManager } from 'typeorm';
import { followPatientInChecklists, openApplications, openRenewal } from '@rxbridge/applications';
import { requiredDocumentsFor } from '@rxbridge/domain';
import { lockWaiter, migratedDatabase, newUserRow } from '../support/repository-db';

// A plan removed while an application opens (docs/product.md §5, docs/architecture.md §14): the worker's following of
// the patient's facts runs meanwhile, before the opening commits; the new application's checklist still follows.
const db = migratedDatabase();

/** An insured patient (the default checklist asks them for the card and the denial letter) and a prescription. */
async function insuredPatient(): Promise<{ userId: string; prescriptionId: string }> {
  const userId = await newUserRow(db.ds.manager);
  await db.ds.query(`INSERT INTO insurances (user_id, provider, coverage_type) VALUES ($1, 'Aetna', 'Employer')`, [
    userId,
  ]);
  const [{ id }] = (await db.ds.query(
    `INSERT INTO prescriptions (user_id, medication) VALUES ($1, 'Examplinib') RETURNING id`,
    [userId],
  )) as { id: string }[];
  return { userId, prescriptionId: id };
}

/**
 * Runs `open` in a transaction; before it commits, the patient's plans are removed (committed) and the following of
 * their checklists starts in a transaction of its own, which the opening waits for to wait on a lock, or to end. Then
 * the opening commits. Answers whether the following had to wait, once it is over.
 */
async function followWhileOpening(userId: string, open: (manager: EntityManager) => Promise<void>) {
  let followed = false;
  let following: Promise<void> | undefined;
  await db.ds.transaction(async (manager) => {
    await open(manager);
    await db.ds.query(`DELETE FROM insurances WHERE user_id = $1`, [userId]);
    following = db.ds
      .transaction((f) => followPatientInChecklists(f, userId))
      .then(() => {
        followed = true;
      });
    await lockWaiter(db.url, () => followed);
  });
  const waited = !followed;
  await following;
  return waited;
}

const checklistOf = async (userId: string, where: string) =>
  (
    (await db.ds.query(
      `SELECT d.kind FROM application_documents d JOIN applications a ON a.id = d.application_id
        WHERE a.user_id = $1 AND ${where} ORDER BY d.created_at, d.kind`,
      [userId],
    )) as { kind: string }[]
  ).map((r) => r.kind);

it('makes the checklist of an application opening follow a plan removed meanwhile: the following waits for it', async () => {
  const { userId, prescriptionId } = await insuredPatient();
  const waited = await followWhileOpening(userId, (manager) => openApplications(manager, userId, [prescriptionId]));
  expect((await checklistOf(userId, 'a.renewal_of IS NULL')).sort()).toEqual(
    requiredDocumentsFor({ hasInsurance: false }).sort(),
  );
  expect(waited).toBe(true);
});

it("makes a renewal's checklist follow a plan removed while it opens", async () => {
  const { userId, prescriptionId } = await insuredPatient();
  const [{ id, endsOn }] = (await db.ds.query(
    `INSERT INTO applications (user_id, prescription_id, medication, state, enrollment_start_date, enrollment_end_date)
     VALUES ($1, $2, 'Examplinib', 'APPROVED', current_date - 300, current_date + 40)
     RETURNING id, enrollment_end_date::text AS "endsOn"`,
    [userId, prescriptionId],
  )) as { id: string; endsOn: string }[];
  const waited = await followWhileOpening(userId, async (manager) => {
    expect(await openRenewal(manager, id, endsOn)).not.toBeNull();
  });
  expect((await checklistOf(userId, 'a.renewal_of IS NOT NULL')).sort()).toEqual(
    requiredDocumentsFor({ hasInsurance: false }).sort(),
  );
  expect(waited).toBe(true);
});
