import { randomUUID } from 'node:crypto';
import { Doctor, PatientDocument, SupportMessage } from '@rxbridge/database';
import {
  insertDocument,
  insertDoctors,
  insertInsurance,
  insertSupportMessage,
  listDoctors,
  answerSupportMessage,
  listInsurance,
  recordLists,
} from '@rxbridge/records';
import { migratedDatabase, newUserRow } from '../support/repository-db';

/** A navigator's record reads a patient's lists and messages in one statement, through JSON (libs/records). */
const db = migratedDatabase();

const doctor = (lastName: string) => ({
  firstName: 'Ann',
  lastName,
  specialty: 'Cardiology' as const,
  phone: lastName === 'B' ? '5551234567' : null,
  doctorAddress: '1 Main St',
  npiNumber: lastName === 'A' ? '1234567893' : null,
});

async function withRecord(userId: string, tag: string) {
  await insertDoctors(db.ds.manager, userId, [doctor('B'), doctor('A')]);
  await insertInsurance(db.ds.manager, { userId, provider: 'Medicare', coverageType: 'Medicare' });
  await insertInsurance(db.ds.manager, {
    userId,
    provider: 'Aetna',
    coverageType: 'Employer',
    drugCoverage: 'EMPLOYER',
    extraHelp: false,
    outOfPocketCentsThisYear: 125_050,
  });
  for (const title of ['Card front', 'Income 2025', 'Card back']) {
    await insertDocument(db.ds.manager, {
      id: randomUUID(),
      userId,
      title,
      originalName: `${title}.pdf`,
      mimeType: 'application/pdf',
      fileSize: 1024 * title.length,
      storageKey: `test/${tag}/${randomUUID()}`,
    });
  }
}

describe('recordLists', () => {
  it("gives the patient's doctors, insurance and documents exactly as their own reads do", async () => {
    const [me, other] = [await newUserRow(db.ds.manager), await newUserRow(db.ds.manager)];
    await withRecord(me, 'me');
    await withRecord(other, 'other');

    const lists = await recordLists(db.ds.manager, me);

    expect(lists.doctors).toEqual(await listDoctors(db.ds.manager, me));
    expect(lists.insurances).toEqual(await listInsurance(db.ds.manager, me));
    const documents = await db.ds.manager.find(PatientDocument, {
      where: { userId: me },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    expect(lists.documents).toEqual(documents);
    // Entities with Dates, as TypeORM's own reads give them, and only this patient's rows.
    expect(lists.doctors.map((d) => d.lastName)).toEqual(['B', 'A']);
    expect(lists.doctors[0]).toBeInstanceOf(Doctor);
    expect(lists.documents[0]).toBeInstanceOf(PatientDocument);
    expect(lists.insurances[1].createdAt).toBeInstanceOf(Date);
    expect(lists.insurances[1].outOfPocketCentsThisYear).toBe(125_050);
    expect(lists.documents.map((d) => d.title)).toEqual(['Card back', 'Income 2025', 'Card front']);
    expect([...lists.doctors, ...lists.insurances, ...lists.documents].every((r) => r.userId === me)).toBe(true);
  });

  it('gives the messages to support awaiting a reply first, the longest wait first, with their counts', async () => {
    const [me, other, staff] = [
      await newUserRow(db.ds.manager),
      await newUserRow(db.ds.manager),
      await newUserRow(db.ds.manager),
    ];
    const send = (userId: string, subject: string) =>
      insertSupportMessage(db.ds.manager, userId, { subject, message: `About ${subject}` });
    const old = await send(me, 'Old');
    const answered = await send(me, 'Answered');
    await send(me, 'New');
    await send(other, 'Not mine');
    await answerSupportMessage(db.ds.manager, answered.id, staff, null);

    const lists = await recordLists(db.ds.manager, me);
    expect(lists.supportMessages.map((m) => m.subject)).toEqual(['Old', 'New', 'Answered']);
    expect(lists.supportMessages[0]).toBeInstanceOf(SupportMessage);
    expect(lists.supportMessages[0]).toEqual(await db.ds.manager.findOneBy(SupportMessage, { id: old.id }));
    expect(lists.supportMessages[2].answeredAt).toBeInstanceOf(Date);
    expect([lists.supportMessageCount, lists.supportMessagesAwaiting]).toEqual([3, 2]);
  });

  it('gives empty lists for a patient with none', async () => {
    const me = await newUserRow(db.ds.manager);
    expect(await recordLists(db.ds.manager, me)).toEqual({
      doctors: [],
      insurances: [],
      documents: [],
      supportMessages: [],
      supportMessageCount: 0,
      supportMessagesAwaiting: 0,
    });
  });
});
