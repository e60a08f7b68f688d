// Coverage asked for what it is (docs/product.md §6.3 Insurance, §15): the insurance endpoints answer and save the
// coverage answers, the answers decide the screening of the application views, and the profile takes territories.
import { Client } from 'pg';
import {
  COVERAGE_MESSAGES,
  MESSAGES,
  type AdminPatientRecord,
  type ApplicationView,
  type InsuranceView,
} from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import {
  connectSocket,
  newNavigator,
  newPatientWithApplications,
  recordUpdates,
  waitForUpdate,
  type Api,
  type ClientSocket,
} from '../applications/helpers';
import { waitForQueuesIdle } from '../support/idle';

let stack: TestStack;
let api: Api;
let db: Client;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  db = new Client({ connectionString: stack.settings.DATABASE_URL });
  await db.connect();
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

const insurancesOf = async (token: string) =>
  (await api.get<{ insurances: InsuranceView[] }>('/insurance', token)).body.data.insurances;
const applicationsOf = async (token: string) =>
  (await api.get<{ applications: ApplicationView[] }>('/applications', token)).body.data.applications;

describe('insurance coverage answers', () => {
  it('answers null until given, saves them on POST and PUT, and keeps the carrier', async () => {
    const p = await newPatientWithApplications(api, [], { insurances: [{ provider: 'Aetna' }] });
    const [signedUp] = await insurancesOf(p.token);
    expect(signedUp).toMatchObject({
      provider: 'Aetna',
      coverageType: 'Commercial Insurance',
      drugCoverage: null,
      extraHelp: null,
      outOfPocketCentsThisYear: null,
    });

    const added = await api.post(
      '/insurance',
      { provider: 'Humana', drugCoverage: 'MEDICARE_PART_D', extraHelp: false, outOfPocketCentsThisYear: 85_000 },
      p.token,
    );
    expect(added.status).toBe(201);
    expect(added.body.data.insurance).toMatchObject({
      provider: 'Humana',
      coverageType: 'Commercial Insurance',
      drugCoverage: 'MEDICARE_PART_D',
      extraHelp: false,
      outOfPocketCentsThisYear: 85_000,
    });

    // Only the fields sent change.
    const put = await api.put(`/insurance/${signedUp.id}`, { drugCoverage: 'EMPLOYER' }, p.token);
    expect(put.status).toBe(200);
    expect(put.body.message).toBe(COVERAGE_MESSAGES.insuranceUpdated);
    expect(put.body.data.insurance).toMatchObject({ id: signedUp.id, provider: 'Aetna', drugCoverage: 'EMPLOYER' });
    const cleared = await api.put(`/insurance/${added.body.data.insurance.id}`, { extraHelp: null }, p.token);
    expect(cleared.body.data.insurance).toMatchObject({ drugCoverage: 'MEDICARE_PART_D', extraHelp: null });

    expect(await insurancesOf(p.token)).toEqual([
      expect.objectContaining({ provider: 'Aetna', drugCoverage: 'EMPLOYER', extraHelp: null }),
      expect.objectContaining({
        provider: 'Humana',
        drugCoverage: 'MEDICARE_PART_D',
        extraHelp: null,
        outOfPocketCentsThisYear: 85_000,
      }),
    ]);
  });

  it('takes the coverage answers at signup', async () => {
    const p = await newPatientWithApplications(api, [], {
      insurances: [{ provider: 'Humana', drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS', extraHelp: true }],
    });
    expect(await insurancesOf(p.token)).toEqual([
      expect.objectContaining({ drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS', extraHelp: true }),
    ]);
  });

  it.each([
    ['drugCoverage', { drugCoverage: 'PLATINUM' }, COVERAGE_MESSAGES.drugCoverage],
    ['drugCoverage', { drugCoverage: 3 }, COVERAGE_MESSAGES.drugCoverage],
    ['extraHelp', { extraHelp: 'yes' }, COVERAGE_MESSAGES.extraHelp],
    ['outOfPocketCentsThisYear', { outOfPocketCentsThisYear: '850' }, COVERAGE_MESSAGES.outOfPocket],
    ['outOfPocketCentsThisYear', { outOfPocketCentsThisYear: -1 }, COVERAGE_MESSAGES.outOfPocket],
    ['outOfPocketCentsThisYear', { outOfPocketCentsThisYear: 10.5 }, COVERAGE_MESSAGES.outOfPocket],
    ['outOfPocketCentsThisYear', { outOfPocketCentsThisYear: 100_000_001 }, COVERAGE_MESSAGES.outOfPocketTooHigh],
  ])('refuses a bad %s with a 400 naming it, on POST and PUT, writing nothing', async (field, bad, message) => {
    const p = await newPatientWithApplications(api, [], { insurances: [{ provider: 'Aetna' }] });
    const [row] = await insurancesOf(p.token);
    const post = await api.post('/insurance', { provider: 'Humana', ...bad }, p.token);
    expect(post.status).toBe(400);
    expect(post.body.error!.fields![field]).toBe(message);
    const put = await api.put(`/insurance/${row.id}`, { provider: 'Cigna', ...bad }, p.token);
    expect(put.status).toBe(400);
    expect(put.body.message).toBe(message);
    expect(put.body.error!.fields![field]).toBe(message);
    expect(await insurancesOf(p.token)).toEqual([row]);
  });

  it('refuses an empty PUT and a bad provider', async () => {
    const p = await newPatientWithApplications(api, [], { insurances: [{ provider: 'Aetna' }] });
    const [row] = await insurancesOf(p.token);
    const empty = await api.put(`/insurance/${row.id}`, {}, p.token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.noChanges);
    const provider = await api.put(`/insurance/${row.id}`, { provider: 'Acme' }, p.token);
    expect(provider.body.error!.fields!.provider).toBe(MESSAGES.insuranceProviderRequired);
  });

  it("lets only the owner change a plan: another patient's or an unknown id answers 404", async () => {
    const owner = await newPatientWithApplications(api, [], { insurances: [{ provider: 'Aetna' }] });
    const other = await newPatientWithApplications(api, []);
    const [row] = await insurancesOf(owner.token);
    expect((await api.put(`/insurance/${row.id}`, { drugCoverage: 'MEDICAID' }, other.token)).status).toBe(404);
    expect((await api.put('/insurance/not-an-id', { drugCoverage: 'MEDICAID' }, other.token)).status).toBe(404);
    expect((await api.put(`/insurance/${row.id}`, { drugCoverage: 'MEDICAID' })).status).toBe(401);
    expect(await insurancesOf(owner.token)).toEqual([row]);
  });

  it('screens a Humana plan answered Medicare Part D with the Medicare rules, live, and shows the navigator', async () => {
    const p = await newPatientWithApplications(api, ['Ozempic'], { insurances: [{ provider: 'Humana' }] });
    await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: 1_500_000 }, p.token);
    await waitForQueuesIdle(stack);
    // Unanswered: the carrier's old coverage type (commercial) still decides.
    const [before] = await applicationsOf(p.token);
    expect(before.eligibility!.reasons.join(' ')).toMatch(/commercial insurance/);
    expect(before.eligibility!.reasons.join(' ')).not.toMatch(/Medicare/);

    const socket = await connectSocket(stack.baseUrl, { token: p.token });
    sockets.push(socket);
    const updates = recordUpdates(socket);
    const [row] = await insurancesOf(p.token);
    const put = await api.put(`/insurance/${row.id}`, { drugCoverage: 'MEDICARE_PART_D', extraHelp: false }, p.token);
    expect(put.status).toBe(200);
    await waitForUpdate(updates, (u) => u.applicationId === before.id);
    const [after] = await applicationsOf(p.token);
    expect(after.eligibility!.reasons.join(' ')).toMatch(/Medicare Part D/);
    expect(after.eligibility!.reasons.join(' ')).not.toMatch(/commercial insurance/);

    // The navigator sees the answers on the patient's record, and the read is audited.
    const nav = await newNavigator(stack, api);
    const record = await api.get<AdminPatientRecord>(`/admin/patients/${p.id}`, nav.token);
    expect(record.status).toBe(200);
    expect(record.body.data.insurances).toEqual([
      expect.objectContaining({ provider: 'Humana', drugCoverage: 'MEDICARE_PART_D', extraHelp: false }),
    ]);
    const audit = await db.query(`SELECT 1 FROM audit_log WHERE actor_id = $1 AND subject_user_id = $2`, [
      nav.id,
      p.id,
    ]);
    expect(audit.rowCount).toBeGreaterThan(0);
  });
});

describe('residency as people give it', () => {
  it.each(['DC', 'PR', 'VI', 'GU', 'AS', 'MP'])('accepts %s as the profile state and at signup', async (state) => {
    const p = await newPatientWithApplications(api, [], { mailingState: state === 'DC' ? 'PR' : 'DC' });
    const res = await api.put('/users/profile', { mailingState: state.toLowerCase() }, p.token);
    expect(res.status).toBe(200);
    expect((await api.get('/users/profile', p.token)).body.data.user.mailingState).toBe(state);
  });

  it('still refuses a code that is no state, DC or territory', async () => {
    const p = await newPatientWithApplications(api, []);
    const res = await api.put('/users/profile', { mailingState: 'XX' }, p.token);
    expect(res.status).toBe(400);
    expect(res.body.error!.fields!.mailingState).toBe(MESSAGES.invalidState);
  });
});
