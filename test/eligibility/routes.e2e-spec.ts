// Routes for every patient (docs/product.md §19): the check's routes, the catalogue by kind, the routes on every
// application view and a navigator switching an application to another route's program.
import {
  API_MESSAGES,
  API_MESSAGES_ES,
  ELIGIBILITY_MESSAGES,
  ELIGIBILITY_MESSAGES_ES,
  ROUTE_MESSAGES,
  SIGNATURE_MESSAGES,
  SUBMISSION_MESSAGES,
  type AdminApplicationView,
  type ApplicationView,
  type CatalogueEntryView,
  type EligibilityCheckAnswer,
  type RouteView,
} from '@rxbridge/contracts';
import {
  COPAY_CARD_CATALOGUE,
  FOUNDATION_CATALOGUE,
  PAP_CATALOGUE,
  REASONS_EN,
  REASONS_ES,
  matchProgramFor,
  patientAsks,
} from '@rxbridge/domain';
import { DataSource } from 'typeorm';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { move, newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';
import { eventually } from '../support/wait';

let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
});
afterAll(async () => {
  await stack?.close();
});

const ozempicPap = matchProgramFor('Ozempic')!;
const lillyCares = PAP_CATALOGUE.find((p) => p.id === 'lilly-cares')!;
const healthwell = FOUNDATION_CATALOGUE.find((f) => f.id === 'healthwell-foundation')!;
const medicareFund = healthwell.funds.find((f) => f.medicareOnly)!;
/** A maker's oncology medication: HealthWell's only oncology fund is for Medicare patients. */
const oncology = PAP_CATALOGUE.flatMap((p) => p.medications).find((m) => m.area === 'ONCOLOGY')!.brand;
const ozempicCard = COPAY_CARD_CATALOGUE.find((c) => c.medications.some((m) => m.brand === 'Ozempic'))!;
/** One person in Illinois, $20,000 a year: 125.3% of the 2026 guideline (under 150%: Extra Help may cover them). */
const check = { medication: 'Ozempic', householdSize: 1, annualIncomeCents: 2_000_000, state: 'IL' };
const post = (body: Record<string, unknown>) => api.post<EligibilityCheckAnswer>('/eligibility/check', body);
const summary = (routes: RouteView[]) => routes.map((r) => `${r.kind}:${r.program?.id ?? '-'}:${r.verdict}`);

describe('POST /eligibility/check answers routes', () => {
  it('a Medicare Part D patient: the maker program, an open foundation fund, Extra Help and the payment plan', async () => {
    const res = await post({ ...check, drugCoverage: 'MEDICARE_PART_D', extraHelp: false, outOfPocketCents: 50_000 });
    expect(res.status).toBe(200);
    const { routes, results } = res.body.data;
    expect(results.map((r) => r.program.id)).toEqual([ozempicPap.id]);
    const kinds = new Set(routes.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['COPAY_CARD', 'EXTRA_HELP', 'FOUNDATION', 'MEDICARE_PAYMENT_PLAN', 'PAP']);
    const card = routes.find((r) => r.kind === 'COPAY_CARD')!;
    expect(card).toMatchObject({
      verdict: 'NOT_ELIGIBLE',
      program: { id: ozempicCard.id, sponsor: ozempicCard.sponsor },
    });
    expect(card.reasons[0]).toMatch(/federal anti-kickback rule/);
    // The open fund serves one diagnosis of the medication's area (Type 2 Diabetes): the diagnosis is checked.
    const open = routes.find((r) => r.kind === 'FOUNDATION' && r.fund?.status === 'OPEN')!;
    expect(open.verdict).toBe('NEEDS_REVIEW');
    expect(open.reasons).toContain(
      `This fund is for ${open.fund!.name}: check that this is the diagnosis your medication treats.`,
    );
    expect(open.reasons[0]).toMatch(/^The fund was open when last seen on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
    expect(open.fund).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      status: 'OPEN',
      statusSeenOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const closed = routes.find((r) => r.kind === 'FOUNDATION' && r.fund?.status === 'CLOSED');
    if (closed) expect(closed.reasons[0]).toMatch(/closed when last seen on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(routes.find((r) => r.kind === 'EXTRA_HELP')).toMatchObject({ program: null, verdict: 'NEEDS_REVIEW' });
    expect(routes.find((r) => r.kind === 'MEDICARE_PAYMENT_PLAN')).toMatchObject({ verdict: 'LIKELY_ELIGIBLE' });
    // Best first: every likely route before every review, every review before every refusal.
    const order = routes.map((r) => ['LIKELY_ELIGIBLE', 'NEEDS_REVIEW', 'NOT_ELIGIBLE'].indexOf(r.verdict));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const r of routes) expect(r.source.url).toMatch(/^https?:\/\//);
  });

  it('an employer-insured patient sees the copay card; an uninsured one is sent to the maker program', async () => {
    const employer = (await post({ ...check, drugCoverage: 'EMPLOYER' })).body.data.routes;
    expect(summary(employer)).toContain(`COPAY_CARD:${ozempicCard.id}:LIKELY_ELIGIBLE`);
    expect(employer.some((r) => r.kind === 'EXTRA_HELP' || r.kind === 'MEDICARE_PAYMENT_PLAN')).toBe(false);
    const uninsured = (await post({ ...check, drugCoverage: 'NONE' })).body.data.routes;
    expect(uninsured[0]).toMatchObject({ kind: 'PAP', program: { id: ozempicPap.id }, verdict: 'LIKELY_ELIGIBLE' });
  });

  it('a card whose terms read on its page have ended is for review, in the checker and in Spanish', async () => {
    const trulicity = COPAY_CARD_CATALOGUE.find((c) => c.medications.some((m) => m.brand === 'Trulicity'))!;
    expect(trulicity.termsEndOn! < new Date().toISOString().slice(0, 10)).toBe(true);
    const body = { ...check, medication: 'Trulicity', drugCoverage: 'EMPLOYER' };
    const card = (await post(body)).body.data.routes.find((r) => r.program?.id === trulicity.id)!;
    expect(card.verdict).toBe('NEEDS_REVIEW');
    expect(card.reasons[0]).toMatch(/terms we could read ended on December 31, 2025, and we found no newer ones/);
    const es = await api.post<EligibilityCheckAnswer>('/eligibility/check', body, undefined, {
      'Accept-Language': 'es',
    });
    const tarjeta = es.body.data.routes.find((r) => r.program?.id === trulicity.id)!;
    expect(tarjeta.reasons[0]).toMatch(/terminaron el 31 de diciembre de 2025/);
  });

  it('never says no catalogue program covers a medication whose catalogue card it shows (§15), nor in Spanish', async () => {
    const xarelto = COPAY_CARD_CATALOGUE.find((c) => c.medications.some((m) => m.brand === 'Xarelto'))!;
    const body = { ...check, medication: 'Xarelto', state: 'CA', drugCoverage: 'EMPLOYER' };
    const en = await post(body);
    expect(en.body.data.results).toEqual([]);
    expect(summary(en.body.data.routes)).toContain(`COPAY_CARD:${xarelto.id}:LIKELY_ELIGIBLE`);
    expect(en.body.message).toBe(ELIGIBILITY_MESSAGES.noMakerProgram);
    const es = await api.post<EligibilityCheckAnswer>('/eligibility/check', body, undefined, {
      'Accept-Language': 'es',
    });
    expect(es.body.message).toBe(ELIGIBILITY_MESSAGES_ES.noMakerProgram);
    // Only Medicare's own routes (no catalogue entry lists the medication): the no-program message, as before.
    const unknown = await post({ ...check, medication: 'Notarealdrugzumab', drugCoverage: 'MEDICARE_PART_D' });
    expect(unknown.body.data.routes.every((r) => r.program === null)).toBe(true);
    expect(unknown.body.message).toBe(ELIGIBILITY_MESSAGES.noProgram);
  });

  it.each([
    ['Udenyca', 'MEDICARE_WITHOUT_DRUGS', 'coherus-patient-assistance-program', 'NEEDS_REVIEW', /may be eligible/],
    ['Verzenio', 'MEDICARE_WITHOUT_DRUGS', 'lilly-cares-oncology', 'NEEDS_REVIEW', /without supplemental/],
    ['Steqeyma', 'MEDICARE_WITHOUT_DRUGS', 'celltrion-connect-pap', 'NOT_ELIGIBLE', /Parts A and B without Part D/],
    ['Udenyca', 'VA_TRICARE', 'coherus-patient-assistance-program', 'NOT_ELIGIBLE', /VA, DoD and TRICARE/],
  ])(
    '%s with %s: %s answers %s, by the rule its page states (§15)',
    async (medication, drugCoverage, id, verdict, why) => {
      const body = { medication, householdSize: 1, annualIncomeCents: 2_000_000, state: 'CA', drugCoverage };
      const { results, routes } = (await post(body)).body.data;
      expect(results.map((r) => [r.program.id, r.verdict])).toEqual([[id, verdict]]);
      expect(results[0]!.reasons[2]).toMatch(why);
      expect(summary(routes)).toContain(`PAP:${id}:${verdict}`);
    },
  );

  it('still accepts the old body with only insuranceType (Medicare read as a Part D plan)', async () => {
    const res = await post({ ...check, insuranceType: 'Medicare' });
    expect(res.status).toBe(200);
    expect(res.body.data.routes.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['PAP', 'EXTRA_HELP', 'MEDICARE_PAYMENT_PLAN']),
    );
    expect(res.body.data.results).toHaveLength(1);
  });

  it.each([
    ['drugCoverage', { drugCoverage: 'GOLD_PLAN' }],
    ['drugCoverage', { drugCoverage: undefined }],
    ['extraHelp', { extraHelp: 'yes' }],
    ['outOfPocketCents', { outOfPocketCents: '500' }],
    ['outOfPocketCents', { outOfPocketCents: -1 }],
  ])('answers 400 naming %s for %j', async (field, change) => {
    const res = await post({ ...check, drugCoverage: 'NONE', ...change });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error!.fields!)).toEqual([field]);
  });
});

describe('GET /programs by kind', () => {
  it('lists every kind without kind, one kind with it, and answers any entry by id', async () => {
    const all = (await api.get<{ programs: CatalogueEntryView[] }>('/programs')).body.data.programs;
    expect(all).toHaveLength(PAP_CATALOGUE.length + COPAY_CARD_CATALOGUE.length + FOUNDATION_CATALOGUE.length);
    const cards = (await api.get<{ programs: CatalogueEntryView[] }>('/programs?kind=COPAY_CARD')).body.data.programs;
    expect(cards.map((c) => c.kind)).toEqual(COPAY_CARD_CATALOGUE.map(() => 'COPAY_CARD'));
    expect(Object.keys(cards[0]).sort()).toEqual(
      [
        'kind',
        'id',
        'name',
        'sponsor',
        'medications',
        'website',
        'eligibleCoverage',
        'terms',
        'payAsLittleAsCents',
        'yearlyCapCents',
        'termsEndOn',
        'source',
      ].sort(),
    );
    expect(cards.find((c) => c.id === ozempicCard.id)).toMatchObject({ eligibleCoverage: ['EMPLOYER', 'MARKETPLACE'] });
    // Each card carries the last day of its terms as read on its page, or null (§15).
    for (const card of COPAY_CARD_CATALOGUE) {
      expect(cards.find((c) => c.id === card.id)).toMatchObject({ termsEndOn: card.termsEndOn });
    }
    const trulicity = COPAY_CARD_CATALOGUE.find((c) => c.termsEndOn !== null)!;
    const read = await api.get<{ program: CatalogueEntryView }>(`/programs/${trulicity.id}`);
    expect(read.body.data.program).toMatchObject({ kind: 'COPAY_CARD', termsEndOn: '2025-12-31' });
    const foundation = FOUNDATION_CATALOGUE[0];
    const one = await api.get<{ program: CatalogueEntryView }>(`/programs/${foundation.id}`);
    expect(one.body.data.program).toMatchObject({ kind: 'FOUNDATION', sponsor: foundation.sponsor });
    const searched = await api.get<{ programs: CatalogueEntryView[] }>('/programs?kind=FOUNDATION&search=diabetes');
    expect(searched.body.data.programs.length).toBeGreaterThan(0);
    expect(searched.body.data.programs.every((p) => p.kind === 'FOUNDATION')).toBe(true);
  });

  it('answers 400 naming kind for a kind it does not know', async () => {
    const res = await api.get('/programs?kind=CHARITY');
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ kind: ROUTE_MESSAGES.kind });
  });
});

describe('routes on application views', () => {
  it('are empty until the facts are saved, then the same routes as the check, on both views', async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    expect(patient.applications[0].routes).toEqual([]);
    await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: 2_000_000 }, patient.token);
    const [app] = await eventually(async () => {
      const res = await api.get<{ applications: ApplicationView[] }>('/applications', patient.token);
      return res.body.data.applications[0].routes.length ? res.body.data.applications : undefined;
    }, 'routes on the application');
    expect(app.routes.some((r) => r.kind === 'PAP' && r.program?.id === ozempicPap.id)).toBe(true);
    const admin = await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token);
    expect(admin.body.data.application.routes).toEqual(app.routes);
  });

  it('an application with no maker program never says no catalogue program covers it beside its catalogue card (§15)', async () => {
    const xarelto = COPAY_CARD_CATALOGUE.find((c) => c.medications.some((m) => m.brand === 'Xarelto'))!;
    const patient = await newPatientWithApplications(api, ['Xarelto']);
    expect((await api.post('/insurance', { provider: 'Aetna', drugCoverage: 'EMPLOYER' }, patient.token)).status).toBe(
      201,
    );
    await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: 2_000_000 }, patient.token);
    const read = async (language: string) =>
      (
        await api.call<{ applications: ApplicationView[] }>('GET', '/applications', undefined, patient.token, {
          'Accept-Language': language,
        })
      ).body.data.applications[0];
    const app = await eventually(async () => {
      const a = await read('en');
      return a.routes.some((r) => r.program?.id === xarelto.id) ? a : undefined;
    }, 'the card among the routes');
    expect(app.eligibility).toEqual({
      verdict: 'NO_PROGRAM',
      reasons: [ELIGIBILITY_MESSAGES.noMakerProgram],
      fplPercent: null,
    });
    expect((await read('es')).eligibility?.reasons).toEqual([ELIGIBILITY_MESSAGES_ES.noMakerProgram]);
    const admin = await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token);
    expect(admin.body.data.application.eligibility?.reasons).toEqual([ELIGIBILITY_MESSAGES.noMakerProgram]);
  });

  it("a navigator switches an application to the copay card: the view names its sponsor and the card's verdict", async () => {
    // The card is for employer and marketplace plans: the override refuses it for anyone else (§15).
    const patient = await newPatientWithApplications(api, ['Ozempic'], {
      insurances: [{ provider: 'Aetna', drugCoverage: 'EMPLOYER' }],
    });
    await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: 2_000_000 }, patient.token);
    const [app] = patient.applications;
    const res = await api.put<{ application: AdminApplicationView }>(
      `/admin/applications/${app.id}/program`,
      { programId: ozempicCard.id },
      nav.token,
    );
    expect(res.status).toBe(200);
    const view = res.body.data.application;
    // Its kind and page: the patient enrolls there, with no packet (docs/product.md §19).
    expect(view.program).toEqual({
      id: ozempicCard.id,
      name: ozempicCard.name,
      manufacturer: ozempicCard.sponsor,
      kind: 'COPAY_CARD',
      website: ozempicCard.website,
    });
    const cardRoute = view.routes.find((r) => r.program?.id === ozempicCard.id)!;
    expect(view.eligibility).toEqual({ verdict: cardRoute.verdict, reasons: cardRoute.reasons, fplPercent: null });
    expect(view.missingDocuments[0].kind).toBe('PROOF_OF_INCOME');
  });

  it('a copay card is refused for a patient on Medicare: 409 naming the anti-kickback rule, and nothing is written', async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic'], {
      insurances: [{ provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' }],
    });
    const [app] = patient.applications;
    const path = `/admin/applications/${app.id}/program`;
    const before = await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token);
    const refused = await api.put(path, { programId: ozempicCard.id }, nav.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'program-refused',
      message: API_MESSAGES.programRefused(ozempicCard.name, REASONS_EN.copayFederal('a Medicare Part D plan')),
    });
    const es = await api.call('PUT', path, { programId: ozempicCard.id }, nav.token, { 'Accept-Language': 'es' });
    expect(es.body.error?.message).toBe(
      API_MESSAGES_ES.programRefused(ozempicCard.name, REASONS_ES.copayFederal(REASONS_ES.coverage.MEDICARE_PART_D)),
    );
    const after = await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token);
    expect(after.body.data.application).toMatchObject({
      program: before.body.data.application.program,
      programOverridden: false,
      timeline: before.body.data.application.timeline,
    });
    // The refusal tells of the patient's coverage: a staff read, audited as such (docs/architecture.md §9).
    const rows = await stack.api
      .get(DataSource)
      .query(
        `SELECT metadata FROM audit_log WHERE entity_id = $1 AND actor_id = $2 AND action = 'application.change_refused'`,
        [app.id, nav.id],
      );
    expect(rows).toEqual([{ metadata: { code: 'program-refused' } }, { metadata: { code: 'program-refused' } }]);
    // A maker's program that takes Medicare Part D is still the navigator's to set (the Ozempic one no longer does).
    const novoPap = PAP_CATALOGUE.find((p) => p.id === 'novo-nordisk-pap')!;
    expect(novoPap.insurance.medicarePartD.allowed).not.toBe(false);
    expect((await api.put(path, { programId: novoPap.id }, nav.token)).status).toBe(200);
  });

  it.each([
    {
      what: 'a copay card for a patient without drug coverage',
      medication: 'Ozempic',
      insurances: [],
      entry: ozempicCard,
      en: REASONS_EN.copayNotFor('no drug coverage'),
      es: REASONS_ES.copayNotFor(REASONS_ES.coverage.NONE),
    },
    {
      what: "a foundation whose only fund for the medication is for Medicare patients, for an employer plan's",
      medication: oncology,
      insurances: [{ provider: 'Aetna', drugCoverage: 'EMPLOYER' }],
      entry: healthwell,
      en: REASONS_EN.fundsNotFor([medicareFund.name], 'employer insurance'),
      es: REASONS_ES.fundsNotFor([medicareFund.name], REASONS_ES.coverage.EMPLOYER),
    },
    {
      what: 'a maker program that does not accept Medicaid, for a Medicaid patient',
      medication: 'Humalog',
      insurances: [{ provider: 'Medicaid', drugCoverage: 'MEDICAID' }],
      entry: lillyCares,
      en: REASONS_EN.notAccepted('people with Medicaid', ` ${lillyCares.insurance.medicaid.condition}`),
      es: REASONS_ES.notAccepted('personas con Medicaid', ''),
    },
  ])(
    'refuses $what: 409 in English and Spanish, nothing written (§15)',
    async ({ medication, insurances, entry, en, es }) => {
      const patient = await newPatientWithApplications(api, [medication], { insurances });
      const [app] = patient.applications;
      const path = `/admin/applications/${app.id}/program`;
      const before = (await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token))
        .body.data.application;
      const refused = await api.put(path, { programId: entry.id }, nav.token);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'program-refused',
        message: API_MESSAGES.programRefused(entry.name, en),
      });
      const spanish = await api.call('PUT', path, { programId: entry.id }, nav.token, { 'Accept-Language': 'es' });
      expect(spanish.status).toBe(409);
      // The Spanish of a program's own condition comes from the catalogue's notes (§20): the sentence it follows.
      expect(spanish.body.error?.message.startsWith(API_MESSAGES_ES.programRefused(entry.name, es.trim()))).toBe(true);
      const after = (await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token))
        .body.data.application;
      expect(after).toMatchObject({ program: before.program, programOverridden: false, timeline: before.timeline });
    },
  );

  it('no longer asks the patient to enroll in a copay card once they answer Medicare: its verdict turns not eligible', async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic'], {
      insurances: [{ provider: 'Aetna', drugCoverage: 'EMPLOYER' }],
    });
    await api.put('/users/eligibility', { householdSize: 1, annualIncomeCents: 2_000_000 }, patient.token);
    const [app] = patient.applications;
    expect(
      (await api.put(`/admin/applications/${app.id}/program`, { programId: ozempicCard.id }, nav.token)).status,
    ).toBe(200);
    expect((await move(api, nav.token, app.id, 'AWAITING_DOCUMENTS')).status).toBe(200);
    const read = async () =>
      (await api.get<{ applications: ApplicationView[] }>('/applications', patient.token)).body.data.applications[0];
    const enrolling = await eventually(async () => {
      const a = await read();
      return a.eligibility?.verdict === 'LIKELY_ELIGIBLE' ? a : undefined;
    }, 'the card likely eligible');
    expect(patientAsks(enrolling)).toMatchObject({ enrollIn: ozempicCard.name, sign: null });

    const [plan] = (await api.get<{ insurances: { id: string }[] }>('/insurance', patient.token)).body.data.insurances;
    expect((await api.put(`/insurance/${plan.id}`, { drugCoverage: 'MEDICARE_PART_D' }, patient.token)).status).toBe(
      200,
    );
    const refused = await eventually(async () => {
      const a = await read();
      return a.eligibility?.verdict === 'NOT_ELIGIBLE' ? a : undefined;
    }, 'the card not eligible');
    expect(refused.eligibility?.reasons[0]).toBe(REASONS_EN.copayFederal('a Medicare Part D plan'));
    expect(patientAsks(refused)?.enrollIn ?? null).toBeNull();
    expect(patientAsks(refused)?.sign ?? null).toBeNull();
  });

  it('nothing is signed, requested or sent for a copay card: each answers 409 no-packet and writes nothing', async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic'], {
      insurances: [{ provider: 'Aetna', drugCoverage: 'EMPLOYER' }],
    });
    const [app] = patient.applications;
    const set = await api.put(`/admin/applications/${app.id}/program`, { programId: ozempicCard.id }, nav.token);
    expect(set.status).toBe(200);
    const before = await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token);

    const signed = await api.post(
      `/applications/${app.id}/patient-signature`,
      { name: 'Maria Lopez', attest: true, authorizeHipaa: true },
      patient.token,
    );
    expect(signed.status).toBe(409);
    expect(signed.body.error).toMatchObject({
      code: 'no-packet',
      message: SIGNATURE_MESSAGES.noPacket(ozempicCard.name),
    });
    const asked = await api.post(
      `/admin/applications/${app.id}/prescriber-requests`,
      { email: 'prescriber@clinic.test' },
      nav.token,
    );
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatchObject({
      code: 'no-packet',
      message: SUBMISSION_MESSAGES.noPacket(ozempicCard.name),
    });
    const sent = await api.post(`/admin/applications/${app.id}/submissions`, { channel: 'FAX' }, nav.token);
    expect(sent.status).toBe(409);
    expect(sent.body.error?.code).toBe('no-packet');

    const after = await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token);
    const { timeline, signatures, prescriberRequest, submission } = after.body.data.application;
    expect({ timeline, signatures, prescriberRequest, submission }).toEqual({
      timeline: before.body.data.application.timeline,
      signatures: { patient: null, prescriber: null },
      prescriberRequest: null,
      submission: null,
    });
  });
});
