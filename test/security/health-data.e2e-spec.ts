import { Writable } from 'node:stream';
import { DataSource, QueryFailedError } from 'typeorm';
import { createLogger } from '@rxbridge/platform';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';

let stack: TestStack;
let api: Api;
let db: DataSource;
beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  db = stack.api.get(DataSource);
});
afterAll(() => stack?.close());

/** The API's own logger configuration, writing into memory. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ LOG_LEVEL: 'info' }, sink), lines };
}

describe('health data stays out of logs (docs/architecture.md §13)', () => {
  it('logs a failed query with its code, without its parameters or the driver details', async () => {
    const secret = 'Eliquis 5mg for Rosa Diaz';
    const error = await db
      .query(`SELECT $1::text AS medication, $2::date AS born`, [secret, `${secret} 1968-07-14`])
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(error).toBeInstanceOf(QueryFailedError);
    // What TypeORM puts on the error: the very values a log must not hold.
    expect((error as QueryFailedError & { parameters: unknown[] }).parameters).toContain(secret);

    const { logger, lines } = capturedLogger();
    logger.error({ err: error, requestId: 'r-1' }, 'request failed');
    const line = lines.join('');
    expect(line).toContain('"type":"QueryFailedError"');
    expect(line).toContain('"code":"22007"');
    expect(line).not.toContain('Eliquis');
    expect(line).not.toContain('Rosa');
    // A date, not a bare number: the line's pid and time are numbers that may hold any four digits.
    expect(line).not.toContain('1968-07-14');
    expect(line).not.toContain('parameters');
    expect(line).not.toContain('driverError');
  });
});

describe('staff reads of lists and searches are audited; the audit is append-only', () => {
  it('audits the patient list, a search and the queue, and admins read it by staff and patient', async () => {
    const navigator = await newNavigator(stack, api);
    const admin = await newNavigator(stack, api, 'ADMIN');
    const patient = await newPatientWithApplications(api, ['Eliquis'], { lastName: 'Quartermaine' });

    expect((await api.post('/admin/patients/search', { search: 'Quartermaine' }, navigator.token)).status).toBe(200);
    expect((await api.get('/admin/applications?state=INTAKE', navigator.token)).status).toBe(200);

    const byStaff = await api.get(`/admin/audit?staffId=${navigator.id}`, admin.token);
    expect(byStaff.status).toBe(200);
    const actions = byStaff.body.data.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['patients.list', 'applications.list']));
    const search = byStaff.body.data.entries.find((e: { action: string }) => e.action === 'patients.list');
    expect(search.metadata).toMatchObject({ search: 'Quartermaine', patientIds: [patient.id] });

    // A page past the end has no entry, and still counts every one: the console goes back to the last page.
    const { totalCount, totalPages } = byStaff.body.data.pagination;
    expect(totalCount).toBeGreaterThanOrEqual(2);
    const pastTheEnd = await api.get(`/admin/audit?staffId=${navigator.id}&page=999`, admin.token);
    expect(pastTheEnd.status).toBe(200);
    expect(pastTheEnd.body.data.entries).toEqual([]);
    expect(pastTheEnd.body.data.pagination).toMatchObject({ currentPage: 999, totalCount, totalPages });

    const byPatient = await api.get(`/admin/audit?patientId=${patient.id}&staffId=${navigator.id}`, admin.token);
    expect(byPatient.body.data.entries.map((e: { action: string }) => e.action).sort()).toEqual(
      ['applications.list', 'patients.list'].sort(),
    );

    // Admins only; ids are checked.
    expect((await api.get('/admin/audit', navigator.token)).status).toBe(403);
    const bad = await api.get('/admin/audit?staffId=nope', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields!.staffId).toBe('staffId must be an id');

    // Not even the application's own database account can rewrite or remove an entry.
    await expect(
      db.query(`UPDATE audit_log SET action = 'nothing' WHERE actor_id = $1`, [navigator.id]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM audit_log WHERE actor_id = $1`, [navigator.id])).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
  });
});
