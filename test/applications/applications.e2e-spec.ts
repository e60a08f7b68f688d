import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { changeApplicationState } from '@rxbridge/applications';
import { ApiError } from '@rxbridge/platform';
import {
  APPLICATION_MESSAGES,
  APPLICATION_MESSAGES_ES,
  APPLICATION_STATES,
  workQueueItemSchema,
  type ApplicationState,
  type ApplicationView,
} from '@rxbridge/contracts';
import {
  APPLICATION_TRANSITIONS,
  DOCUMENT_KINDS,
  IllegalTransitionError,
  addDays,
  requiredDocumentsFor,
  toIsoDate,
} from '@rxbridge/domain';
import { OutboxRelayService, startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup } from '../support/factories';
import { waitForQueuesIdle } from '../support/idle';
import {
  connectSocket,
  detailsFor,
  driveTo,
  eventually,
  move,
  newNavigator,
  newPatientWithApplications,
  recordUpdates,
  waitForApplications,
  waitForUpdate,
  type Api,
} from './helpers';

const longDate = (d: string | Date) =>
  new Date(`${toIsoDate(d)}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });

let stack: TestStack;
let api: Api;
let db: Client;
let nav: { token: string; id: string };

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  db = new Client({ connectionString: stack.settings.DATABASE_URL });
  await db.connect();
  nav = await newNavigator(stack, api);
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

const LEGAL: [ApplicationState, ApplicationState][] = APPLICATION_STATES.flatMap((from) =>
  APPLICATION_TRANSITIONS[from].map((to) => [from, to] as [ApplicationState, ApplicationState]),
);

describe('opening applications', () => {
  // A medication no catalogue program covers gets the default checklist (docs/product.md §5); a matched one gets its
  // program's (test/eligibility).
  it('opens one application per prescription at signup, with the default checklist when no program covers it', async () => {
    const patient = await newPatientWithApplications(api, ['Examplinib', 'Ozempic'], {
      insurances: [{ provider: 'Aetna' }],
    });
    const [first, second] = patient.applications;
    expect(first).toMatchObject({
      medication: 'Examplinib',
      program: null,
      eligibility: { verdict: 'NO_PROGRAM' },
      state: 'INTAKE',
      stateLabel: 'Intake',
      nextStates: ['AWAITING_DOCUMENTS', 'CANCELLED'],
      enrollmentStartDate: null,
      shipments: [],
    });
    expect(first.nextStep).toMatch(/reviewing your details/);
    expect(second.medication).toBe('Ozempic');
    expect(first.documents.map((d) => [d.kind, d.status])).toEqual(
      requiredDocumentsFor({ hasInsurance: true }).map((k) => [k, 'MISSING']),
    );
    expect(first.missingDocuments.map((d) => d.label)).toEqual([
      'Proof of income',
      'Insurance card (front and back)',
      'Denial letter from your insurance',
      'Prescriber form signed by your doctor',
    ]);
    expect(first.timeline).toEqual([
      expect.objectContaining({
        fromState: null,
        toState: 'INTAKE',
        actorRole: 'SYSTEM',
        actorName: null,
        note: 'Application opened for Examplinib.',
      }),
    ]);
  });

  it('asks an uninsured patient only for proof of income and the prescriber form', async () => {
    const { applications } = await newPatientWithApplications(api, ['Examplinib']);
    expect(applications[0].documents.map((d) => d.kind)).toEqual(requiredDocumentsFor({ hasInsurance: false }));
  });

  it('opens applications for prescriptions added later, once, whatever the redeliveries', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const added = await api.post(
      '/prescriptions/bulk',
      [{ medication: 'Trelegy Ellipta', dosage: '1 puff', frequency: 'Once daily' }],
      patient.token,
    );
    expect(added.status).toBe(201);
    const apps = await waitForApplications(api, patient.token, 2);
    expect(apps.map((a) => a.medication)).toEqual(['Eliquis', 'Trelegy Ellipta']);
    // A second delivery of the same event (as after a crash) opens nothing more.
    const { rows } = await db.query(
      `UPDATE outbox SET published_at = NULL WHERE user_id = $1 AND type = 'prescription.added' RETURNING id`,
      [patient.id],
    );
    expect(rows.length).toBe(2);
    stack.worker!.get(OutboxRelayService).relay.kick();
    await eventually(async () => {
      const r = await db.query(`SELECT count(*)::int AS n FROM outbox WHERE user_id = $1 AND published_at IS NULL`, [
        patient.id,
      ]);
      return r.rows[0].n === 0 ? true : undefined;
    }, 'the relay');
    await waitForQueuesIdle(stack);
    const again = await api.get('/applications', patient.token);
    expect(again.body.data.applications).toHaveLength(2);
  });

  it("shows a prescription's corrected name on its application, in the list and in the push of the next move", async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const app = patient.applications[0];
    const fixed = await api.put(
      `/prescriptions/${app.prescriptionId}`,
      { medication: 'Eliquis XR', dosage: '5 mg', frequency: 'Twice daily' },
      patient.token,
    );
    expect(fixed.status).toBe(200);
    const listed = await api.get('/applications', patient.token);
    expect(listed.body.data.applications[0]).toMatchObject({ id: app.id, medication: 'Eliquis XR' });
    const socket = await connectSocket(stack.baseUrl, { token: patient.token });
    try {
      const updates = recordUpdates(socket);
      expect((await move(api, nav.token, app.id, 'AWAITING_DOCUMENTS')).status).toBe(200);
      const pushed = await waitForUpdate(updates, (u) => u.state === 'AWAITING_DOCUMENTS');
      expect(pushed.medication).toBe('Eliquis XR');
    } finally {
      socket.disconnect();
    }
  });

  it('cancels the application of a removed prescription and keeps its history', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const app = patient.applications[0];
    expect((await move(api, nav.token, app.id, 'AWAITING_DOCUMENTS')).status).toBe(200);
    const removed = await api.delete(`/prescriptions/${app.prescriptionId}`, patient.token);
    expect(removed.status).toBe(200);
    const cancelled = await eventually(async () => {
      const res = await api.get('/applications', patient.token);
      const a = res.body.data.applications[0];
      return a?.state === 'CANCELLED' ? a : undefined;
    }, 'the cancellation');
    expect(cancelled.medication).toBe('Eliquis');
    expect(cancelled.timeline.map((t: { toState: string }) => t.toState)).toEqual([
      'INTAKE',
      'AWAITING_DOCUMENTS',
      'CANCELLED',
    ]);
    expect(cancelled.timeline[2]).toMatchObject({
      actorRole: 'SYSTEM',
      note: 'Cancelled because the prescription was removed.',
    });
  });
});

describe('transitions', () => {
  it('accepts every legal move of the domain table', async () => {
    // A patient has at most 30 prescriptions: the moves are shared among as many patients as they need.
    const byMed = new Map<string, { id: string }>();
    for (let i = 0; i < LEGAL.length; i += 25) {
      const meds = LEGAL.slice(i, i + 25).map(([from, to]) => `Med ${from}>${to}`);
      const patient = await newPatientWithApplications(api, meds, { email: `legal.${i}.${Date.now()}@example.com` });
      for (const a of patient.applications) byMed.set(a.medication, a);
    }
    for (const [from, to] of LEGAL) {
      const app = byMed.get(`Med ${from}>${to}`)!;
      await driveTo(api, nav.token, app.id, from);
      const res = await move(api, nav.token, app.id, to, { fromState: from });
      expect([from, to, res.status, res.body.message]).toEqual([from, to, 200, expect.any(String)]);
      expect(res.body.data.application).toMatchObject({ state: to, stateLabel: expect.any(String) });
      const last = res.body.data.application.timeline.at(-1)!;
      expect(last).toMatchObject({
        fromState: from,
        toState: to,
        actorRole: 'NAVIGATOR',
        actorName: 'Nora Navigator',
        note: `Moving to ${to}`,
      });
    }
  });

  it('refuses every move the table does not list with 409 and the reason', async () => {
    // An illegal move changes nothing, so one application per state tries every illegal target.
    const patient = await newPatientWithApplications(
      api,
      APPLICATION_STATES.map((s) => `Med ${s}`),
    );
    for (const from of APPLICATION_STATES) {
      const app = patient.applications.find((a) => a.medication === `Med ${from}`)!;
      await driveTo(api, nav.token, app.id, from);
      for (const to of APPLICATION_STATES.filter((t) => !APPLICATION_TRANSITIONS[from].includes(t))) {
        const res = await move(api, nav.token, app.id, to);
        expect([from, to, res.status, res.body.message, res.body.error!.code]).toEqual([
          from,
          to,
          409,
          new IllegalTransitionError(from, to).message,
          'illegal-transition',
        ]);
      }
    }
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM applications WHERE user_id = $1 AND state <> substr(medication, 5)`,
      [patient.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses a move against a state that changed since the navigator loaded it', async () => {
    const { applications } = await newPatientWithApplications(api, ['Eliquis']);
    const id = applications[0].id;
    expect((await move(api, nav.token, id, 'AWAITING_DOCUMENTS', { fromState: 'INTAKE' })).status).toBe(200);
    const stale = await move(api, nav.token, id, 'CANCELLED', { fromState: 'INTAKE' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(APPLICATION_MESSAGES.stale('Awaiting documents', 'someone else'));
    expect(stale.body.error!.code).toBe('stale-state');
  });

  it('lets one of two simultaneous moves win and answers the other 409', async () => {
    const { applications } = await newPatientWithApplications(api, ['Eliquis']);
    const id = applications[0].id;
    await driveTo(api, nav.token, id, 'SUBMITTED');
    const other = await newNavigator(stack, api);
    const [a, b] = await Promise.all([
      move(api, nav.token, id, 'APPROVED', { fromState: 'SUBMITTED' }),
      move(api, other.token, id, 'DENIED', { fromState: 'SUBMITTED' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toMatch(/^This application was moved to (Approved|Denied) by someone else\. Refresh/);
    const { rows } = await db.query(
      `SELECT to_state FROM application_transitions WHERE application_id = $1 ORDER BY created_at`,
      [id],
    );
    expect(rows.map((r) => r.to_state).filter((s) => s === 'APPROVED' || s === 'DENIED')).toHaveLength(1);
  });

  it('plans a move again when the state changes between its read and its write, and writes nothing twice', async () => {
    const { applications } = await newPatientWithApplications(api, ['Eliquis']);
    const id = applications[0].id;
    await driveTo(api, nav.token, id, 'SUBMITTED');
    const ds = stack.api.get(DataSource);
    const moveWhileHeld = async (cmd: Omit<Parameters<typeof changeApplicationState>[1], 'applicationId'>) => {
      // Another transaction moves the case and holds its row: the move reads the old state, plans
      // from it, and its write waits for that commit.
      const holder = ds.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      try {
        await changeApplicationState(holder.manager, {
          applicationId: id,
          toState: 'INFO_REQUESTED',
          note: 'held',
          actor: { id: null, role: 'SYSTEM' },
        });
        const moving = changeApplicationState(ds.manager, { ...cmd, applicationId: id }).then(
          (done) => ({ done }),
          (error: unknown) => ({ error }),
        );
        await eventually(
          async () =>
            (
              await db.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%WITH moved AS%'`,
              )
            ).rows[0].n === 1,
          "the move's write waiting for the held row",
        );
        await holder.commitTransaction();
        return await moving;
      } finally {
        await holder.release();
      }
    };
    const transitions = async () =>
      (
        await db.query(`SELECT to_state FROM application_transitions WHERE application_id = $1 ORDER BY created_at`, [
          id,
        ])
      ).rows.map((r) => r.to_state);

    // A navigator's move planned from SUBMITTED: planned again from INFO_REQUESTED, it answers 409.
    const stale = await moveWhileHeld({
      toState: 'APPROVED',
      fromState: 'SUBMITTED',
      note: '',
      details: detailsFor('APPROVED'),
      actor: { id: nav.id, role: 'NAVIGATOR' },
    });
    expect('error' in stale && stale.error instanceof ApiError && stale.error.getStatus()).toBe(409);
    expect((await transitions()).slice(-2)).toEqual(['SUBMITTED', 'INFO_REQUESTED']);

    // Without a state to hold to, the move is planned again from the new state and made from it.
    await move(api, nav.token, id, 'SUBMITTED');
    const moved = await moveWhileHeld({ toState: 'CANCELLED', note: '', actor: { id: nav.id, role: 'NAVIGATOR' } });
    expect(moved).toMatchObject({ done: { entry: { fromState: 'INFO_REQUESTED', toState: 'CANCELLED' } } });
    expect((await transitions()).slice(-2)).toEqual(['INFO_REQUESTED', 'CANCELLED']);
    // One event per transition written, with the transition's own time.
    const { rows } = await db.query(
      `SELECT o.payload->>'at' AS at, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS written
         FROM application_transitions t JOIN outbox o ON o.payload->>'transitionId' = t.id::text
        WHERE t.application_id = $1 AND t.to_state = 'CANCELLED'`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].at).toBe(rows[0].written);
  });

  it('answers moves made at once each with its own application, patient and new state', async () => {
    // The answers of moves committed together are read together (docs/architecture.md §15).
    const patients = await Promise.all(
      ['Eliquis', 'Jardiance', 'Trulicity'].map((m) => newPatientWithApplications(api, [m])),
    );
    const moves = await Promise.all(
      patients.map((p) => move(api, nav.token, p.applications[0].id, 'AWAITING_DOCUMENTS')),
    );
    moves.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.body.data.application).toMatchObject({
        id: patients[i].applications[0].id,
        state: 'AWAITING_DOCUMENTS',
        patient: { id: patients[i].id, firstName: patients[i].firstName },
      });
    });
    // Their dashboards read at once share one statement (SharedRead): each gets what it gets alone, its own only.
    const together = await Promise.all(patients.map((p) => api.get('/applications', p.token)));
    for (const [i, p] of patients.entries()) {
      const alone = await api.get('/applications', p.token);
      expect(together[i].body.data.applications).toEqual(alone.body.data.applications);
      expect(alone.body.data.applications.map((a: { id: string }) => a.id)).toEqual([p.applications[0].id]);
    }
  });

  it.each([
    [
      'APPROVED',
      // Without a start date the enrollment starts on the approval's day (docs/product.md §18).
      { enrollmentStartsOn: undefined, enrollmentEndsOn: toIsoDate(new Date()) },
      'enrollmentEndsOn',
      'Enrollment end date must be after the enrollment start date.',
    ],
    [
      'APPROVED',
      { enrollmentEndsOn: '2025-02-30' },
      'enrollmentEndsOn',
      'Enrollment end date must be a valid date such as 2025-01-31.',
    ],
    [
      'APPROVED',
      { enrollmentStartsOn: '2025-06-01', enrollmentEndsOn: '2025-05-01' },
      'enrollmentEndsOn',
      'Enrollment end date must be after the enrollment start date.',
    ],
    [
      'SHIPMENT_SCHEDULED',
      { daysOfSupply: undefined },
      'daysOfSupply',
      'Days of supply is required to move an application to Shipment scheduled.',
    ],
    [
      'SHIPMENT_SCHEDULED',
      { daysOfSupply: 7 },
      'daysOfSupply',
      'Days of supply must be a whole number from 30 to 120.',
    ],
    [
      'SHIPMENT_SCHEDULED',
      { shipmentDate: 'soon' },
      'shipmentDate',
      'Shipment date must be a valid date such as 2025-01-31.',
    ],
    // Past PostgreSQL's dates, and a number JavaScript would read as a year: refused, not a 500 nor 2001-01-01.
    [
      'SHIPMENT_SCHEDULED',
      { shipmentDate: '10000-01-01' },
      'shipmentDate',
      'Shipment date must be a valid date such as 2025-01-31.',
    ],
    [
      'SHIPMENT_SCHEDULED',
      { shipmentDate: '1' },
      'shipmentDate',
      'Shipment date must be a valid date such as 2025-01-31.',
    ],
    // Year 0 (PostgreSQL has none) and a last shipment whose refill would fall past year 9999: a 400, not a 500.
    [
      'SHIPMENT_SCHEDULED',
      { shipmentDate: '0000-01-01', daysOfSupply: 90 },
      'shipmentDate',
      'Shipment date must be within 5 years of today.',
    ],
    [
      'SHIPMENT_SCHEDULED',
      { shipmentDate: '9999-12-01', daysOfSupply: 120 },
      'shipmentDate',
      'Shipment date must be within 5 years of today.',
    ],
    [
      'APPROVED',
      { enrollmentStartsOn: '9999-06-01' },
      'enrollmentStartsOn',
      'Enrollment start date must be within 5 years of today.',
    ],
  ] as [ApplicationState, Record<string, unknown>, string, string][])(
    'refuses a move to %s without the details it needs with 400 naming the field (%j)',
    async (to, override, field, message) => {
      const { applications } = await newPatientWithApplications(api, ['Eliquis']);
      const id = applications[0].id;
      await driveTo(api, nav.token, id, to === 'APPROVED' ? 'SUBMITTED' : 'APPROVED');
      const res = await api.post(
        `/admin/applications/${id}/transitions`,
        { toState: to, note: 'Go', ...detailsFor(to), ...override },
        nav.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.error!.fields![field]).toBe(message);
      expect(res.body.message).toBe(`${field}: ${message}`);
    },
  );

  it('validates the body: state, note and types', async () => {
    const { applications } = await newPatientWithApplications(api, ['Eliquis']);
    const url = `/admin/applications/${applications[0].id}/transitions`;
    const noState = await api.post(url, { note: 'x' }, nav.token);
    expect([noState.status, noState.body.error!.fields!.toState]).toEqual([400, APPLICATION_MESSAGES.chooseState]);
    const noNote = await api.post(url, { toState: 'AWAITING_DOCUMENTS', note: '  ' }, nav.token);
    expect([noNote.status, noNote.body.error!.fields!.note]).toEqual([400, APPLICATION_MESSAGES.noteRequired]);
    const badDays = await api.post(
      url,
      { toState: 'AWAITING_DOCUMENTS', note: 'x', daysOfSupply: 'ninety' },
      nav.token,
    );
    expect(badDays.status).toBe(400);
    const missing = await api.post(
      '/admin/applications/not-a-uuid/transitions',
      { toState: 'CANCELLED', note: 'x' },
      nav.token,
    );
    expect([missing.status, missing.body.message]).toEqual([404, 'Application not found']);
  });

  it('records the enrollment and the shipments, and writes each change to the outbox for billing', async () => {
    const { applications, id: userId } = await newPatientWithApplications(api, ['Eliquis']);
    const id = applications[0].id;
    await driveTo(api, nav.token, id, 'SUBMITTED');
    // Dates from today: a fixed enrollment end would one day fall within the renewal's 30 days and
    // the worker's timer would move the case on (RENEWAL_DUE) before the outbox is read.
    const startsOn = toIsoDate(new Date());
    const endsOn = toIsoDate(addDays(startsOn, 364));
    const shipmentDate = toIsoDate(addDays(startsOn, 9));
    const shipment = { shipmentDate, daysOfSupply: 90, refillDueAt: toIsoDate(addDays(shipmentDate, 90 - 21)) };
    // The earlier names of the dates are still read (docs/product.md §18).
    await move(api, nav.token, id, 'APPROVED', {
      enrollmentStartsOn: null,
      enrollmentEndsOn: null,
      enrollmentStartDate: startsOn,
      enrollmentEndDate: endsOn,
    });
    const shipped = await move(api, nav.token, id, 'SHIPMENT_SCHEDULED', { shipmentDate, daysOfSupply: 90 });
    expect(shipped.body.data.application).toMatchObject({
      enrollmentStartDate: startsOn,
      enrollmentEndDate: endsOn,
      shipments: [shipment],
    });
    const { rows } = await db.query(
      `SELECT payload FROM outbox WHERE user_id = $1 AND type = 'application.transitioned' ORDER BY created_at`,
      [userId],
    );
    const last = rows.at(-1)!.payload;
    expect(last).toMatchObject({
      applicationId: id,
      userId,
      prescriptionId: applications[0].prescriptionId,
      fromState: 'APPROVED',
      toState: 'SHIPMENT_SCHEDULED',
      actorId: nav.id,
      enrollmentEndDate: endsOn,
      shipment,
    });
    expect(rows.find((r) => r.payload.toState === 'APPROVED')!.payload).toMatchObject({
      enrollmentStartDate: startsOn,
      shipment: null,
    });
  });
});

describe('document checklist', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  async function uploadPdf(token: string) {
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'income.pdf');
    form.append('title', 'Pay stub');
    const res = await fetch(`${stack.apiUrl}/documents/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
    return (body.data.document ?? body.data).id as string;
  }

  it('lets the patient attach their own upload and a navigator mark items', async () => {
    const patient = await newPatientWithApplications(api, ['Examplinib']);
    const app = patient.applications[0];
    const documentId = await uploadPdf(patient.token);

    const attached = await api.post(
      `/applications/${app.id}/documents`,
      { kind: 'PROOF_OF_INCOME', documentId },
      patient.token,
    );
    expect(attached.status).toBe(201);
    const view = attached.body.data.application;
    expect(view.documents[0]).toMatchObject({
      kind: 'PROOF_OF_INCOME',
      status: 'RECEIVED',
      documentId,
      receivedAt: expect.any(String),
    });
    expect(view.missingDocuments).toEqual([
      { kind: 'PRESCRIBER_FORM', label: 'Prescriber form signed by your doctor' },
    ]);

    const marked = await api.post(
      `/admin/applications/${app.id}/documents/PRESCRIBER_FORM`,
      { status: 'RECEIVED', note: 'Faxed by the clinic' },
      nav.token,
    );
    expect(marked.status).toBe(200);
    expect(marked.body.data.application.missingDocuments).toEqual([]);

    const rejected = await api.post(
      `/admin/applications/${app.id}/documents/PROOF_OF_INCOME`,
      { status: 'MISSING', note: 'Unreadable' },
      nav.token,
    );
    expect(rejected.body.data.application.documents[0]).toMatchObject({ status: 'MISSING', documentId: null });
    // A navigator may ask for an item the checklist lacked.
    const added = await api.post(
      `/admin/applications/${app.id}/documents/DENIAL_LETTER`,
      { status: 'MISSING' },
      nav.token,
    );
    expect(added.body.data.application.missingDocuments.map((d: { kind: string }) => d.kind)).toEqual([
      'PROOF_OF_INCOME',
      'DENIAL_LETTER',
    ]);
  });

  it('asks again for an item whose upload the patient deleted while the packet may go out; an approved case keeps it', async () => {
    const patient = await newPatientWithApplications(api, ['Examplinib', 'Eliquis', 'Ozempic']);
    const [open, sent, approved] = patient.applications;
    const documentId = await uploadPdf(patient.token);
    for (const app of [open, sent, approved]) {
      const attached = await api.post(
        `/applications/${app.id}/documents`,
        { kind: 'PROOF_OF_INCOME', documentId },
        patient.token,
      );
      expect(attached.status).toBe(201);
    }
    await driveTo(api, nav.token, sent.id, 'SUBMITTED');
    await driveTo(api, nav.token, approved.id, 'APPROVED');

    expect((await api.delete(`/documents/${documentId}`, patient.token)).status).toBe(200);
    const apps = (await api.get('/applications', patient.token)).body.data.applications as ApplicationView[];
    const item = (id: string) => apps.find((a) => a.id === id)!.documents.find((d) => d.kind === 'PROOF_OF_INCOME');
    // Open, or with the program (which may ask for more and have it sent anew): asked for again, so it is listed as
    // missing and the packet cannot go without it.
    for (const { id } of [open, sent]) {
      expect(item(id)).toMatchObject({ status: 'MISSING', documentId: null });
      expect(apps.find((a) => a.id === id)!.missingDocuments.map((d) => d.kind)).toContain('PROOF_OF_INCOME');
    }
    // Approved: it went with the packet, as received.
    expect(item(approved.id)).toMatchObject({ status: 'RECEIVED', documentId: null });
  });

  it("refuses someone else's document, an unknown kind and another patient's application", async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const other = await newPatientWithApplications(api, ['Ozempic']);
    const app = patient.applications[0];
    const othersDoc = await uploadPdf(other.token);

    const foreign = await api.post(
      `/applications/${app.id}/documents`,
      { kind: 'PROOF_OF_INCOME', documentId: othersDoc },
      patient.token,
    );
    expect([foreign.status, foreign.body.error!.fields!.documentId]).toEqual([
      400,
      APPLICATION_MESSAGES.chooseOwnDocument,
    ]);
    const ownDoc = await uploadPdf(patient.token);
    const badKind = await api.post(
      `/applications/${app.id}/documents`,
      { kind: 'PASSPORT', documentId: ownDoc },
      patient.token,
    );
    expect([badKind.status, Object.keys(badKind.body.error!.fields!)]).toEqual([400, ['kind']]);
    const notNeeded = await api.post(
      `/applications/${app.id}/documents`,
      { kind: 'INSURANCE_CARD', documentId: ownDoc },
      patient.token,
    );
    expect([notNeeded.status, notNeeded.body.message]).toEqual([
      400,
      APPLICATION_MESSAGES.kindNotNeeded('Insurance card (front and back)'),
    ]);
    // In Spanish, the document's own Spanish name and every word of both refusals (docs/product.md §20).
    const spanish = { 'Accept-Language': 'es' };
    const notNeededEs = await api.post(
      `/applications/${app.id}/documents`,
      { kind: 'INSURANCE_CARD', documentId: ownDoc },
      patient.token,
      spanish,
    );
    const inSpanish = APPLICATION_MESSAGES_ES.kindNotNeeded('Tarjeta del seguro médico (por ambos lados)');
    expect([notNeededEs.body.message, notNeededEs.body.error!.fields!.kind]).toEqual([inSpanish, inSpanish]);
    const badKindEs = await api.post(
      `/applications/${app.id}/documents`,
      { kind: 'PASSPORT', documentId: ownDoc },
      patient.token,
      spanish,
    );
    expect(badKindEs.body.error!.fields!.kind).toBe(
      APPLICATION_MESSAGES_ES.documentKindUnknown(DOCUMENT_KINDS.join(', ')),
    );
    const notMine = await api.post(
      `/applications/${other.applications[0].id}/documents`,
      { kind: 'PROOF_OF_INCOME', documentId: ownDoc },
      patient.token,
    );
    expect([notMine.status, notMine.body.message]).toEqual([404, 'Application not found']);
  });
});

describe('navigator endpoints', () => {
  it('lists applications oldest first with counts per state, filtered by state and search', async () => {
    const surname = `Zed${Date.now()}`;
    const patient = await newPatientWithApplications(api, ['Eliquis', 'Rinvoq'], { lastName: surname });
    await driveTo(api, nav.token, patient.applications[1].id, 'SUBMITTED');

    const all = await api.post('/admin/applications/search', { search: surname }, nav.token);
    expect(all.status).toBe(200);
    expect(all.body.data.applications.map((a: { medication: string }) => a.medication)).toEqual(['Eliquis', 'Rinvoq']);
    expect(all.body.data.applications[0].patient).toEqual({
      id: patient.id,
      firstName: 'Maria',
      lastName: surname,
      email: patient.email,
    });
    // A row is the application's view cut to the list's columns, never a reading of its own.
    const rowFields = Object.keys(workQueueItemSchema.shape).sort();
    for (const [i, row] of all.body.data.applications.entries()) {
      const { application } = (await api.get(`/admin/applications/${patient.applications[i].id}`, nav.token)).body.data;
      expect(Object.keys(row).sort()).toEqual(rowFields);
      expect(row).toEqual(Object.fromEntries(rowFields.map((k) => [k, application[k]])));
    }
    const { rows } = await db.query(`SELECT state, count(*)::int AS n FROM applications GROUP BY state`);
    for (const state of APPLICATION_STATES) {
      expect(all.body.data.counts[state]).toBe(rows.find((r) => r.state === state)?.n ?? 0);
    }
    const submitted = await api.post('/admin/applications/search', { state: 'SUBMITTED', search: surname }, nav.token);
    expect(submitted.body.data.applications.map((a: { medication: string }) => a.medication)).toEqual(['Rinvoq']);
    const byMedication = await api.post('/admin/applications/search', { search: 'rinv' }, nav.token);
    expect(byMedication.body.data.applications.every((a: { medication: string }) => a.medication === 'Rinvoq')).toBe(
      true,
    );
    const wildcard = await api.post('/admin/applications/search', { search: '%' }, nav.token);
    expect(wildcard.body.data.applications).toEqual([]);
    // An empty page still carries the counts, read in the page's one statement.
    expect(wildcard.body.data.counts).toEqual(all.body.data.counts);
    const page = await api.post('/admin/applications/search', { limit: 1, page: 2, search: surname }, nav.token);
    expect(page.body.data.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalCount: 2,
      hasPrevPage: true,
      hasNextPage: false,
    });
    // A page past the end answers the last page: an empty page that still counted the matches would tell, with no
    // patient on its audit row, that this patient's application is Submitted (docs/architecture.md §9).
    const past = await api.post(
      '/admin/applications/search',
      { limit: 1, page: 5, state: 'SUBMITTED', search: surname },
      nav.token,
    );
    expect([past.body.data.applications.map((a: { id: string }) => a.id), past.body.data.pagination]).toEqual([
      [patient.applications[1].id],
      { currentPage: 1, totalPages: 1, totalCount: 1, hasPrevPage: false, hasNextPage: false },
    ]);
    const pastPatients = await api.post('/admin/patients/search', { limit: 1, page: 7, search: surname }, nav.token);
    expect([
      pastPatients.body.data.patients.map((p: { id: string }) => p.id),
      pastPatients.body.data.pagination,
    ]).toEqual([
      [patient.id],
      { currentPage: 1, totalPages: 1, totalCount: 1, hasPrevPage: false, hasNextPage: false },
    ]);
    const { rows: audited } = await db.query(
      `SELECT action, metadata FROM audit_log WHERE actor_id = $1 AND metadata->>'search' = $2 AND (metadata->>'page')::int = 1
        AND metadata->>'limit' = '1' ORDER BY created_at DESC LIMIT 2`,
      [nav.id, surname],
    );
    expect(
      audited.map((r: { action: string; metadata: { patientIds: string[] } }) => [r.action, r.metadata.patientIds]),
    ).toEqual([
      ['patients.list', [patient.id]],
      ['applications.list', [patient.id]],
    ]);
    const badState = await api.get(`/admin/applications?state=LOST`, nav.token);
    expect([badState.status, Object.keys(badState.body.error!.fields!)]).toEqual([400, ['state']]);
    // Words never in an address, which a proxy's log keeps: the GET refuses them and names the POST.
    for (const list of ['applications', 'patients']) {
      const inAddress = await api.get(`/admin/${list}?search=${surname}`, nav.token);
      expect([inAddress.status, inAddress.body.error!.fields!.search]).toEqual([
        400,
        `search goes in the body of POST /api/v1/admin/${list}/search, never in an address`,
      ]);
    }
  });

  it('finds by words in any order and without accents, in the queue and among patients', async () => {
    const tag = `${Date.now()}`;
    const surname = `García${tag}`;
    const patient = await newPatientWithApplications(api, ['Eliquis'], { firstName: 'José', lastName: surname });
    const ids = async (list: 'patients' | 'applications', search: string) =>
      ((await api.post(`/admin/${list}/search`, { search }, nav.token)).body.data as Record<string, { id: string }[]>)[
        list
      ].map((row) => row.id);
    for (const words of [`garcia${tag}`, `jose garcia${tag}`, `GARCIA${tag} José`, `garcia${tag} eliquis`]) {
      expect(await ids('applications', words)).toEqual([patient.applications[0].id]);
    }
    for (const words of [`garcia${tag} jose`, `jose ${patient.email}`]) {
      expect(await ids('patients', words)).toEqual([patient.id]);
    }
    // Every word must be found: one that is not finds nothing.
    expect(await ids('applications', `garcia${tag} ozempic`)).toEqual([]);
    expect(await ids('patients', `garcia${tag} pedro`)).toEqual([]);
  });

  it('searches patients and reads a whole record, writing each read to the audit log', async () => {
    const surname = `Quill${Date.now()}`;
    const patient = await newPatientWithApplications(api, ['Eliquis'], {
      lastName: surname,
      insurances: [{ provider: 'Medicare' }],
      doctors: [{ firstName: 'Ann', lastName: 'Lee', doctorAddress: '1 Clinic Way' }],
    });
    const found = await api.post('/admin/patients/search', { search: surname.toLowerCase() }, nav.token);
    expect(found.body.data.patients).toEqual([
      expect.objectContaining({ id: patient.id, lastName: surname, email: patient.email, applicationCount: 1 }),
    ]);
    const byEmail = await api.post('/admin/patients/search', { search: patient.email }, nav.token);
    expect(byEmail.body.data.patients.map((p: { id: string }) => p.id)).toEqual([patient.id]);

    for (let i = 0; i < 2; i++) {
      const record = await api.get(`/admin/patients/${patient.id}`, nav.token);
      expect(record.status).toBe(200);
      expect(record.body.data).toMatchObject({
        patient: { id: patient.id, lastName: surname },
        doctors: [{ firstName: 'Ann' }],
        prescriptions: [{ medication: 'Eliquis' }],
        insurances: [{ provider: 'Medicare' }],
        documents: [],
        applications: [{ medication: 'Eliquis', timeline: [expect.objectContaining({ toState: 'INTAKE' })] }],
      });
    }
    const audit = await db.query(
      `SELECT actor_id, actor_role, action, entity_id FROM audit_log WHERE subject_user_id = $1 ORDER BY created_at`,
      [patient.id],
    );
    expect(audit.rows).toEqual([
      { actor_id: nav.id, actor_role: 'NAVIGATOR', action: 'patient.read', entity_id: patient.id },
      { actor_id: nav.id, actor_role: 'NAVIGATOR', action: 'patient.read', entity_id: patient.id },
    ]);
    const one = await api.get(`/admin/applications/${patient.applications[0].id}`, nav.token);
    expect(one.body.data.application.patient.id).toBe(patient.id);
    const after = await db.query(`SELECT action FROM audit_log WHERE subject_user_id = $1 ORDER BY created_at`, [
      patient.id,
    ]);
    expect(after.rows.at(-1)).toEqual({ action: 'application.read' });

    expect((await api.get(`/admin/patients/${nav.id}`, nav.token)).status).toBe(404);
    expect((await api.get(`/admin/patients/nope`, nav.token)).status).toBe(404);
  });

  it('lets an ADMIN in too', async () => {
    const admin = await newNavigator(stack, api, 'ADMIN');
    expect((await api.get('/admin/applications', admin.token)).status).toBe(200);
  });

  it('answers 403 to a patient and 401 without a token on every admin route', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    const appId = patient.applications[0].id;
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/patients'],
      ['GET', `/admin/patients/${patient.id}`],
      ['GET', '/admin/applications'],
      ['GET', `/admin/applications/${appId}`],
      ['POST', `/admin/applications/${appId}/transitions`, { toState: 'AWAITING_DOCUMENTS', note: 'self-service' }],
      ['POST', `/admin/applications/${appId}/documents/PROOF_OF_INCOME`, { status: 'RECEIVED' }],
    ];
    for (const [method, path, body] of routes) {
      const asPatient = await api.call(method, path, body, patient.token);
      expect([method, path, asPatient.status]).toEqual([method, path, 403]);
      const anonymous = await api.call(method, path, body);
      expect([method, path, anonymous.status]).toEqual([method, path, 401]);
    }
    const { rows } = await db.query(`SELECT state FROM applications WHERE id = $1`, [appId]);
    expect(rows[0].state).toBe('INTAKE');
  });
});

describe('emails', () => {
  const SUBJECT = 'An update on your RxBridge application';
  // Every status email has the same subject (no medication, no state): the body tells them apart.
  const KINDS: [string, RegExp][] = [
    ['submitted', /we have submitted your application for Eliquis/],
    ['info-requested', /has asked for more information/],
    ['denied', /declined your application for Eliquis/],
    ['resubmitted', /sent your application for Eliquis to the drug maker's assistance program again/],
    ['answered', /sent the assistance program the information it asked for about your Eliquis application/],
    ['approved', /approved your application for Eliquis/],
    ['shipment', /Your shipment of Eliquis is scheduled/],
  ];
  const kindOf = (text: string) => KINDS.find(([, re]) => re.test(text))?.[0];

  it('mails the patient on each change they care about, once each, details only to a verified address', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis'], { firstName: 'Rosa' });
    await db.query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
    const id = patient.applications[0].id;
    const mine = () => stack.mail.messages().filter((m) => m.to.includes(patient.email) && !/Verify/.test(m.subject));
    // The email queue runs several jobs at once: two changes close together may be mailed in either
    // order, so each change's mail is waited for before the next change (`seen`: mails already had).
    const seen = new Set<string>();
    const waitFor = async (kind: string) => {
      const mail = await stack.mail.waitFor(
        (m) => m.to.includes(patient.email) && m.subject === SUBJECT && kindOf(m.text) === kind && !seen.has(m.id),
      );
      seen.add(mail.id);
      return mail;
    };
    await driveTo(api, nav.token, id, 'SUBMITTED');
    const submitted = await waitFor('submitted');
    // The preview (the first line after the greeting) names neither the medication nor the state.
    expect(submitted.text.split('\n')[2]).toBe('There is an update on one of your applications with RxBridge.');
    await move(api, nav.token, id, 'INFO_REQUESTED');
    await waitFor('info-requested');
    await move(api, nav.token, id, 'SUBMITTED');
    await waitFor('answered');
    await move(api, nav.token, id, 'DENIED');
    await waitFor('denied');
    await move(api, nav.token, id, 'SUBMITTED');
    await waitFor('resubmitted');
    // Dates well ahead, so no refill or renewal timer fires during the test.
    const start = toIsoDate(addDays(new Date(), 10));
    const end = toIsoDate(addDays(start, 300));
    await move(api, nav.token, id, 'APPROVED', { enrollmentStartsOn: start, enrollmentEndsOn: end });
    const approved = await waitFor('approved');
    expect(approved.text).toContain('Hi Rosa,');
    expect(approved.text).toContain(`from ${longDate(start)} to ${longDate(end)}`);
    expect(approved.text).not.toContain('Moving to');
    await move(api, nav.token, id, 'SHIPMENT_SCHEDULED', { shipmentDate: start, daysOfSupply: 90 });
    const shipped = await waitFor('shipment');
    expect(shipped.text).toContain(`scheduled for ${longDate(start)}, with a 90-day supply`);
    expect(shipped.text).toContain(`around ${longDate(addDays(start, 69))}`);
    await move(api, nav.token, id, 'DELIVERED');
    // Idle does not wait for the refill timer DELIVERED arms: it is due in months.
    await waitForQueuesIdle(stack);
    // INTAKE -> AWAITING_* and DELIVERED send nothing; every other change exactly one.
    expect(mine().every((m) => m.subject === SUBJECT)).toBe(true);
    expect(mine().map((m) => kindOf(m.text))).toEqual([
      'submitted',
      'info-requested',
      'answered',
      'denied',
      'resubmitted',
      'approved',
      'shipment',
    ]);
  });

  it('tells an unverified address only that something changed', async () => {
    const patient = await newPatientWithApplications(api, ['Eliquis']);
    await driveTo(api, nav.token, patient.applications[0].id, 'SUBMITTED');
    const mail = await stack.mail.waitFor((m) => m.to.includes(patient.email) && m.subject === SUBJECT);
    expect(mail.text).toContain('Please sign in to see what changed');
    expect(mail.text).not.toContain('Eliquis');
    expect(mail.html).not.toContain('Eliquis');
    expect(mail.text).not.toMatch(/submitted/i);
  });
});

it('keeps another patient out of the list', async () => {
  const a = await newPatientWithApplications(api, ['Eliquis']);
  const b = await apiClient(stack.apiUrl).post('/users/signup', newSignup());
  const res = await api.get('/applications', b.body.data.token);
  expect(res.body.data.applications).toEqual([]);
  expect((await api.get('/applications')).status).toBe(401);
  expect(a.applications).toHaveLength(1);
});
