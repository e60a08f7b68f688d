import { DataSource } from 'typeorm';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { auditsOf, whileAuditRefused } from '../support/refused-audit';
import { move, newNavigator, newPatientWithApplications, pathTo, type Api } from '../applications/helpers';

// Every staff read is audited, and a read whose audit row cannot be written discloses nothing
// (docs/architecture.md §9). PostgreSQL itself refuses the audit rows of one navigator here.
let stack: TestStack;
let api: Api;
let db: DataSource;
beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
});
afterAll(() => stack?.close());

describe('a staff read whose audit row cannot be written', () => {
  it('answers 500 without any of the patient, and the same reads answer once audits are written again', async () => {
    const navigator = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const reads = [
      `/admin/patients/${patient.id}`,
      `/admin/applications/${patient.applications[0].id}`,
      '/admin/patients/search',
      '/admin/applications?page=1&limit=100',
    ];
    // A search is a POST of its words (never in the address); the rest are GETs.
    const read = (path: string) =>
      path.endsWith('/search')
        ? api.post(path, { page: 1, limit: 100, search: patient.email }, navigator.token)
        : api.get(path, navigator.token);

    await whileAuditRefused(db, auditsOf(navigator.id), async () => {
      for (const path of reads) {
        const res = await read(path);
        expect({ path, status: res.status }).toEqual({ path, status: 500 });
        const text = JSON.stringify(res.body);
        expect(text).not.toContain(patient.email);
        expect(text).not.toContain(patient.id);
        expect(text).not.toContain(patient.applications[0].id);
      }
    });
    const refused = await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1`, [navigator.id]);
    expect(refused[0].n).toBe(0);

    for (const path of reads) {
      const res = await read(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(JSON.stringify(res.body)).toContain(patient.id);
    }
    const written = await db.query(`SELECT action FROM audit_log WHERE actor_id = $1 ORDER BY created_at`, [
      navigator.id,
    ]);
    expect(written.map((r: { action: string }) => r.action).sort()).toEqual(
      ['application.read', 'applications.list', 'patient.read', 'patients.list'].sort(),
    );
  });
});

describe('a navigator’s change whose answer is the patient’s application', () => {
  it('is audited: a move and a checklist mark each write their row, and a mark whose row is refused changes nothing', async () => {
    const navigator = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const id = patient.applications[0].id;
    const [firstMove] = pathTo('SUBMITTED');

    expect((await move(api, navigator.token, id, firstMove)).status).toBe(200);
    const marked = await api.post(
      `/admin/applications/${id}/documents/PROOF_OF_INCOME`,
      { status: 'RECEIVED' },
      navigator.token,
    );
    expect(marked.status).toBe(200);
    const rows = await db.query(
      `SELECT action, subject_user_id, entity_id, metadata FROM audit_log WHERE actor_id = $1 ORDER BY created_at`,
      [navigator.id],
    );
    expect(rows).toEqual([
      {
        action: 'application.moved',
        subject_user_id: patient.id,
        entity_id: id,
        metadata: { fromState: 'INTAKE', toState: firstMove },
      },
      {
        action: 'application.document_set',
        subject_user_id: patient.id,
        entity_id: id,
        metadata: { kind: 'PROOF_OF_INCOME', status: 'RECEIVED' },
      },
    ]);

    await whileAuditRefused(db, auditsOf(navigator.id), async () => {
      const refused = await api.post(
        `/admin/applications/${id}/documents/PROOF_OF_INCOME`,
        { status: 'MISSING' },
        navigator.token,
      );
      expect(refused.status).toBe(500);
      expect(JSON.stringify(refused.body)).not.toContain(patient.id);
    });
    const item = await db.query(`SELECT status FROM application_documents WHERE application_id = $1 AND kind = $2`, [
      id,
      'PROOF_OF_INCOME',
    ]);
    expect(item).toEqual([{ status: 'RECEIVED' }]);
  });
});

describe('a staff change refused with words about the application', () => {
  it("is a read of it: audited on the patient's log, and with the row refused the answer tells nothing", async () => {
    const colleague = await newNavigator(stack, api);
    const navigator = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const id = patient.applications[0].id;
    const [firstMove, secondMove] = pathTo('SUBMITTED');
    expect((await move(api, colleague.token, id, firstMove)).status).toBe(200);
    expect(
      (await api.put(`/admin/applications/${id}/program`, { programId: 'lilly-cares' }, colleague.token)).status,
    ).toBe(200);

    // Never having read it, a navigator guesses its state and program: each refusal names what it is now.
    const staleMove = () => move(api, navigator.token, id, secondMove, { fromState: 'INTAKE' });
    const staleProgram = () =>
      api.put(`/admin/applications/${id}/program`, { programId: 'lilly-cares', fromProgramId: null }, navigator.token);
    expect([(await staleMove()).status, (await staleProgram()).status]).toEqual([409, 409]);
    const rows = await db.query(
      `SELECT action, subject_user_id, entity_id, metadata FROM audit_log WHERE actor_id = $1 ORDER BY created_at`,
      [navigator.id],
    );
    expect(rows).toEqual(
      ['stale-state', 'program-changed'].map((code) => ({
        action: 'application.change_refused',
        subject_user_id: patient.id,
        entity_id: id,
        metadata: { code },
      })),
    );

    await whileAuditRefused(db, auditsOf(navigator.id), async () => {
      for (const refused of [await staleMove(), await staleProgram()]) {
        expect(refused.status).toBe(500);
        const text = JSON.stringify(refused.body);
        expect(text).not.toMatch(/Lilly|moved|Submitted|Intake/i);
        expect(text).not.toContain(patient.id);
      }
    });
    // An application that does not exist tells nothing: a plain 404, and nothing to audit.
    const unknown = await move(api, navigator.token, '00000000-0000-4000-8000-000000000000', secondMove);
    expect(unknown.status).toBe(404);
    const after = await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1`, [navigator.id]);
    expect(after[0].n).toBe(2);
  });
});

describe('the audit log', () => {
  it("is itself audited: an admin's read names the patients of its page, and refused, it discloses nothing", async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    const navigator = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    expect((await api.get(`/admin/patients/${patient.id}`, navigator.token)).status).toBe(200);
    const path = `/admin/audit?patientId=${patient.id}`;

    await whileAuditRefused(db, auditsOf(admin.id), async () => {
      const refused = await api.get(path, admin.token);
      expect(refused.status).toBe(500);
      expect(JSON.stringify(refused.body)).not.toContain(navigator.id);
    });

    const first = await api.get(path, admin.token);
    expect(first.status).toBe(200);
    expect(first.body.data.entries).toContainEqual(
      expect.objectContaining({ action: 'patient.read', actorId: navigator.id, subjectUserId: patient.id }),
    );
    // The admin's read is on the patient's log now, as any staff read of them is.
    const second = await api.get(path, admin.token);
    expect(second.body.data.entries).toContainEqual(
      expect.objectContaining({ action: 'audit.read', actorId: admin.id, subjectUserId: patient.id }),
    );
  });
});
