import type { AdminApplicationView, ApplicationView } from '@rxbridge/contracts';
import { patientAsks, requiredDocumentsFor } from '@rxbridge/domain';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import { FILES } from '../support/sample-files';
import {
  approvedWithRenewal,
  attachUpload,
  driveTo,
  move,
  newNavigator,
  newPatientWithApplications,
  type Api,
} from './helpers';

// The insurance card on an application follows the patient's plan (docs/product.md §5, §6.3): a card received before
// the plan changed (edited into another plan, or the newest record deleted) is asked for again while the packet may
// still go out; a packet with the program stays as sent, and the navigator reads why the card is missing.
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

const CARD = 'Insurance card (front and back)';
const ASKED_NOTE = "Asked again: the patient's insurance plan changed after this card was received.";
const ASKED_AGAIN = `Asked again, as the patient's insurance plan changed: ${CARD}.`;

type Patient = Awaited<ReturnType<typeof newPatientWithApplications>>;

/** An insured patient (`insurances`, the last one newest) on an application no program covers, its card received. */
async function cardedPatient(insurances: Record<string, unknown>[]) {
  const patient = await newPatientWithApplications(api, ['Examplinib'], { insurances });
  const app = patient.applications[0];
  const documentId = await attachUpload(stack, patient.token, app.id, 'INSURANCE_CARD', {
    bytes: FILES.png,
    type: 'image/png',
    name: 'card.png',
  });
  expect((await viewOf(patient, app.id)).documents.find((d) => d.kind === 'INSURANCE_CARD')).toMatchObject({
    status: 'RECEIVED',
    documentId,
  });
  return { patient, app, documentId };
}

async function viewOf(patient: Patient, applicationId: string, language = 'en'): Promise<ApplicationView> {
  const answer = await api.call<{ applications: ApplicationView[] }>('GET', '/applications', undefined, patient.token, {
    'Accept-Language': language,
  });
  return answer.body.data.applications.find((a) => a.id === applicationId)!;
}

const navigatorView = async (applicationId: string) =>
  (await api.get<{ application: AdminApplicationView }>(`/admin/applications/${applicationId}`, nav.token)).body.data
    .application;

const plansOf = async (patient: Patient) =>
  (await api.get<{ insurances: { id: string; provider: string }[] }>('/insurance', patient.token)).body.data.insurances;

/** A change of the patient's plans, once the worker followed it (the queues drained). */
async function followed(change: () => Promise<{ status: number }>) {
  expect((await change()).status).toBeLessThan(300);
  await waitForQueuesIdle(stack);
}

const cardOf = (view: ApplicationView) => view.documents.find((d) => d.kind === 'INSURANCE_CARD');
const systemNotes = (view: ApplicationView) => view.timeline.filter((t) => t.actorRole === 'SYSTEM').map((t) => t.note);

describe('a card received, then the plan changed', () => {
  it('asks for the new plan’s card once the patient edits their plan into another one, on both screens', async () => {
    const { patient, app } = await cardedPatient([{ provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' }]);
    const [plan] = await plansOf(patient);
    // Answering Extra Help and this year's spend is no other plan: the card stays.
    await followed(() => api.put(`/insurance/${plan.id}`, { extraHelp: false }, patient.token));
    expect(cardOf(await viewOf(patient, app.id))?.status).toBe('RECEIVED');

    await followed(() =>
      api.put(
        `/insurance/${plan.id}`,
        { provider: 'Aetna', drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS' },
        patient.token,
      ),
    );
    const view = await viewOf(patient, app.id);
    expect(cardOf(view)).toMatchObject({ status: 'MISSING', documentId: null, receivedAt: null, note: ASKED_NOTE });
    expect(view.missingDocuments.map((d) => d.kind)).toContain('INSURANCE_CARD');
    expect(systemNotes(view)).toContain(ASKED_AGAIN);
    // In Spanish for a patient reading in Spanish.
    const spanish = await viewOf(patient, app.id, 'es');
    expect(cardOf(spanish)?.note).toBe(
      'Se le pide de nuevo: su plan de seguro médico cambió después de recibir esta tarjeta.',
    );
    expect(systemNotes(spanish)).toContain(
      'Se le pide de nuevo, porque cambió su plan de seguro médico: Tarjeta del seguro médico (por ambos lados).',
    );
    // The navigator's console: missing, as the patient reads it.
    const console = await navigatorView(app.id);
    expect(console.documents.find((d) => d.kind === 'INSURANCE_CARD')).toMatchObject({
      status: 'MISSING',
      note: ASKED_NOTE,
    });
    expect(console.missingDocuments.map((d) => d.kind)).toContain('INSURANCE_CARD');
    expect(console.timeline.map((t) => t.note)).toContain(ASKED_AGAIN);

    // The new card, attached, is the plan's: a second change of nothing but the answers keeps it.
    await attachUpload(stack, patient.token, app.id, 'INSURANCE_CARD', { bytes: FILES.png, type: 'image/png' });
    await followed(() => api.put(`/insurance/${plan.id}`, { outOfPocketCentsThisYear: 90_000 }, patient.token));
    expect(cardOf(await viewOf(patient, app.id))?.status).toBe('RECEIVED');
    expect(systemNotes(await viewOf(patient, app.id)).filter((n) => n === ASKED_AGAIN)).toHaveLength(1);
  });

  it('asks for the card once the patient deletes their newest plan, the older one now theirs', async () => {
    const { patient, app } = await cardedPatient([
      { provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' },
      { provider: 'Aetna', drugCoverage: 'EMPLOYER' },
    ]);
    const newest = (await plansOf(patient)).find((p) => p.provider === 'Aetna')!;
    await followed(() => api.delete(`/insurance/${newest.id}`, patient.token));
    const view = await viewOf(patient, app.id);
    expect(cardOf(view)).toMatchObject({ status: 'MISSING', documentId: null, note: ASKED_NOTE });
    expect(view.missingDocuments.map((d) => d.kind)).toContain('INSURANCE_CARD');
    expect(systemNotes(view)).toContain(ASKED_AGAIN);
  });

  it('keeps the card when an older plan, not the patient’s current one, is deleted', async () => {
    const { patient, app, documentId } = await cardedPatient([
      { provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' },
      { provider: 'Aetna', drugCoverage: 'EMPLOYER' },
    ]);
    const older = (await plansOf(patient)).find((p) => p.provider === 'Humana')!;
    await followed(() => api.delete(`/insurance/${older.id}`, patient.token));
    expect(cardOf(await viewOf(patient, app.id))).toMatchObject({ status: 'RECEIVED', documentId });
  });

  it('lets the card go once the patient deletes their only plan: no card is asked of them', async () => {
    const { patient, app } = await cardedPatient([{ provider: 'Aetna' }]);
    const [only] = await plansOf(patient);
    await followed(() => api.delete(`/insurance/${only.id}`, patient.token));
    const view = await viewOf(patient, app.id);
    expect(view.documents.map((d) => d.kind)).toEqual(requiredDocumentsFor({ hasInsurance: false }));
    expect(systemNotes(view)).toContain(`No longer asked for, as the patient's plan, state or age changed: ${CARD}.`);
    expect(systemNotes(view)).not.toContain(ASKED_AGAIN);
  });
});

describe('a renewal opened with the card carried over, then the plan changed', () => {
  it('asks the renewal for the new plan’s card', async () => {
    const { patient, app } = await cardedPatient([
      { provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' },
      { provider: 'Aetna', drugCoverage: 'EMPLOYER' },
    ]);
    const renewal = await approvedWithRenewal(api, nav.token, patient.token, app.id);
    await waitForQueuesIdle(stack);
    expect(cardOf(await viewOf(patient, renewal.id))?.status).toBe('RECEIVED');

    const newest = (await plansOf(patient)).find((p) => p.provider === 'Aetna')!;
    await followed(() => api.delete(`/insurance/${newest.id}`, patient.token));
    const view = await viewOf(patient, renewal.id);
    expect(cardOf(view)).toMatchObject({ status: 'MISSING', documentId: null, note: ASKED_NOTE });
    expect(view.missingDocuments.map((d) => d.kind)).toContain('INSURANCE_CARD');
    // The enrollment it renews went to the program with that card: it stays as sent.
    expect(cardOf(await viewOf(patient, app.id))?.status).toBe('RECEIVED');
  });
});

describe('an application with the program when the plan changed (docs/product.md §5)', () => {
  it('reopens nothing: the navigator reads why the card is missing, and the patient is asked once the program comes back', async () => {
    const { patient, app } = await cardedPatient([{ provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' }]);
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    const [plan] = await plansOf(patient);
    await followed(() => api.put(`/insurance/${plan.id}`, { provider: 'Aetna' }, patient.token));

    const sent = await navigatorView(app.id);
    expect(sent.state).toBe('SUBMITTED');
    expect(sent.documents.find((d) => d.kind === 'INSURANCE_CARD')).toMatchObject({
      status: 'MISSING',
      note: ASKED_NOTE,
    });
    expect(sent.timeline.map((t) => t.note)).toContain(
      `The patient's insurance plan changed after this application was sent: the program has the card of the plan before. Asked again if the program comes back about it: ${CARD}.`,
    );
    // Nothing is asked of the patient while the program has the packet, as their dashboard reads it.
    expect(patientAsks(await viewOf(patient, app.id))).toBeNull();

    expect((await move(api, nav.token, app.id, 'INFO_REQUESTED')).status).toBe(200);
    expect(patientAsks(await viewOf(patient, app.id))?.documents).toContain(CARD);
  });
});

describe('no plan left, on an application with the program or back from it (docs/product.md §5)', () => {
  const NO_LONGER = `No longer asked for, as the patient's plan, state or age changed: ${CARD}.`;

  it('asks no card once the program asked for more (Info requested): the card goes, as no longer asked', async () => {
    const { patient, app } = await cardedPatient([{ provider: 'Aetna' }]);
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    expect((await move(api, nav.token, app.id, 'INFO_REQUESTED')).status).toBe(200);
    const [only] = await plansOf(patient);
    await followed(() => api.delete(`/insurance/${only.id}`, patient.token));

    const view = await viewOf(patient, app.id);
    expect(view.state).toBe('INFO_REQUESTED');
    expect(cardOf(view)).toBeUndefined();
    expect(view.missingDocuments.map((d) => d.kind)).not.toContain('INSURANCE_CARD');
    expect(patientAsks(view)?.documents ?? []).not.toContain(CARD);
    expect(systemNotes(view)).toContain(NO_LONGER);
    expect(systemNotes(view)).not.toContain(ASKED_AGAIN);
    const console = await navigatorView(app.id);
    expect(console.documents.map((d) => d.kind)).not.toContain('INSURANCE_CARD');
  });

  it('tells the navigator on a Submitted one, and asks no card when the program comes back', async () => {
    const { patient, app } = await cardedPatient([{ provider: 'Aetna' }]);
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    const [only] = await plansOf(patient);
    await followed(() => api.delete(`/insurance/${only.id}`, patient.token));

    const sent = await navigatorView(app.id);
    expect(sent.state).toBe('SUBMITTED');
    expect(sent.documents.map((d) => d.kind)).not.toContain('INSURANCE_CARD');
    expect(sent.timeline.map((t) => t.note)).toContain(
      `The patient has had no insurance plan since this application was sent: the program has the card of the plan before. No longer asked for: ${CARD}.`,
    );
    expect(systemNotes(await viewOf(patient, app.id, 'es'))).toContain(
      'Ya no tiene plan de seguro médico desde que se envió esta solicitud: el programa tiene la tarjeta del plan anterior. Ya no se le pide: Tarjeta del seguro médico (por ambos lados).',
    );

    expect((await move(api, nav.token, app.id, 'INFO_REQUESTED')).status).toBe(200);
    const back = await viewOf(patient, app.id);
    expect(cardOf(back)).toBeUndefined();
    expect(patientAsks(back)?.documents ?? []).not.toContain(CARD);
  });
});
