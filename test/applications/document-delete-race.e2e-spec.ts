import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { changeChecklistItem, lockApplication, lockOwnUpload } from '@rxbridge/applications';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { FILES } from '../support/sample-files';
import { upload } from '../records/helpers';
import { eventually, newPatientWithApplications, type Api } from './helpers';

// A delete racing an attach of the same upload (docs/product.md §6.4): the packet never goes without the item, and
// an upload attached since keeps its item.
let stack: TestStack;
let api: Api;
let db: Client;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  db = new Client({ connectionString: stack.settings.DATABASE_URL });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

/** A patient's PDF upload, through the records specs' own helper: its document's id. */
async function uploadPdf(token: string) {
  const res = await upload(stack, token, {
    bytes: FILES.pdf,
    type: 'application/pdf',
    name: 'income.pdf',
    title: 'Pay stub',
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.document.id as string;
}

/** Resolves once a backend of the test's database waits on a lock in a statement matching `pattern`. */
const waitingOnLock = (pattern: string, what: string) =>
  eventually(
    async () =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
          [pattern],
        )
      ).rows[0].n === 1,
    what,
  );

const incomeItem = async (applicationId: string) =>
  (
    await db.query(`SELECT status, document_id FROM application_documents WHERE application_id = $1 AND kind = $2`, [
      applicationId,
      'PROOF_OF_INCOME',
    ])
  ).rows[0] as { status: string; document_id: string | null };

it('asks again for an item the upload was attached to while its delete waited for the upload', async () => {
  const patient = await newPatientWithApplications(api, ['Examplinib']);
  const app = patient.applications[0];
  const documentId = await uploadPdf(patient.token);

  // Another transaction holds the upload FOR SHARE: the delete, finding no item holding it, waits at its FOR UPDATE.
  const holder = new Client({ connectionString: stack.settings.DATABASE_URL });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM documents WHERE id = $1 FOR SHARE', [documentId]);
    const deleting = api.delete(`/documents/${documentId}`, patient.token);
    await waitingOnLock('%FROM "documents"%FOR UPDATE%', "the delete waiting for the upload's row");
    // FOR SHARE is compatible with FOR SHARE: the attach commits meanwhile.
    const attached = await api.post(
      `/applications/${app.id}/documents`,
      { kind: 'PROOF_OF_INCOME', documentId },
      patient.token,
    );
    expect(attached.status).toBe(201);
    await holder.query('COMMIT');
    expect((await deleting).status).toBe(200);
  } finally {
    await holder.end();
  }

  expect(await incomeItem(app.id)).toEqual({ status: 'MISSING', document_id: null });
  const orphans = await db.query(
    `SELECT kind FROM application_documents WHERE application_id = $1 AND status = 'RECEIVED' AND document_id IS NULL`,
    [app.id],
  );
  expect(orphans.rows).toEqual([]);
  const view = (await api.get('/applications', patient.token)).body.data.applications[0];
  expect(view.missingDocuments.map((d: { kind: string }) => d.kind)).toContain('PROOF_OF_INCOME');
});

it('leaves an item alone that another upload filled between the delete reading it and locking its application', async () => {
  const patient = await newPatientWithApplications(api, ['Examplinib']);
  const app = patient.applications[0];
  const [deleted, kept] = [await uploadPdf(patient.token), await uploadPdf(patient.token)];
  const attach = await api.post(
    `/applications/${app.id}/documents`,
    { kind: 'PROOF_OF_INCOME', documentId: deleted },
    patient.token,
  );
  expect(attach.status).toBe(201);

  // An attach of the other upload holds the application: the delete, having read the item, waits to lock it; the
  // attach then fills the item with the other upload and commits, as ApplicationsService.attachDocument does.
  const ds = stack.api.get(DataSource);
  const holder = ds.createQueryRunner();
  await holder.connect();
  try {
    await holder.startTransaction();
    const locked = await lockApplication(holder.manager, app.id);
    const deleting = api.delete(`/documents/${deleted}`, patient.token);
    // (pg_stat_activity cuts the statement before its FOR UPDATE.)
    await waitingOnLock('%FROM "applications" "Application" WHERE (("Application"."id" IN%', 'the delete locking it');
    expect(await lockOwnUpload(holder.manager, patient.id, kept)).toBeTruthy();
    await changeChecklistItem(holder.manager, locked, patient.id, {
      kind: 'PROOF_OF_INCOME',
      status: 'RECEIVED',
      documentId: kept,
      mayAddItem: false,
    });
    await holder.commitTransaction();
    expect((await deleting).status).toBe(200);
  } finally {
    if (holder.isTransactionActive) await holder.rollbackTransaction();
    await holder.release();
  }

  expect(await incomeItem(app.id)).toEqual({ status: 'RECEIVED', document_id: kept });
});
