import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { runMigrations } from '@rxbridge/database';
import { createTestDatabase, testServers } from '../support/infra';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import { connectDb, newPatient, newStaff } from '../records/helpers';

// deploy/kubernetes/app-role.sql, as docker-compose.yml's db-roles and the migration Job run it: the
// owner role (here the test server's superuser) makes the app's own role, which reads and writes rows
// but cannot change the schema, so it cannot drop the audit log's append-only trigger
// (docs/architecture.md §9, §13). Needs psql (apt-get install postgresql-client; .ci/run does).
const SQL = join(__dirname, '../../deploy/kubernetes/app-role.sql');

function appRoleSql(ownerUrl: string, appUrl?: string) {
  const vars = appUrl === undefined ? [] : ['-v', `app_url=${appUrl}`];
  const res = spawnSync('psql', [ownerUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', ...vars, '-f', SQL], {
    encoding: 'utf8',
  });
  if (res.error) throw new Error(`psql is needed for this test (apt-get install postgresql-client): ${res.error}`);
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

/** A role of this test alone (roles are the server's, not the database's), dropped by the returned function. */
function newAppRole(ownerUrl: string) {
  const role = `rxb_app_${testServers().runId}_${randomBytes(3).toString('hex')}`.toLowerCase();
  const password = randomBytes(16).toString('hex');
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password;
  return { role, url: url.toString() };
}

async function dropRole(role: string) {
  const admin = new Client({ connectionString: testServers().pgAdmin });
  await admin.connect();
  try {
    await admin.query(`DROP ROLE IF EXISTS "${role}"`);
  } finally {
    await admin.end();
  }
}

/** The error code PostgreSQL answers a statement with, or 'ok'. */
async function outcome(db: Client, sql: string): Promise<string> {
  try {
    await db.query(sql);
    return 'ok';
  } catch (err) {
    return `${(err as { code?: string }).code}: ${(err as Error).message}`;
  }
}

describe("the app's own PostgreSQL role (app-role.sql)", () => {
  let db: { url: string; drop: () => Promise<void> };
  let app: { role: string; url: string };
  beforeAll(async () => {
    db = await createTestDatabase();
    app = newAppRole(db.url);
  });
  afterAll(async () => {
    await db?.drop();
    if (app) await dropRole(app.role);
  });

  it('is made before the first migration, and the migrations made later are granted to it', async () => {
    expect(appRoleSql(db.url, app.url)).toEqual({ code: 0, out: '' });
    await runMigrations(db.url);
    // Run again on every deploy: nothing changes, nothing fails.
    expect(appRoleSql(db.url, app.url)).toEqual({ code: 0, out: '' });

    const asApp = new Client({ connectionString: app.url });
    await asApp.connect();
    try {
      const { rows } = await asApp.query<{ user: string }>('SELECT current_user AS user');
      expect(rows[0].user).toBe(app.role);
      // Rows: read, write, and the audit log's rows added.
      expect(await outcome(asApp, 'SELECT count(*) FROM users')).toBe('ok');
      expect(
        await outcome(
          asApp,
          `INSERT INTO audit_log (id, action) VALUES ('00000000-0000-4000-8000-000000000001', 'test')`,
        ),
      ).toBe('ok');
      // The trigger refuses changes to the audit log, and the app's role cannot remove it.
      expect(await outcome(asApp, `UPDATE audit_log SET action = 'changed'`)).toMatch(
        /^42501: audit_log is append-only/,
      );
      expect(await outcome(asApp, 'DROP TRIGGER audit_log_no_change ON audit_log')).toMatch(/^42501: must be owner/);
      expect(await outcome(asApp, 'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change')).toMatch(
        /^42501: must be owner/,
      );
      expect(await outcome(asApp, 'DROP FUNCTION audit_log_append_only()')).toMatch(/^42501: must be owner/);
      expect(await outcome(asApp, 'TRUNCATE audit_log')).toMatch(/^42501: permission denied/);
      // Nor any other change of the schema.
      expect(await outcome(asApp, 'ALTER TABLE users ADD COLUMN x int')).toMatch(/^42501: must be owner/);
      expect(await outcome(asApp, 'DROP TABLE users')).toMatch(/^42501: must be owner/);
      expect(await outcome(asApp, 'CREATE TABLE extra (id int)')).toMatch(
        /^42501: permission denied for schema public/,
      );
    } finally {
      await asApp.end();
    }
  });

  it("refuses a DATABASE_URL it cannot read, or the owner's own role, naming the problem", () => {
    const missing = appRoleSql(db.url);
    expect(missing.code).not.toBe(0);
    expect(missing.out).toContain("pass the app's DATABASE_URL with -v app_url=");

    for (const bad of [
      'redis://u:p@host/db',
      'postgres://rxbridge_app@postgres:5432/rxbridge',
      'postgres://a:p%40ss@h/d',
    ]) {
      const res = appRoleSql(db.url, bad);
      expect([bad, res.code === 0]).toEqual([bad, false]);
      expect(res.out).toContain('DATABASE_URL must name its role and password');
    }

    const owner = new URL(db.url);
    owner.password = 'x';
    const same = appRoleSql(db.url, owner.toString());
    expect(same.code).not.toBe(0);
    expect(same.out).toContain('name the same role');
  });
});

describe('the API and the worker as the app role', () => {
  let stack: TestStack;
  let role: string | undefined;
  beforeAll(async () => {
    stack = await startStack({
      appDatabaseUrl: async (ownerUrl) => {
        const app = newAppRole(ownerUrl);
        role = app.role;
        const res = appRoleSql(ownerUrl, app.url);
        if (res.code !== 0) throw new Error(res.out);
        return app.url;
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
    if (role) await dropRole(role);
  });

  it("sign up a patient, handle its events and audit a navigator's read, with row privileges only", async () => {
    const api = apiClient(stack.apiUrl);
    const db = await connectDb(stack);
    try {
      const patient = await newPatient(api);
      const navigator = await newStaff(api, db);
      expect((await api.get(`/admin/patients/${patient.id}`, navigator.token)).status).toBe(200);
      await waitForQueuesIdle(stack);
      const { rows } = await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM audit_log WHERE actor_id = $1 AND subject_user_id = $2',
        [navigator.id, patient.id],
      );
      expect(Number(rows[0].n)).toBeGreaterThan(0);
      const published = await db.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE published_at IS NULL');
      expect(Number(published.rows[0].n)).toBe(0);
      expect((await db.query<{ user: string }>('SELECT current_user AS user')).rows[0].user).toBe(role);
    } finally {
      await db.end();
    }
  });
});
