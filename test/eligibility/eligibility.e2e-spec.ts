import { Client } from 'pg';
import {
  ELIGIBILITY_MESSAGES,
  type AdminApplicationView,
  type ApplicationView,
  type EligibilityCheckAnswer,
  type ProgramView,
} from '@rxbridge/contracts';
import { PAP_CATALOGUE, matchProgramFor } from '@rxbridge/domain';
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
import { eventually } from '../support/wait';
import { waitForQueuesIdle } from '../support/idle';

let stack: TestStack;
let api: Api;
let db: Client;
let nav: { token: string; id: string };
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  db = new Client({ connectionString: stack.settings.DATABASE_URL });
  await db.connect();
  nav = await newNavigator(stack, api);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

async function socketFor(token: string) {
  const socket = await connectSocket(stack.baseUrl, { token });
  sockets.push(socket);
  return socket;
}

const ozempicProgram = matchProgramFor('Ozempic')!;
/** A household of one in Illinois (2026 guideline $15,960): $15,000 is 93.9%, $150,000 is 939.8%. */
const LOW_INCOME = 1_500_000;
const HIGH_INCOME = 15_000_000;
const goodCheck = {
  medication: 'Ozempic',
  householdSize: 1,
  annualIncomeCents: LOW_INCOME,
  state: 'IL',
  insuranceType: 'None',
};

describe('GET /programs', () => {
  it('lists the whole catalogue to visitors, with documents and sources', async () => {
    const res = await api.get<{ programs: ProgramView[] }>('/programs?kind=PAP');
    expect(res.status).toBe(200);
    expect(res.body.data.programs).toHaveLength(PAP_CATALOGUE.length);
    for (const p of res.body.data.programs) {
      expect(p).toEqual({
        kind: 'PAP',
        id: expect.any(String),
        name: expect.any(String),
        sponsor: p.manufacturer,
        manufacturer: expect.any(String),
        medications: expect.arrayContaining([{ brand: expect.any(String), generic: expect.any(String) }]),
        website: p.website === null ? null : expect.any(String),
        incomeLimitFplPercent: p.incomeLimitFplPercent === null ? null : expect.any(Number),
        incomeLimitDollars: p.incomeLimitDollars === null ? null : expect.any(Object),
        requiredDocuments: expect.any(Array),
        application: expect.any(Object),
        enrollment: expect.any(Object),
        source: { url: expect.stringMatching(/^https?:\/\//), checkedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      });
    }
  });

  it('searches by medication, case-insensitively, and answers one program by id', async () => {
    const found = await api.get<{ programs: ProgramView[] }>('/programs?kind=PAP&search=OZEMPIC');
    expect(found.body.data.programs.map((p) => p.id)).toContain(ozempicProgram.id);
    expect(found.body.data.programs.every((p) => p.medications.some((m) => m.brand === 'Ozempic'))).toBe(true);
    const none = await api.get('/programs?search=notarealdrugzumab');
    expect(none.body.data.programs).toEqual([]);

    const one = await api.get<{ program: ProgramView }>(`/programs/${ozempicProgram.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.program).toMatchObject({ id: ozempicProgram.id, incomeLimitFplPercent: 200 });
    const unknown = await api.get('/programs/no-such-program');
    expect(unknown.status).toBe(404);
    expect(unknown.body.success).toBe(false);
  });

  it("gives a limit published in dollars as the dollars screening compares, with its guideline's year (§15)", async () => {
    const bms = (await api.get<{ program: ProgramView }>('/programs/bms-patient-assistance-foundation')).body.data;
    expect(bms.program).toMatchObject({
      incomeLimitFplPercent: null,
      incomeLimitDollars: {
        byHouseholdSize: [
          { householdSize: 1, cents: 4_518_000 },
          { householdSize: 2, cents: 6_132_000 },
        ],
        perExtraPersonCents: null,
        fplPercent: 300,
        guidelineYear: 2024,
        statesNotCovered: [],
      },
    });
    const listed = (await api.get<{ programs: ProgramView[] }>('/programs?kind=PAP&search=Januvia')).body.data;
    expect(listed.programs[0]).toMatchObject({
      id: 'merck-patient-assistance-program',
      incomeLimitFplPercent: null,
      incomeLimitDollars: { fplPercent: 400, guidelineYear: 2024, statesNotCovered: ['AK', 'HI'] },
    });
  });

  it('refuses a search with a NUL byte', async () => {
    const res = await api.get('/programs?search=oz%00empic');
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ search: 'contains a character that is not allowed (NUL)' });
    // In the patient's language, as every refusal (docs/product.md §20).
    const es = await api.get('/programs?search=oz%00empic', undefined, { 'Accept-Language': 'es' });
    expect(es.body.error?.fields).toEqual({ search: 'contiene un carácter que no se permite (NUL)' });
    expect(es.body.message).toBe('search: contiene un carácter que no se permite (NUL)');
  });
});

describe('POST /eligibility/check', () => {
  it.each([
    ['medication', { medication: 'oz\u0000empic' }],
    ['medication', { medication: '' }],
    ['medication', { medication: ['Ozempic'] }],
    ['householdSize', { householdSize: '1' }],
    ['householdSize', { householdSize: [1] }],
    ['householdSize', { householdSize: 0 }],
    ['householdSize', { householdSize: 21 }],
    ['householdSize', { householdSize: 2.5 }],
    ['annualIncomeCents', { annualIncomeCents: [LOW_INCOME] }],
    ['annualIncomeCents', { annualIncomeCents: '1500000' }],
    ['annualIncomeCents', { annualIncomeCents: -1 }],
    ['annualIncomeCents', { annualIncomeCents: 10.5 }],
    ['state', { state: 'XX' }],
    ['state', { state: 'Illinois' }],
    ['insuranceType', { insuranceType: 'Gold plan' }],
  ])('answers 400 naming %s for %j', async (field, change) => {
    const res = await api.post('/eligibility/check', { ...goodCheck, ...change });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error!.fields!)).toEqual([field]);
    expect(res.body.message).toContain(`${field}: `);
  });

  it('answers 400 naming every missing field', async () => {
    const res = await api.post('/eligibility/check', {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error!.fields!).sort()).toEqual(
      ['annualIncomeCents', 'householdSize', 'drugCoverage', 'medication', 'state'].sort(),
    );
  });

  it('answers no results and says a navigator can research a medication no program covers', async () => {
    const res = await api.post<EligibilityCheckAnswer>('/eligibility/check', {
      ...goodCheck,
      medication: 'Notarealdrugzumab',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ fplPercent: 93.9, povertyGuidelineCents: 1_596_000, results: [], routes: [] });
    expect(res.body.message).toBe(ELIGIBILITY_MESSAGES.noProgram);
  });

  it("screens a household of one for Ozempic against Novo Nordisk's program", async () => {
    const low = await api.post<EligibilityCheckAnswer>('/eligibility/check', { ...goodCheck, medication: 'ozempic' });
    expect(low.status).toBe(200);
    expect(low.body.message).toBeUndefined();
    expect(low.body.data).toEqual({
      fplPercent: 93.9,
      povertyGuidelineCents: 1_596_000,
      results: [
        {
          program: { id: ozempicProgram.id, name: ozempicProgram.name, manufacturer: ozempicProgram.manufacturer },
          verdict: 'LIKELY_ELIGIBLE',
          reasons: expect.arrayContaining([expect.stringMatching(/93\.9% of the 2026 poverty guideline/)]),
        },
      ],
      routes: expect.any(Array),
    });
    expect(low.body.data.results[0].program.manufacturer).toMatch(/Novo Nordisk/);

    const high = await api.post<EligibilityCheckAnswer>('/eligibility/check', {
      ...goodCheck,
      annualIncomeCents: HIGH_INCOME,
    });
    expect(high.body.data.fplPercent).toBe(939.8);
    expect(high.body.data.results[0].verdict).toBe('NOT_ELIGIBLE');
    expect(high.body.data.results[0].reasons.join(' ')).toMatch(/limit is 200%/);
  });

  it('limits checks per address (429 after 60 in the window)', async () => {
    const visitor = apiClient(stack.apiUrl, '10.251.1.1');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await visitor.post('/eligibility/check', goodCheck)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another address is not affected.
    expect((await apiClient(stack.apiUrl, '10.251.1.2').post('/eligibility/check', goodCheck)).status).toBe(200);
  });
});

describe('/users/eligibility', () => {
  it("keeps each patient's own facts, sealed at rest", async () => {
    const a = await newPatientWithApplications(api, []);
    const b = await newPatientWithApplications(api, []);
    expect((await api.get('/users/eligibility')).status).toBe(401);
    expect((await api.put('/users/eligibility', { householdSize: 2, annualIncomeCents: 1 })).status).toBe(401);

    const empty = await api.get('/users/eligibility', a.token);
    expect(empty.body.data).toEqual({ eligibility: { householdSize: null, annualIncomeCents: null } });

    const bad = await api.put('/users/eligibility', { householdSize: '3', annualIncomeCents: 4_321_000 }, a.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error!.fields!)).toEqual(['householdSize']);

    const saved = await api.put('/users/eligibility', { householdSize: 3, annualIncomeCents: 4_321_000 }, a.token);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ eligibility: { householdSize: 3, annualIncomeCents: 4_321_000 } });
    expect(saved.body.message).toBe(ELIGIBILITY_MESSAGES.factsSaved);
    expect((await api.get('/users/eligibility', a.token)).body.data.eligibility).toEqual({
      householdSize: 3,
      annualIncomeCents: 4_321_000,
    });
    // B sees only their own (none), never A's.
    expect((await api.get('/users/eligibility', b.token)).body.data.eligibility).toEqual({
      householdSize: null,
      annualIncomeCents: null,
    });

    const { rows } = await db.query('SELECT sealed_facts FROM patient_eligibility WHERE user_id = $1', [a.id]);
    expect(rows).toHaveLength(1);
    expect((rows[0].sealed_facts as Buffer).toString('latin1')).not.toContain('4321000');
  });
});

describe('applications and eligibility', () => {
  it('matches a new application to its program, and re-screens it live when the income changes', async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    const [app] = patient.applications;
    expect(app.program).toEqual({
      id: ozempicProgram.id,
      name: ozempicProgram.name,
      manufacturer: ozempicProgram.manufacturer,
      kind: 'PAP',
      website: ozempicProgram.website,
    });
    expect(app.programOverridden).toBe(false);
    expect(app.eligibility).toMatchObject({ verdict: 'NEEDS_REVIEW', fplPercent: null });
    expect(app.missingDocuments[0]).toEqual({ kind: 'PROOF_OF_INCOME', label: 'Proof of income' });
    expect(app.missingDocuments.map((d) => d.kind)).toEqual(app.documents.map((d) => d.kind));

    // Earlier pushes (the opening) are out of the way: the ones recorded now come from the changes below.
    await waitForQueuesIdle(stack);
    const updates = recordUpdates(await socketFor(patient.token));
    await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: LOW_INCOME }, patient.token);
    await waitForUpdate(updates, (u) => u.applicationId === app.id);
    const [low] = (await api.get<{ applications: ApplicationView[] }>('/applications', patient.token)).body.data
      .applications;
    expect(low.eligibility).toEqual({
      verdict: 'LIKELY_ELIGIBLE',
      reasons: expect.arrayContaining([expect.stringMatching(/93\.9%/)]),
      fplPercent: 93.9,
    });

    const before = updates.length;
    await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: HIGH_INCOME }, patient.token);
    const pushed = await eventually(
      async () => updates.slice(before).find((u) => u.applicationId === app.id),
      'a second application.updated',
    );
    expect(pushed).toMatchObject({ applicationId: app.id, transitionId: null });
    const [high] = (await api.get<{ applications: ApplicationView[] }>('/applications', patient.token)).body.data
      .applications;
    expect(high.eligibility).toMatchObject({ verdict: 'NOT_ELIGIBLE', fplPercent: 939.8 });

    // The navigator console shows the same program and verdict.
    const admin = await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token);
    expect(admin.body.data.application).toMatchObject({
      program: { id: ozempicProgram.id },
      eligibility: { verdict: 'NOT_ELIGIBLE', fplPercent: 939.8 },
    });
  });

  it('re-screens when insurance is added: Medicaid changes the verdict', async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: LOW_INCOME }, patient.token);
    await eventually(async () => {
      const res = await api.get<{ applications: ApplicationView[] }>('/applications', patient.token);
      return res.body.data.applications[0].eligibility?.verdict === 'LIKELY_ELIGIBLE' ? true : undefined;
    }, 'the low-income verdict');
    await waitForQueuesIdle(stack);
    const updates = recordUpdates(await socketFor(patient.token));
    expect((await api.post('/insurance', { provider: 'Medicaid' }, patient.token)).status).toBe(201);
    await waitForUpdate(updates, (u) => u.applicationId === patient.applications[0].id);
    const [app] = (await api.get<{ applications: ApplicationView[] }>('/applications', patient.token)).body.data
      .applications;
    expect(app.eligibility!.reasons.join(' ')).toMatch(/Medicaid/);
    expect(app.eligibility!.verdict).not.toBe('LIKELY_ELIGIBLE');
  });

  it("re-screens when the patient's state changes: Alaska has its own poverty guideline", async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: LOW_INCOME }, patient.token);
    await waitForQueuesIdle(stack);
    const updates = recordUpdates(await socketFor(patient.token));
    expect((await api.put('/users/profile', { mailingState: 'AK' }, patient.token)).status).toBe(200);
    await waitForUpdate(updates, (u) => u.applicationId === patient.applications[0].id);
    const [app] = (await api.get<{ applications: ApplicationView[] }>('/applications', patient.token)).body.data
      .applications;
    // $15,000 against Alaska's $19,950 for one person.
    expect(app.eligibility).toMatchObject({ verdict: 'LIKELY_ELIGIBLE', fplPercent: 75.1 });
    expect(app.eligibility!.reasons.join(' ')).toMatch(/in AK/);
  });

  it('opens an application no program covers with NO_PROGRAM and the default checklist', async () => {
    const patient = await newPatientWithApplications(api, ['Notarealdrugzumab']);
    const [app] = patient.applications;
    expect(app.program).toBeNull();
    expect(app.eligibility).toEqual({
      verdict: 'NO_PROGRAM',
      reasons: [ELIGIBILITY_MESSAGES.noProgram],
      fplPercent: null,
    });
    expect(app.missingDocuments.map((d) => d.kind)).toEqual(['PROOF_OF_INCOME', 'PRESCRIBER_FORM']);
  });
});

describe('PUT /admin/applications/{id}/program', () => {
  it("lets a navigator set the program: audited, on the timeline, and pushed to the patient's screen", async () => {
    const patient = await newPatientWithApplications(api, ['Notarealdrugzumab']);
    const [app] = patient.applications;
    const target = PAP_CATALOGUE.find((p) => p.id === 'lilly-cares')!;
    const updates = recordUpdates(await socketFor(patient.token));

    const res = await api.put<{ application: AdminApplicationView }>(
      `/admin/applications/${app.id}/program`,
      { programId: target.id },
      nav.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ELIGIBILITY_MESSAGES.programSet(target.name));
    const view = res.body.data.application;
    expect(view).toMatchObject({
      program: { id: target.id, name: target.name, manufacturer: target.manufacturer },
      programOverridden: true,
      state: 'INTAKE',
      eligibility: { verdict: 'NEEDS_REVIEW' },
    });
    expect(view.missingDocuments[0].kind).toBe('PROOF_OF_INCOME');
    const entry = view.timeline.at(-1)!;
    expect(entry).toMatchObject({
      fromState: 'INTAKE',
      toState: 'INTAKE',
      actorRole: 'NAVIGATOR',
      actorName: 'Nora Navigator',
      note: `Program set to ${target.name} by navigator`,
    });

    const update = await waitForUpdate(updates, (u) => u.transitionId === entry.id);
    expect(update).toMatchObject({ applicationId: app.id, state: 'INTAKE' });
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1 AND subject_user_id = $2 AND action = 'application.program_set' AND entity_id = $3`,
      [nav.id, patient.id, app.id],
    );
    expect(rows[0].n).toBe(1);
    const mine = (await api.get<{ applications: ApplicationView[] }>('/applications', patient.token)).body.data
      .applications[0];
    expect(mine.program?.id).toBe(target.id);
  });

  it("refuses a change made from a view older than a colleague's choice, keeping the colleague's program", async () => {
    const patient = await newPatientWithApplications(api, ['Notarealdrugzumab']);
    const [app] = patient.applications;
    const put = (body: Record<string, unknown>) => api.put(`/admin/applications/${app.id}/program`, body, nav.token);
    // Both navigators saw no program; one sets Lilly Cares, then the other (from that older view) sets another.
    expect((await put({ programId: 'lilly-cares', fromProgramId: null })).status).toBe(200);
    const lilly = PAP_CATALOGUE.find((p) => p.id === 'lilly-cares')!;
    const other = PAP_CATALOGUE.find((p) => p.id !== 'lilly-cares')!;
    const stale = await put({ programId: other.id, fromProgramId: null });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `Someone else set this application's program to ${lilly.name} since you looked. Look again before changing it.`,
    );
    const view = (await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token)).body
      .data.application;
    expect(view.program?.id).toBe('lilly-cares');
    // From what is set now, the change goes.
    expect((await put({ programId: other.id, fromProgramId: 'lilly-cares' })).status).toBe(200);
  });

  it('answers 404 for an unknown program or application, 400 without a programId, 403 to a patient', async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    const [app] = patient.applications;
    const unknownProgram = await api.put(
      `/admin/applications/${app.id}/program`,
      { programId: 'no-such-program' },
      nav.token,
    );
    expect(unknownProgram.status).toBe(404);
    const unknownApp = await api.put(
      '/admin/applications/00000000-0000-4000-8000-000000000000/program',
      { programId: 'lilly-cares' },
      nav.token,
    );
    expect(unknownApp.status).toBe(404);
    const missing = await api.put(`/admin/applications/${app.id}/program`, { programId: 3 }, nav.token);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error!.fields!)).toEqual(['programId']);
    const patientTry = await api.put(
      `/admin/applications/${app.id}/program`,
      { programId: 'lilly-cares' },
      patient.token,
    );
    expect(patientTry.status).toBe(403);

    // Nothing changed.
    const mine = (await api.get<{ applications: ApplicationView[] }>('/applications', patient.token)).body.data
      .applications[0];
    expect(mine).toMatchObject({ program: { id: ozempicProgram.id }, programOverridden: false });
    expect(mine.timeline).toHaveLength(1);
  });
});
