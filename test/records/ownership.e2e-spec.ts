import type { Client } from 'pg';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { connectDb, FILES, newPatient, upload, type Api } from './helpers';

let stack: TestStack;
let api: Api;
let db: Client;
let owner: { token: string; id: string };
let intruder: { token: string; id: string };
const ids: Record<'doctor' | 'prescription' | 'insurance' | 'document', string> = {} as never;

const doctor = { firstName: 'Ann', lastName: 'Lee', specialty: 'Cardiology', doctorAddress: '1 Clinic Way' };
const prescription = { medication: 'Eliquis', dosage: '5 mg', frequency: 'Twice daily' };

beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
  db = await connectDb(stack);
  owner = await newPatient(api);
  intruder = await newPatient(api);
  ids.doctor = (await api.post('/doctors/bulk', [doctor], owner.token)).body.data.doctors[0].id;
  ids.prescription = (
    await api.post('/prescriptions/bulk', [{ ...prescription, doctorId: ids.doctor }], owner.token)
  ).body.data.prescriptions[0].id;
  ids.insurance = (await api.post('/insurance', { provider: 'Aetna' }, owner.token)).body.data.insurance.id;
  ids.document = (await upload(stack, owner.token, { bytes: FILES.pdf, title: 'Owner card' })).body.data.document.id;
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

/** Every route that takes an id, as the intruder would call it. */
const routes: [string, (id: string) => Promise<{ status: number; body: any }>, keyof typeof ids][] = [
  ['PUT /doctors/:id', (id) => api.put(`/doctors/${id}`, doctor, intruder.token), 'doctor'],
  ['DELETE /doctors/:id', (id) => api.delete(`/doctors/${id}`, intruder.token), 'doctor'],
  ['PUT /prescriptions/:id', (id) => api.put(`/prescriptions/${id}`, prescription, intruder.token), 'prescription'],
  ['DELETE /prescriptions/:id', (id) => api.delete(`/prescriptions/${id}`, intruder.token), 'prescription'],
  ['DELETE /insurance/:id', (id) => api.delete(`/insurance/${id}`, intruder.token), 'insurance'],
  ['GET /documents/:id/access', (id) => api.get(`/documents/${id}/access`, intruder.token), 'document'],
  ['DELETE /documents/:id', (id) => api.delete(`/documents/${id}`, intruder.token), 'document'],
];

describe.each(routes)('%s', (_name, call, kind) => {
  it("answers another patient's id exactly as an id that does not exist", async () => {
    const theirs = await call(ids[kind]);
    const unknown = await call('00000000-0000-4000-8000-000000000000');
    const malformed = await call('not-a-uuid');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ success: false, error: { code: 'not-found' } });
    for (const other of [unknown, malformed]) {
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(theirs.body.message);
    }
  });
});

it("leaves the owner's records untouched and unaudited after every attempt", async () => {
  expect((await api.get('/doctors', owner.token)).body.data.doctors).toEqual([
    expect.objectContaining({ id: ids.doctor, firstName: 'Ann' }),
  ]);
  expect((await api.get('/prescriptions', owner.token)).body.data.prescriptions).toEqual([
    expect.objectContaining({ id: ids.prescription, doctorId: ids.doctor }),
  ]);
  expect((await api.get('/insurance', owner.token)).body.data.insurances).toEqual([
    expect.objectContaining({ id: ids.insurance }),
  ]);
  expect((await api.get('/documents', owner.token)).body.data.documents).toEqual([
    expect.objectContaining({ id: ids.document }),
  ]);
  expect((await db.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBe(0);
});

it("never lists another patient's records", async () => {
  expect((await api.get('/doctors', intruder.token)).body.data.doctors).toEqual([]);
  expect((await api.get('/prescriptions', intruder.token)).body.data.prescriptions).toEqual([]);
  expect((await api.get('/insurance', intruder.token)).body.data.insurances).toEqual([]);
  expect((await api.post('/documents/search', { search: 'Owner' }, intruder.token)).body.data.documents).toEqual([]);
});

it('gives each patient only their own prescriptions when many lists are read together', async () => {
  // Lists asked for at once are read in one statement (docs/architecture.md §15): each answer must
  // still hold its own patient's rows alone.
  const asks = Array.from({ length: 40 }, (_, i) => (i % 2 ? intruder : owner));
  const answers = await Promise.all(asks.map((who) => api.get('/prescriptions', who.token)));
  answers.forEach((res, i) => {
    expect(res.status).toBe(200);
    expect(res.body.data.prescriptions).toEqual(
      i % 2 ? [] : [expect.objectContaining({ id: ids.prescription, doctorId: ids.doctor })],
    );
  });
});

it("refuses to attach another patient's doctor to a new prescription", async () => {
  const res = await api.post('/prescriptions/bulk', [{ ...prescription, doctorId: ids.doctor }], intruder.token);
  expect(res.status).toBe(400);
  expect((await api.get('/prescriptions', intruder.token)).body.data.prescriptions).toEqual([]);
});
