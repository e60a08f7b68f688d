import {
  API_MESSAGES,
  API_MESSAGES_ES,
  ELIGIBILITY_MESSAGES,
  ELIGIBILITY_MESSAGES_ES,
  MESSAGES,
  MESSAGES_ES,
  type ApplicationView,
  type EligibilityCheckAnswer,
  type SubscriptionView,
} from '@rxbridge/contracts';
import {
  REASONS_EN,
  ANY_PATIENT,
  REASONS_ES,
  calculateCostQuote,
  calculatePricing,
  documentLabel,
  matchProgramFor,
  programChecklist,
  type DocumentKind,
  screenEligibility,
} from '@rxbridge/domain';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newPatientWithApplications, type Api } from '../applications/helpers';

// The API in the patient's language (docs/product.md, Languages): Accept-Language es or es-* answers Spanish.
let stack: TestStack;
let api: Api;
const SPANISH = { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.8' };

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
});
afterAll(async () => {
  await stack?.close();
});

const check = {
  medication: 'Ozempic',
  householdSize: 1,
  annualIncomeCents: 1_500_000,
  state: 'IL',
  insuranceType: 'None',
};

describe('Accept-Language', () => {
  it('answers a validation error in Spanish: message, error.message and fields; same codes and field names', async () => {
    const bad = { ...check, householdSize: 0, medication: 42 };
    const en = await api.post('/eligibility/check', bad);
    const es = await api.post('/eligibility/check', bad, undefined, SPANISH);
    expect([en.status, es.status]).toEqual([400, 400]);
    expect(es.body.error!.code).toBe(en.body.error!.code);
    expect(Object.keys(es.body.error!.fields!)).toEqual(Object.keys(en.body.error!.fields!));
    expect(en.body.error!.fields!.householdSize).toBe(ELIGIBILITY_MESSAGES.householdSize);
    expect(es.body.error!.fields!.householdSize).toBe(ELIGIBILITY_MESSAGES_ES.householdSize);
    expect(es.body.error!.fields!.medication).not.toBe(en.body.error!.fields!.medication);
    const [first] = Object.keys(es.body.error!.fields!);
    expect(es.body.message).toBe(`${first}: ${es.body.error!.fields![first]} (y 1 más)`);
    expect(en.body.message).toBe(`${first}: ${en.body.error!.fields![first]} (and 1 more)`);
    expect(es.body.error!.message).toBe(es.body.message);
    expect(es.headers.get('vary')).toContain('Accept-Language');
  });

  it("answers GET /programs' search errors in Spanish, English without the header", async () => {
    const tooLong = `/programs?search=${'a'.repeat(201)}`;
    const en = await api.get(tooLong);
    const es = await api.call('GET', tooLong, undefined, undefined, { 'Accept-Language': 'es' });
    expect([en.status, es.status]).toEqual([400, 400]);
    expect(en.body.error!.fields!.search).toBe(ELIGIBILITY_MESSAGES.searchTooLong);
    expect(es.body.error!.fields!.search).toBe(ELIGIBILITY_MESSAGES_ES.searchTooLong);
    expect(es.body.error!.fields!.search).toBe('search debe tener como máximo 200 caracteres');
    expect(es.body.message).toBe(`search: ${ELIGIBILITY_MESSAGES_ES.searchTooLong}`);

    const control = await api.call('GET', '/programs?search=oz%01empic', undefined, undefined, SPANISH);
    expect(control.status).toBe(400);
    expect(control.body.error!.fields!.search).toBe(ELIGIBILITY_MESSAGES_ES.searchInvalid);
    const twice = await api.call('GET', '/programs?search=oz&search=empic', undefined, undefined, SPANISH);
    expect(twice.status).toBe(400);
    expect(twice.body.error!.fields!.search).toBe(ELIGIBILITY_MESSAGES_ES.searchNotText);
  });

  it('answers a 401 and a 404 in Spanish, English without the header', async () => {
    const en = await api.call('GET', '/users/eligibility');
    const es = await api.call('GET', '/users/eligibility', undefined, undefined, SPANISH);
    expect([en.status, es.status]).toEqual([401, 401]);
    expect(es.body.error!.code).toBe(en.body.error!.code);
    expect(en.body.error!.message).toBe(MESSAGES.notAuthenticated);
    expect(es.body.error!.message).toBe(MESSAGES_ES.notAuthenticated);
    expect(es.body.message).toBe(MESSAGES_ES.notAuthenticated);

    const missing = await api.call('GET', '/programs/no-such-program', undefined, undefined, {
      'Accept-Language': 'es',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error!.message).toBe(API_MESSAGES_ES.notFound('el programa'));
    expect((await api.get('/programs/no-such-program')).body.message).toBe(API_MESSAGES.notFound('Program'));
  });

  it('screens in Spanish: the same verdicts, Spanish reasons; the envelope message too', async () => {
    const en = await api.post<EligibilityCheckAnswer>('/eligibility/check', check);
    const es = await api.post<EligibilityCheckAnswer>('/eligibility/check', check, undefined, SPANISH);
    expect([en.status, es.status]).toEqual([200, 200]);
    expect(es.headers.get('vary')).toContain('Accept-Language');
    const program = matchProgramFor('Ozempic')!;
    const facts = { ...check, insuranceType: 'None' as const };
    expect(en.body.data.results[0].reasons).toEqual(screenEligibility(program, facts).reasons);
    expect(es.body.data.results[0].reasons).toEqual(screenEligibility(program, { ...facts, language: 'es' }).reasons);
    expect(es.body.data.results[0].reasons[1]).toMatch(/^Los ingresos del hogar son el 93\.9%/);
    expect(es.body.data.results.map((r) => r.verdict)).toEqual(en.body.data.results.map((r) => r.verdict));
    expect(es.body.data.routes.map((r) => r.verdict)).toEqual(en.body.data.routes.map((r) => r.verdict));
    expect(es.body.data.routes.flatMap((r) => r.reasons)).not.toEqual(en.body.data.routes.flatMap((r) => r.reasons));

    const none = { ...check, medication: 'Nothing-we-list' };
    expect((await api.post('/eligibility/check', none)).body.message).toBe(ELIGIBILITY_MESSAGES.noProgram);
    expect((await api.post('/eligibility/check', none, undefined, SPANISH)).body.message).toBe(
      ELIGIBILITY_MESSAGES_ES.noProgram,
    );
  });

  it("reads a patient's applications with their reasons in the asked language", async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    const read = (headers: Record<string, string>) =>
      api.call<{ applications: ApplicationView[] }>('GET', '/applications', undefined, patient.token, headers);
    const en = await read({});
    const es = await read({ 'Accept-Language': 'es-US' });
    expect(en.body.data.applications[0].eligibility!.reasons).toEqual([REASONS_EN.noFacts]);
    expect(es.body.data.applications[0].eligibility!.reasons).toEqual([REASONS_ES.noFacts]);
    // The system's timeline notes in the asked language.
    expect(en.body.data.applications[0].timeline.map((t) => t.note)).toContain('Application opened for Ozempic.');
    expect(es.body.data.applications[0].timeline.map((t) => t.note)).toContain('Se abrió la solicitud de Ozempic.');
    // The checklist: the program's own wording in English, each item's kind named in Spanish.
    const [enDocs, esDocs] = [en, es].map((r) => r.body.data.applications[0].documents);
    const program = matchProgramFor('Ozempic')!;
    expect(enDocs.map((d) => d.label)).toEqual(
      enDocs.map((d) => programChecklist(program, ANY_PATIENT).find((i) => i.kind === d.kind)!.label),
    );
    expect(esDocs.map((d) => [d.kind, d.label])).toEqual(
      enDocs.map((d) => [d.kind, documentLabel(d.kind as DocumentKind, 'es')]),
    );
  });

  it("words the patient's pricing breakdown and the cost quote in the asked language; the amounts stay", async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    const read = (headers: Record<string, string>) =>
      api.call<{ subscriptions: SubscriptionView[] }>(
        'GET',
        '/subscriptions/active',
        undefined,
        patient.token,
        headers,
      );
    const [en, es] = [(await read({})).body.data.subscriptions[0], (await read(SPANISH)).body.data.subscriptions[0]];
    const priced = (language: 'en' | 'es') => calculatePricing(en.tier, en.prescriptionCount, language);
    expect(en.metadata.pricingBreakdown!.summary).toEqual(priced('en').summary);
    expect(es.metadata.pricingBreakdown!.summary).toEqual(priced('es').summary);
    expect(es.metadata.pricingBreakdown!.summary.total).toMatch(/^Total: \$\d+\.\d\d al mes$/);
    expect(es.metadata.pricingBreakdown!.lines.map((l) => l.amount)).toEqual(
      en.metadata.pricingBreakdown!.lines.map((l) => l.amount),
    );
    expect({ ...es, metadata: null }).toEqual({ ...en, metadata: null });

    const quote = (headers: Record<string, string>) =>
      api.call('GET', '/subscriptions/calculate-cost?prescriptionCount=3', undefined, undefined, headers);
    const spanishQuote = await quote(SPANISH);
    expect(spanishQuote.body.data).toEqual(calculateCostQuote(3, 'ONGOING_CARE', 'es'));
    expect(spanishQuote.headers.get('vary')).toContain('Accept-Language');
    expect((await quote({})).body.data).toEqual(calculateCostQuote(3));
  });

  it("answers the records' and lists' refusals in Spanish: zod's own words, the list's size, paging and choices", async () => {
    const patient = await newPatientWithApplications(api, ['Ozempic']);
    const es = (method: string, path: string, body?: unknown) => api.call(method, path, body, patient.token, SPANISH);
    const doctor = {
      firstName: 'Ana',
      lastName: 'Ruiz',
      specialty: 'Cardiology',
      doctorAddress: '1 Main St',
      npiNumber: 1234567890,
    };
    const typed = await es('POST', '/doctors/bulk', [doctor]);
    expect(typed.status).toBe(400);
    expect(typed.body.message).toBe(typed.body.error!.fields!['0.npiNumber']);
    expect(typed.body.message).not.toMatch(/Invalid input|expected/);
    expect((await es('POST', '/doctors/bulk', { doctor })).body.message).toBe('Envíe los médicos como una lista');
    const row = { medication: 'Ozempic', dosage: '0.5 mg', frequency: 'Once weekly' };
    const many = await es(
      'POST',
      '/prescriptions/bulk',
      Array.from({ length: 21 }, () => row),
    );
    expect([many.status, many.body.message]).toEqual([400, 'Se pueden guardar como máximo 20 filas a la vez']);
    const expectField = async (path: string, field: string, text: string, method = 'GET', body?: unknown) => {
      const res = await es(method, path, body);
      expect([path, res.status, res.body.error?.fields?.[field]]).toEqual([path, 400, text]);
    };
    await expectField('/documents?page=0', 'page', 'page debe ser como mínimo 1');
    await expectField('/documents?page=abc', 'page', 'page debe ser un número entero');
    await expectField('/subscriptions/payments?limit=500', 'limit', 'limit debe ser como máximo 100');
    await expectField(
      '/documents?search=x',
      'search',
      'search va en el cuerpo de POST /api/v1/documents/search, nunca en una dirección',
    );
    await expectField(
      '/subscriptions/calculate-cost?prescriptionCount=abc',
      'prescriptionCount',
      'prescriptionCount debe ser un número',
    );
    await expectField(
      '/subscriptions/calculate-cost?prescriptionCount=1&tier=X',
      'tier',
      'tier debe ser ONGOING_CARE, ENROLLMENT_ONLY o DIY_INSTRUCTIONS',
    );
    await expectField('/insurance', 'coverageType', 'Elija un tipo de cobertura de la lista', 'POST', {
      provider: 'Aetna',
      coverageType: 'HMO',
    });
  });
});
