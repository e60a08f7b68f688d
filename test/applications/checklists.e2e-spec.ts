import { DataSource } from 'typeorm';
import type { AdminApplicationView, ApplicationView } from '@rxbridge/contracts';
import { applicationsAskedSince } from '@rxbridge/applications';
import { requiredDocumentsFor } from '@rxbridge/domain';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import { upload } from '../records/helpers';
import { FILES } from '../support/sample-files';
import {
  approvedWithRenewal,
  connectSocket,
  driveTo,
  newNavigator,
  newPatientWithApplications,
  recordUpdates,
  waitForUpdate,
  type Api,
  type ClientSocket,
} from './helpers';

// A program's documents asked only of some patients ("Medicare Part D only", "Age 65 and over"): the checklist asks
// what applies to the patient, and follows them while the application is being prepared (docs/product.md §15).
let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await stack?.close();
});

const kindsOf = async (token: string, applicationId: string) => {
  const apps = (await api.get<{ applications: ApplicationView[] }>('/applications', token)).body.data.applications;
  return apps.find((a) => a.id === applicationId)!.documents.map((d) => d.kind);
};

/**
 * Runs a change of the patient's facts and waits until the worker has handled its re-screening (the queues drained);
 * answers the pushes the patient's screen heard meanwhile.
 */
async function rescreened(token: string, change: () => Promise<{ status: number }>) {
  const socket = await connectSocket(stack.baseUrl, { token });
  sockets.push(socket);
  const updates = recordUpdates(socket);
  expect((await change()).status).toBeLessThan(300);
  await waitForQueuesIdle(stack);
  return updates;
}

describe("a program's documents asked only of some patients", () => {
  it('asks a 58-year-old on an employer plan for neither the Part D print-out nor the Extra Help denial', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis'], {
      insurances: [{ provider: 'Aetna', drugCoverage: 'EMPLOYER' }],
    });
    expect(patient.applications[0].documents.map((d) => d.kind)).toEqual([
      'PROOF_OF_INCOME',
      'PRESCRIBER_FORM',
      'PRESCRIPTION',
    ]);
  });

  it('follows the patient: a Medicare drug plan adds the print-out, turning 65 the denial; a marked item stays', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis'], { dateOfBirth: '1970-01-15' });
    const app = patient.applications[0];
    expect(await kindsOf(patient.token, app.id)).toEqual(['PROOF_OF_INCOME', 'PRESCRIBER_FORM', 'PRESCRIPTION']);
    // A navigator asks for an item of their own; no change of the patient's facts removes it.
    const asked = await api.post(
      `/admin/applications/${app.id}/documents/DENIAL_LETTER`,
      { status: 'MISSING' },
      nav.token,
    );
    expect(asked.status).toBe(200);

    const heard = await rescreened(patient.token, () =>
      api.post('/insurance', { provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' }, patient.token),
    );
    // The patient's screen hears the change with its timeline entry (a re-screening alone carries none).
    await waitForUpdate(heard, (u) => u.applicationId === app.id && u.transitionId !== null);
    expect(await kindsOf(patient.token, app.id)).toEqual([
      'PROOF_OF_INCOME',
      'PROOF_OF_OUT_OF_POCKET_SPEND',
      'PRESCRIBER_FORM',
      'PRESCRIPTION',
      'DENIAL_LETTER',
    ]);

    await rescreened(patient.token, () => api.put('/users/profile', { dateOfBirth: '1955-03-01' }, patient.token));
    expect(await kindsOf(patient.token, app.id)).toContain('COVERAGE_DENIAL');
    // The timeline says why the list changed, in the reader's language.
    const timeline = async (language: string) => {
      const answer = await api.call<{ applications: ApplicationView[] }>(
        'GET',
        '/applications',
        undefined,
        patient.token,
        {
          'Accept-Language': language,
        },
      );
      const view = answer.body.data.applications.find((a) => a.id === app.id)!;
      return view.timeline.filter((t) => t.actorRole === 'SYSTEM').map((t) => t.note);
    };
    expect(await timeline('en')).toEqual(
      expect.arrayContaining([
        "Now asked for, as the patient's plan, state or age changed: This year's out-of-pocket prescription spending.",
        "Now asked for, as the patient's plan, state or age changed: Coverage denial letter (Medicaid or Extra Help).",
      ]),
    );
    expect(await timeline('es')).toContain(
      'Ahora se le pide, porque cambió su plan, su estado o su edad: Gastos de bolsillo en recetas de este año.',
    );

    // Back on an employer plan: the print-out, still missing, goes; the navigator's request stays.
    const humana = (
      await api.get<{ insurances: { id: string; provider: string }[] }>('/insurance', patient.token)
    ).body.data.insurances.find((i) => i.provider === 'Humana')!;
    await rescreened(patient.token, () =>
      api.put(`/insurance/${humana.id}`, { drugCoverage: 'EMPLOYER' }, patient.token),
    );
    expect(await kindsOf(patient.token, app.id)).toEqual([
      'PROOF_OF_INCOME',
      'COVERAGE_DENIAL',
      'PRESCRIBER_FORM',
      'PRESCRIPTION',
      'DENIAL_LETTER',
    ]);
    expect(await timeline('en')).toContain(
      "No longer asked for, as the patient's plan, state or age changed: This year's out-of-pocket prescription spending.",
    );
  });

  it('keeps the checklist of an application already submitted', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const app = patient.applications[0];
    const before = await kindsOf(patient.token, app.id);
    await driveTo(api, nav.token, app.id, 'SUBMITTED');
    await rescreened(patient.token, () =>
      api.post('/insurance', { provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' }, patient.token),
    );
    expect(await kindsOf(patient.token, app.id)).toEqual(before);
  });

  it("sets a program's checklist from what the patient's facts are when a navigator sets it", async () => {
    const patient = await newPatientWithApplications(api, ['Notarealdrugzumab'], {
      dateOfBirth: '1950-06-30',
      insurances: [{ provider: 'Humana', drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS' }],
    });
    const set = await api.put<{ application: AdminApplicationView }>(
      `/admin/applications/${patient.applications[0].id}/program`,
      { programId: 'bms-patient-assistance-foundation' },
      nav.token,
    );
    expect(set.status).toBe(200);
    expect(set.body.data.application.documents.map((d) => d.kind)).toEqual([
      'PROOF_OF_INCOME',
      'PROOF_OF_OUT_OF_POCKET_SPEND',
      'COVERAGE_DENIAL',
      'PRESCRIBER_FORM',
      'PRESCRIPTION',
    ]);
  });
});

describe('the renewal’s checklist (docs/product.md §18)', () => {
  /**
   * A patient insured at signup (`insurances`) whose uploaded insurance card was received on an application no program
   * covers (the default checklist); `afterCard` then changes their facts before the approval (waiting for the worker to
   * follow them). Answers the renewal, once open (its day is past: at once), and the card's document id.
   */
  async function renewalOfCarded(
    afterCard: (token: string) => Promise<void> = async () => undefined,
    insurances: Record<string, unknown>[] = [{ provider: 'Aetna' }],
  ): Promise<{ renewal: ApplicationView; documentId: string; token: string }> {
    const patient = await newPatientWithApplications(api, ['Examplinib'], { insurances });
    const app = patient.applications[0];
    const card = await upload(stack, patient.token, { bytes: FILES.png, type: 'image/png', name: 'card.png' });
    const documentId = card.body.data.document.id as string;
    const attached = await api.post(
      `/applications/${app.id}/documents`,
      { kind: 'INSURANCE_CARD', documentId },
      patient.token,
    );
    expect(attached.status).toBe(201);
    await afterCard(patient.token);
    const renewal = await approvedWithRenewal(api, nav.token, patient.token, app.id);
    return { renewal, documentId, token: patient.token };
  }
  const insurancesOf = async (token: string) =>
    (await api.get<{ insurances: { id: string }[] }>('/insurance', token)).body.data.insurances;
  const cardOf = (renewal: ApplicationView) => renewal.documents.find((d) => d.kind === 'INSURANCE_CARD');

  it('takes over the insurance card of a patient still insured, as received with the same upload', async () => {
    const { renewal, documentId, token } = await renewalOfCarded();
    expect(renewal.documents.map((d) => d.kind)).toEqual(requiredDocumentsFor({ hasInsurance: true }));
    expect(renewal.documents.find((d) => d.kind === 'INSURANCE_CARD')).toMatchObject({
      status: 'RECEIVED',
      documentId,
      note: 'Carried over from the application renewed.',
    });
    // Our note, not a navigator's: in Spanish for a patient reading in Spanish (docs/product.md §20).
    const spanish = await api.call<{ applications: ApplicationView[] }>('GET', '/applications', undefined, token, {
      'Accept-Language': 'es',
    });
    const card = spanish.body.data.applications
      .find((a) => a.id === renewal.id)!
      .documents.find((d) => d.kind === 'INSURANCE_CARD');
    expect(card?.note).toBe('Se tomó de la solicitud que se renueva.');
  });

  it('does not take over the old insurance card of a patient now uninsured: the renewal does not ask for it', async () => {
    const { renewal } = await renewalOfCarded(async (token) => {
      for (const i of await insurancesOf(token)) await rescreened(token, () => api.delete(`/insurance/${i.id}`, token));
    });
    expect(renewal.documents.map((d) => d.kind)).toEqual(requiredDocumentsFor({ hasInsurance: false }));
  });

  it('asks again for the card of a patient whose plan changed after it was received: a plan added, or the plan changed', async () => {
    const partD = [{ provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' }];
    // Open enrollment: the Part D patient switches plans and adds the new one.
    const switched = await renewalOfCarded(async (token) => {
      const plan = { provider: 'Aetna', drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS' };
      await rescreened(token, () => api.post('/insurance', plan, token));
    }, partD);
    // The same record made another plan.
    const edited = await renewalOfCarded(async (token) => {
      const [plan] = await insurancesOf(token);
      const change = { provider: 'Aetna', drugCoverage: 'MEDICARE_ADVANTAGE_WITH_DRUGS' };
      await rescreened(token, () => api.put(`/insurance/${plan.id}`, change, token));
    }, partD);
    for (const { renewal } of [switched, edited]) {
      expect(cardOf(renewal)).toMatchObject({ status: 'MISSING', documentId: null });
      expect(renewal.missingDocuments.map((d) => d.kind)).toContain('INSURANCE_CARD');
    }
  });

  it('takes over the card when only Extra Help or this year’s spend was answered since: the plan is the same', async () => {
    const { renewal, documentId } = await renewalOfCarded(
      async (token) => {
        const [plan] = await insurancesOf(token);
        const answers = { extraHelp: false, outOfPocketCentsThisYear: 150_000 };
        await rescreened(token, () => api.put(`/insurance/${plan.id}`, answers, token));
      },
      [{ provider: 'Humana', drugCoverage: 'MEDICARE_PART_D' }],
    );
    expect(cardOf(renewal)).toMatchObject({ status: 'RECEIVED', documentId });
  });
});

describe("the patient's own writes are no navigator's ask (docs/product.md §5, §6.4)", () => {
  /**
   * An insured patient on an application no program covers (the default checklist, with the insurance card and the
   * denial letter), who attaches an uploaded card to it and deletes the upload (the item is Missing again), then
   * removes their plan. `asked`: a navigator asked for the card first. Answers the application, its patient and a time
   * after the navigator's ask and before the patient's writes.
   */
  async function cardDeletedThenUninsured(asked: boolean) {
    const patient = await newPatientWithApplications(api, ['Examplinib'], { insurances: [{ provider: 'Aetna' }] });
    const app = patient.applications[0];
    expect(app.documents.map((d) => d.kind)).toEqual(requiredDocumentsFor({ hasInsurance: true }));
    if (asked) {
      const mark = { status: 'MISSING', note: 'Front and back, please.' };
      expect((await api.post(`/admin/applications/${app.id}/documents/INSURANCE_CARD`, mark, nav.token)).status).toBe(
        200,
      );
    }
    const [{ now: askedBy }] = (await stack.api.get(DataSource).query(`SELECT clock_timestamp() AS now`)) as {
      now: Date;
    }[];
    const card = await upload(stack, patient.token, { bytes: FILES.png, type: 'image/png', name: 'card.png' });
    const documentId = card.body.data.document.id as string;
    const attach = { kind: 'INSURANCE_CARD', documentId };
    expect((await api.post(`/applications/${app.id}/documents`, attach, patient.token)).status).toBe(201);
    expect((await api.delete(`/documents/${documentId}`, patient.token)).status).toBe(200);
    const insurances = (await api.get<{ insurances: { id: string }[] }>('/insurance', patient.token)).body.data;
    for (const i of insurances.insurances)
      await rescreened(patient.token, () => api.delete(`/insurance/${i.id}`, patient.token));
    return { app, patient, askedBy };
  }

  it('no longer asks a patient now uninsured for the insurance card they attached and deleted', async () => {
    const { app, patient } = await cardDeletedThenUninsured(false);
    expect(await kindsOf(patient.token, app.id)).toEqual(requiredDocumentsFor({ hasInsurance: false }));
  });

  it("keeps a navigator's ask for the card through the patient's attach and delete, dated when the navigator asked", async () => {
    const started = new Date(Date.now() - 60_000);
    const { app, patient, askedBy } = await cardDeletedThenUninsured(true);
    // The card stays asked for (the navigator's request); the denial letter, never marked, goes.
    expect((await kindsOf(patient.token, app.id)).sort()).toEqual(
      [...requiredDocumentsFor({ hasInsurance: false }), 'INSURANCE_CARD'].sort(),
    );
    // The asked-documents emails armed again from the checklist see the navigator's ask, not the patient's delete.
    const ds = stack.api.get(DataSource);
    const asks = (await applicationsAskedSince(ds.manager, started)).filter((a) => a.applicationId === app.id);
    expect(asks).toHaveLength(1);
    expect(new Date(asks[0].askedAt).getTime()).toBeLessThanOrEqual(askedBy.getTime());
  });
});

describe('a mark from what the navigator saw (docs/product.md §8)', () => {
  it("refuses a mark made from a view older than the patient's upload or a colleague's mark, changing nothing", async () => {
    const patient = await newPatientWithApplications(api, ['Examplinib'], { insurances: [{ provider: 'Aetna' }] });
    const app = patient.applications[0];
    const mark = (kind: string, body: Record<string, unknown>) =>
      api.post(`/admin/applications/${app.id}/documents/${kind}`, body, nav.token);
    // The navigator saw the card missing; meanwhile the patient attached it.
    const card = await upload(stack, patient.token, { bytes: FILES.png, type: 'image/png', name: 'card.png' });
    const documentId = card.body.data.document.id as string;
    const attach = { kind: 'INSURANCE_CARD', documentId };
    expect((await api.post(`/applications/${app.id}/documents`, attach, patient.token)).status).toBe(201);
    const stale = await mark('INSURANCE_CARD', { status: 'MISSING', fromStatus: 'MISSING' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Insurance card (front and back) changed since you looked: it is received now. Look at the checklist again before marking it.',
    );
    // Nothing changed: still received, with the patient's file.
    const view = (await api.get<{ application: AdminApplicationView }>(`/admin/applications/${app.id}`, nav.token)).body
      .data.application;
    expect(view.documents.find((d) => d.kind === 'INSURANCE_CARD')).toMatchObject({ status: 'RECEIVED', documentId });
    // A kind asked for as absent that a colleague added since: refused the same way.
    expect((await mark('PROOF_OF_RESIDENCY', { status: 'MISSING' })).status).toBe(200);
    const twice = await mark('PROOF_OF_RESIDENCY', { status: 'MISSING', fromStatus: 'ABSENT' });
    expect(twice.status).toBe(409);
    // From what is there, the mark goes.
    expect((await mark('INSURANCE_CARD', { status: 'MISSING', fromStatus: 'RECEIVED' })).status).toBe(200);
  });
});
