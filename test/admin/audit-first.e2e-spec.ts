import { DataSource } from 'typeorm';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';

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

const refuseAuditsOf = (actorId: string) =>
  db.query(`
    CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused for this test'; END $$;
    CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.actor_id = '${actorId}') EXECUTE FUNCTION test_refuse_audit();`);

describe('a staff read whose audit row cannot be written', () => {
  it('answers 500 without any of the patient, and the same reads answer once audits are written again', async () => {
    const navigator = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const reads = [
      `/admin/patients/${patient.id}`,
      `/admin/applications/${patient.applications[0].id}`,
      `/admin/patients?page=1&limit=100&search=${encodeURIComponent(patient.email)}`,
      '/admin/applications?page=1&limit=100',
    ];

    await refuseAuditsOf(navigator.id);
    try {
      for (const path of reads) {
        const res = await api.get(path, navigator.token);
        expect({ path, status: res.status }).toEqual({ path, status: 500 });
        const text = JSON.stringify(res.body);
        expect(text).not.toContain(patient.email);
        expect(text).not.toContain(patient.id);
        expect(text).not.toContain(patient.applications[0].id);
      }
    } finally {
      await db.query('DROP TRIGGER test_refuse_audit ON audit_log');
    }
    const refused = await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1`, [navigator.id]);
    expect(refused[0].n).toBe(0);

    for (const path of reads) {
      const res = await api.get(path, navigator.token);
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
