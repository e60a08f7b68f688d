import { PAP_CATALOGUE, patientAsks, type PapProgram } from '@rxbridge/domain';
import { SUBMISSION_MESSAGES, type AdminApplicationView, type ApplicationView } from '@rxbridge/contracts';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUES } from '@rxbridge/events';
import { startStack, type TestStack } from '../support/stack';
import { waitForQueuesIdle } from '../support/idle';
import { apiClient } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { upload } from '../records/helpers';
import { FILES } from '../support/sample-files';
import { connectSocket, driveTo, eventually, move, newNavigator, recordUpdates, waitForUpdate } from './helpers';
import type { Api, ClientSocket } from './helpers';
import {
  FAX_PROGRAM,
  matchedByItsMedication as matched,
  prescriberSigns,
  readyToSend,
  signingPatient,
} from './signing-helpers';

// docs/product.md §17: sending the program's packet by fax or recording a portal submission.
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

/** Programs chosen by their data: one a patient's medication matches, with the facts asked of it. */
const BOTH_SHIP_TO = PAP_CATALOGUE.find((p) => matched(p) && p.application.shipTo.length > 1)!;
const ONE_SHIP_TO = PAP_CATALOGUE.find((p) => matched(p) && p.application.shipTo.length === 1);

const submit = (id: string, body: unknown, token = nav.token) =>
  api.post(`/admin/applications/${id}/submissions`, body, token);
const staffView = async (id: string) =>
  (await api.get(`/admin/applications/${id}`, nav.token)).body.data.application as AdminApplicationView;

const readyCase = (program: PapProgram) => readyToSend(stack, api, nav.token, program);

describe('sending to the program', () => {
  it('refuses patients, bad bodies, an incomplete packet (listing what is missing) and a state not ready', async () => {
    const patient = await signingPatient(api, FAX_PROGRAM.medications[0].brand);
    const id = patient.application.id;
    expect((await submit(id, { channel: 'FAX' }, patient.token)).status).toBe(403);
    const badChannel = await submit(id, { channel: 'PIGEON' });
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.error?.fields?.channel).toBe(SUBMISSION_MESSAGES.chooseChannel);
    const noReference = await submit(id, { channel: 'PORTAL' });
    expect(noReference.status).toBe(400);
    expect(noReference.body.error?.fields?.reference).toBe(SUBMISSION_MESSAGES.referenceRequired);
    expect((await submit('00000000-0000-4000-8000-000000000000', { channel: 'FAX' })).status).toBe(404);

    const incomplete = await submit(id, { channel: 'FAX' });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.error?.code).toBe('packet-incomplete');
    expect(incomplete.body.error?.missing).toEqual([
      'Patient signature',
      'Prescriber signature',
      ...patient.application.missingDocuments.map((d) => d.label),
    ]);
    expect((await staffView(id)).missingForSubmission).toEqual(incomplete.body.error?.missing);

    // Complete, but still in Intake: the state table decides where a submission may start.
    const ready = await readyCase(FAX_PROGRAM);
    const early = await submit(ready.application.id, { channel: 'FAX' });
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toBe(SUBMISSION_MESSAGES.cannotSubmit('Intake'));
  });

  it('refuses a signature no longer current: the income changed after signing', async () => {
    const patient = await readyCase(FAX_PROGRAM);
    const id = patient.application.id;
    await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
    expect((await staffView(id)).missingForSubmission).toEqual([]);
    await api.put('/users/eligibility', { householdSize: 3, annualIncomeCents: 2_900_000 }, patient.token);
    const view = await staffView(id);
    expect(view.signatures.patient?.current).toBe(false);
    const refused = await submit(id, { channel: 'FAX' });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.missing).toEqual(['Patient signature', 'Prescriber signature']);
  });

  it('faxes the packet once to the gateway, moves the case to Submitted and tells the patient live', async () => {
    const patient = await readyCase(FAX_PROGRAM);
    const id = patient.application.id;
    await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
    const socket = await connectSocket(stack.baseUrl, { token: patient.token });
    sockets.push(socket);
    const seen = recordUpdates(socket);

    const fax = FAX_PROGRAM.application.submitTo.fax!;
    const sent = await submit(id, { channel: 'FAX' });
    expect(sent.status).toBe(202);
    expect(sent.body.data.submission).toMatchObject({ channel: 'FAX', to: fax, status: 'QUEUED' });
    const address = `${fax.slice(1)}@fax.rxbridge.local`;
    const mail = await stack.mail.waitFor((m) => m.to.includes(address), 20_000);
    // No patient or medication in what the gateway's email says of itself.
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Maria|Lopez|\bmg\b/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].mimeType).toBe('application/pdf');
    const lines = pdfText(mail.attachments[0].content).split('\n');
    expect(lines).toContain(`To: ${FAX_PROGRAM.name}`);
    expect(lines).toContain(`Fax: ${fax}`);
    expect(lines.some((l) => /^Pages \(including this one\): \d+$/.test(l))).toBe(true);
    expect(lines).toContain('Signed electronically by Maria Lopez');

    const note = `Sent to ${FAX_PROGRAM.name} by fax (${fax})`;
    const update = await waitForUpdate(seen, (u) => u.state === 'SUBMITTED', 20_000);
    const mine = (await api.get('/applications', patient.token)).body.data.applications as ApplicationView[];
    const entry = mine.find((a) => a.id === id)!.timeline.find((t) => t.note === note);
    expect(entry?.id).toBe(update.transitionId);
    expect((await staffView(id)).submission).toMatchObject({ status: 'SENT', channel: 'FAX' });

    const twice = await submit(id, { channel: 'FAX' });
    expect(twice.status).toBe(409);
    expect(twice.body.error?.message).toBe(SUBMISSION_MESSAGES.alreadySent);
    expect(stack.mail.messages().filter((m) => m.to.includes(address))).toHaveLength(1);
  });

  it('shows a fax the gateway refuses as Failed with its reason, and sends it once on Retry', async () => {
    const patient = await readyCase(FAX_PROGRAM);
    const id = patient.application.id;
    await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
    const fax = FAX_PROGRAM.application.submitTo.fax!;
    const address = `${fax.slice(1)}@fax.rxbridge.local`;
    const ours = (m: { to: string[]; subject: string }) => m.to.includes(address) && m.subject.includes(id.slice(0, 8));
    const socket = await connectSocket(stack.baseUrl, { token: patient.token });
    sockets.push(socket);
    const seen = recordUpdates(socket);

    // The gateway turns the number down (a real SMTP 550 at RCPT TO): the attempt fails, the case stays put.
    stack.mail.refuseDomains(['fax.rxbridge.local']);
    let failed: AdminApplicationView;
    try {
      const queued = (await submit(id, { channel: 'FAX' })).body.data.submission;
      failed = await eventually(
        async () => {
          const view = await staffView(id);
          return view.submission?.status === 'FAILED' && view;
        },
        'the fax to fail',
        20_000,
      );
      expect(failed.submission?.id).toBe(queued.id);
    } finally {
      stack.mail.refuseDomains([]);
    }
    expect(failed.submission?.failureReason).toMatch(/550 .*refused by the gateway/);
    // The gateway's answer without the addresses and numbers in it (docs/architecture.md §13).
    expect(failed.submission?.failureReason).not.toMatch(/@|\d{7,}/);
    expect(failed.state).toBe('AWAITING_PRESCRIBER');
    expect(stack.mail.messages().filter(ours)).toHaveLength(0);
    const submissionId = failed.submission!.id;

    // The gateway takes it again; the navigator's Retry sends it, once, and the case moves to Submitted once.
    const retried = await api.post(`/admin/applications/${id}/submissions/${submissionId}/retry`, {}, nav.token);
    expect(retried.status).toBe(202);
    expect(retried.body.data.submission).toMatchObject({ id: submissionId, status: 'QUEUED', failureReason: null });
    await stack.mail.waitFor(ours, 20_000);
    await waitForUpdate(seen, (u) => u.state === 'SUBMITTED', 20_000);
    const sent = await staffView(id);
    expect(sent.submission).toMatchObject({ id: submissionId, status: 'SENT', failureReason: null });
    expect(sent.state).toBe('SUBMITTED');
    const note = `Sent to ${FAX_PROGRAM.name} by fax (${fax})`;
    expect(sent.timeline.filter((t) => t.note === note)).toHaveLength(1);
    expect(sent.timeline.filter((t) => t.toState === 'SUBMITTED')).toHaveLength(1);
    const again = await api.post(`/admin/applications/${id}/submissions/${submissionId}/retry`, {}, nav.token);
    expect(again.status).toBe(409);
    expect(stack.mail.messages().filter(ours)).toHaveLength(1);
  });

  it("records a fax the gateway took as Sent when only its ledger's commit failed: no Failed inviting a second", async () => {
    const patient = await readyCase(FAX_PROGRAM);
    const id = patient.application.id;
    await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
    const fax = FAX_PROGRAM.application.submitTo.fax!;
    const ours = (m: { to: string[]; subject: string }) =>
      m.to.includes(`${fax.slice(1)}@fax.rxbridge.local`) && m.subject.includes(id.slice(0, 8));
    // PostgreSQL refuses the fax's ledger row at commit (a deferred trigger): after the gateway took the email.
    const db = stack.api.get(DataSource);
    await db.query(`
      CREATE OR REPLACE FUNCTION test_refuse_fax_commit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'commit refused for this test'; END $$;
      CREATE CONSTRAINT TRIGGER test_refuse_fax_commit AFTER INSERT ON processed_effects
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.key LIKE 'fax:%')
        EXECUTE FUNCTION test_refuse_fax_commit();`);
    let sent: AdminApplicationView;
    try {
      expect((await submit(id, { channel: 'FAX' })).status).toBe(202);
      await stack.mail.waitFor(ours, 20_000);
      sent = await eventually(
        async () => {
          const view = await staffView(id);
          return view.submission?.status !== 'QUEUED' && view;
        },
        'the fax to be recorded',
        20_000,
      );
    } finally {
      await db.query('DROP TRIGGER test_refuse_fax_commit ON processed_effects');
    }
    expect(sent.submission).toMatchObject({ status: 'SENT', failureReason: null });
    expect(sent.state).toBe('SUBMITTED');
    await waitForQueuesIdle(stack);
    expect(stack.mail.messages().filter(ours)).toHaveLength(1);
  });

  /** A fax the gateway refused, ready for the navigator's Retry. */
  const refusedFax = async () => {
    const patient = await readyCase(FAX_PROGRAM);
    const id = patient.application.id;
    await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
    stack.mail.refuseDomains(['fax.rxbridge.local']);
    try {
      expect((await submit(id, { channel: 'FAX' })).status).toBe(202);
      const failed = await eventually(
        async () => (await staffView(id)).submission?.status === 'FAILED' && (await staffView(id)).submission,
        'the fax to fail',
        20_000,
      );
      return { patient, id, submissionId: failed.id };
    } finally {
      stack.mail.refuseDomains([]);
    }
  };
  const retry = (id: string, submissionId: string) =>
    api.post(`/admin/applications/${id}/submissions/${submissionId}/retry`, {}, nav.token);
  const OTHER_FAX_PROGRAM = PAP_CATALOGUE.find((p) => p.id !== FAX_PROGRAM.id && p.application.submitTo.fax)!;

  it('retries a failed fax only as a first send would go: the latest, complete, to its program, from a state that sends', async () => {
    const fax = FAX_PROGRAM.application.submitTo.fax!;
    const address = `${fax.slice(1)}@fax.rxbridge.local`;
    const sentBefore = stack.mail.messages().filter((m) => m.to.includes(address)).length;

    // Cancelled since: nothing of it is sent any more.
    const cancelled = await refusedFax();
    expect((await move(api, nav.token, cancelled.id, 'CANCELLED')).status).toBe(200);
    const afterCancel = await retry(cancelled.id, cancelled.submissionId);
    expect(afterCancel.status).toBe(409);
    expect(afterCancel.body.error?.message).toBe(SUBMISSION_MESSAGES.cannotSubmit('Cancelled'));

    // Given another program: the old number is not where its packet goes; the send controls send to the new one.
    const moved = await refusedFax();
    const set = await api.put(
      `/admin/applications/${moved.id}/program`,
      { programId: OTHER_FAX_PROGRAM.id },
      nav.token,
    );
    expect(set.status).toBe(200);
    const afterProgram = await retry(moved.id, moved.submissionId);
    expect(afterProgram.status).toBe(409);
    expect(afterProgram.body.error?.code).toMatch(/packet-incomplete|program-changed/);

    // A covered fact changed: both signatures are no longer current, so the packet is incomplete.
    const changed = await refusedFax();
    const rx = changed.patient.prescription;
    const edited = await api.put(
      `/prescriptions/${rx.id}`,
      { ...rx, id: undefined, dosage: '10 mg' },
      changed.patient.token,
    );
    expect(edited.status).toBe(200);
    const afterEdit = await retry(changed.id, changed.submissionId);
    expect(afterEdit.status).toBe(409);
    expect(afterEdit.body.error?.code).toBe('packet-incomplete');
    expect(afterEdit.body.error?.missing).toEqual(expect.arrayContaining(['Patient signature']));

    // A newer submission exists (sent anew after the failure, and failed too): the older one does not go again.
    const twice = await refusedFax();
    stack.mail.refuseDomains(['fax.rxbridge.local']);
    try {
      expect((await submit(twice.id, { channel: 'FAX' })).status).toBe(202);
      await eventually(
        async () => {
          const s = (await staffView(twice.id)).submission;
          return s?.id !== twice.submissionId && s?.status === 'FAILED';
        },
        'the second fax to fail',
        20_000,
      );
    } finally {
      stack.mail.refuseDomains([]);
    }
    const older = await retry(twice.id, twice.submissionId);
    expect(older.status).toBe(409);
    expect(older.body.error?.code).toBe('not-latest');

    // None of the refused retries queued anything.
    await waitForQueuesIdle(stack);
    expect(stack.mail.messages().filter((m) => m.to.includes(address))).toHaveLength(sentBefore);
    for (const { id } of [cancelled, moved, changed]) expect((await staffView(id)).submission?.status).toBe('FAILED');
  });

  it('sends no fax for an application cancelled, moved on by hand, given another program or missing a document after the fax was queued', async () => {
    const fax = FAX_PROGRAM.application.submitTo.fax!;
    const address = `${fax.slice(1)}@fax.rxbridge.local`;
    const sentBefore = stack.mail.messages().filter((m) => m.to.includes(address)).length;
    /** A case ready to send (its prescriber's signature asked and given by email, before the pause). */
    const readyToFax = async () => {
      const patient = await readyCase(FAX_PROGRAM);
      await driveTo(api, nav.token, patient.application.id, 'AWAITING_PRESCRIBER');
      return patient.application.id;
    };
    const stopped = (id: string) =>
      eventually(
        async () => (await staffView(id)).submission?.status === 'FAILED' && (await staffView(id)).submission,
        'the fax to be stopped',
        20_000,
      );
    const [cancelled, byHand, moved] = [await readyToFax(), await readyToFax(), await readyToFax()];
    // The fourth: its patient deletes the document attached to the packet while the fax waits.
    const deleting = await readyCase(FAX_PROGRAM);
    await driveTo(api, nav.token, deleting.application.id, 'AWAITING_PRESCRIBER');
    const [attached] = (await api.get('/documents', deleting.token)).body.data.documents as { id: string }[];
    // The worker takes no email job while the queue is paused (BullMQ's own pause): each fax waits, queued, while its
    // case changes under it, as when the worker is slow or down.
    const emailQueue = new Queue(QUEUES.email, {
      connection: { url: stack.settings.REDIS_URL },
      prefix: stack.settings.REDIS_PREFIX,
    });
    try {
      await waitForQueuesIdle(stack);
      await emailQueue.pause();
      for (const id of [cancelled, byHand, moved]) expect((await submit(id, { channel: 'FAX' })).status).toBe(202);
      expect((await move(api, nav.token, cancelled, 'CANCELLED')).status).toBe(200);
      expect((await move(api, nav.token, byHand, 'SUBMITTED')).status).toBe(200);
      const set = await api.put(`/admin/applications/${moved}/program`, { programId: OTHER_FAX_PROGRAM.id }, nav.token);
      expect(set.status).toBe(200);
      expect((await submit(deleting.application.id, { channel: 'FAX' })).status).toBe(202);
      expect((await api.delete(`/documents/${attached.id}`, deleting.token)).status).toBe(200);
      await emailQueue.resume();

      expect((await stopped(cancelled)).failureReason).toBe(SUBMISSION_MESSAGES.faxNotSentClosed('Cancelled'));
      expect((await stopped(byHand)).failureReason).toBe(SUBMISSION_MESSAGES.faxNotSentClosed('Submitted'));
      expect((await stopped(moved)).failureReason).toBe(SUBMISSION_MESSAGES.faxNotSentProgram);
      expect((await stopped(deleting.application.id)).failureReason).toBe(SUBMISSION_MESSAGES.faxNotSentIncomplete);
      expect((await staffView(deleting.application.id)).state).toBe('AWAITING_PRESCRIBER');
    } finally {
      await emailQueue.resume();
      await emailQueue.close();
    }
    // None of the three packets left.
    await waitForQueuesIdle(stack);
    expect(stack.mail.messages().filter((m) => m.to.includes(address))).toHaveLength(sentBefore);
  });

  it('records a portal submission with its reference, once', async () => {
    const patient = await readyCase(FAX_PROGRAM);
    const id = patient.application.id;
    await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
    const recorded = await submit(id, { channel: 'PORTAL', reference: 'ABC-123' });
    expect(recorded.status).toBe(202);
    expect(recorded.body.data.submission).toMatchObject({ channel: 'PORTAL', status: 'SENT' });
    const view = await staffView(id);
    expect(view.state).toBe('SUBMITTED');
    expect(view.timeline.at(-1)?.note).toBe(`Submitted in ${FAX_PROGRAM.name}'s portal (ref ABC-123)`);
    expect((await submit(id, { channel: 'PORTAL', reference: 'ABC-124' })).status).toBe(409);
  });
});

describe('ship-to', () => {
  it('is chosen by the patient among what the program offers, and asked for until chosen', async () => {
    const patient = await signingPatient(api, BOTH_SHIP_TO.medications[0].brand);
    const id = patient.application.id;
    expect(patient.application.shipTo).toBeNull();
    // The program asks for the patient's signature (patientSignatureNeeded, docs/product.md §17).
    expect(patient.application.patientSignatureNeeded).toBe(BOTH_SHIP_TO.application.patientSignature !== false);
    expect((await staffView(id)).missingForSubmission).toContain('Where to ship the medication');
    const bad = await api.put(`/applications/${id}/ship-to`, { shipTo: 'MOON' }, patient.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.shipTo).toBeDefined();
    const other = await signingPatient(api, FAX_PROGRAM.medications[0].brand);
    expect((await api.put(`/applications/${id}/ship-to`, { shipTo: 'PATIENT_HOME' }, other.token)).status).toBe(404);

    const chosen = await api.put(`/applications/${id}/ship-to`, { shipTo: 'PRESCRIBER_OFFICE' }, patient.token);
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.application.shipTo).toBe('PRESCRIBER_OFFICE');
    expect(chosen.body.data.application.missingForSubmission).not.toContain('Where to ship the medication');
  });

  it('answers 400 for a place the program does not ship to', async () => {
    const program = ONE_SHIP_TO ?? PAP_CATALOGUE.find((p) => matched(p) && p.application.shipTo.length === 0)!;
    const patient = await signingPatient(api, program.medications[0].brand);
    const offered = program.application.shipTo;
    const refused = offered.includes('PATIENT_HOME') ? 'PRESCRIBER_OFFICE' : 'PATIENT_HOME';
    const res = await api.put(`/applications/${patient.application.id}/ship-to`, { shipTo: refused }, patient.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.shipTo).toBe(
      'This program does not ship there: please choose one of the places it offers',
    );
  });
});

describe('when the program comes back about a sent packet', () => {
  /** The patient's own view of their application, and what it asks of them (the dashboard's rule). */
  const patientView = async (token: string, id: string) => {
    const mine = (await api.get('/applications', token)).body.data.applications as ApplicationView[];
    const view = mine.find((a) => a.id === id)!;
    return { view, asks: patientAsks(view) };
  };
  const markAll = async (id: string, status: 'RECEIVED' | 'MISSING', kinds: string[]) => {
    for (const kind of kinds) {
      const marked = await api.post(`/admin/applications/${id}/documents/${kind}`, { status }, nav.token);
      expect(marked.status).toBe(200);
    }
  };

  /** A complete case recorded as sent in the program's portal (ref FIRST-1), which then answers with `answer`. */
  const sentAndAnswered = async (answer: 'INFO_REQUESTED' | 'DENIED') => {
    const patient = await readyCase(FAX_PROGRAM);
    const id = patient.application.id;
    await driveTo(api, nav.token, id, 'AWAITING_PRESCRIBER');
    expect((await submit(id, { channel: 'PORTAL', reference: 'FIRST-1' })).status).toBe(202);
    expect((await move(api, nav.token, id, answer)).status).toBe(200);
    // Answered as it was, nothing more is asked of the patient yet.
    expect((await patientView(patient.token, id)).asks).toBeNull();
    return { patient, id };
  };

  it('asks the patient for what the program wants, then sends the packet again', async () => {
    const { patient, id } = await sentAndAnswered('INFO_REQUESTED');

    // The program wants a newer proof of the first item: the navigator marks it missing, the patient is asked.
    const [item] = patient.application.missingDocuments;
    await markAll(id, 'MISSING', [item.kind]);
    const asked = await patientView(patient.token, id);
    expect(asked.asks).toMatchObject({ sign: null, documents: [item.label], doctorAgain: false });
    expect((await staffView(id)).missingForSubmission).toEqual([item.label]);
    expect((await submit(id, { channel: 'PORTAL', reference: 'SECOND-2' })).status).toBe(409);

    const uploaded = await upload(stack, patient.token, { bytes: FILES.png, type: 'image/png', name: 'income-2.png' });
    const body = { kind: item.kind, documentId: uploaded.body.data.document.id };
    expect((await api.post(`/applications/${id}/documents`, body, patient.token)).status).toBe(201);
    expect((await patientView(patient.token, id)).asks).toBeNull();

    const again = await submit(id, { channel: 'PORTAL', reference: 'SECOND-2' });
    expect(again.status).toBe(202);
    const sent = await staffView(id);
    expect(sent.state).toBe('SUBMITTED');
    expect(sent.submission).toMatchObject({ channel: 'PORTAL', reference: 'SECOND-2', status: 'SENT' });
    const notes = sent.timeline.filter((t) => t.toState === 'SUBMITTED').map((t) => t.note);
    expect(notes).toEqual([
      `Submitted in ${FAX_PROGRAM.name}'s portal (ref FIRST-1)`,
      `Submitted in ${FAX_PROGRAM.name}'s portal (ref SECOND-2)`,
    ]);
  });

  it('after a denial, sends the packet to the program the navigator set instead, once both have signed again', async () => {
    const { patient, id } = await sentAndAnswered('DENIED');
    const other = PAP_CATALOGUE.find((p) => p.id !== FAX_PROGRAM.id && p.application.shipTo.length < 2)!;
    expect((await api.put(`/admin/applications/${id}/program`, { programId: other.id }, nav.token)).status).toBe(200);
    const switched = await patientView(patient.token, id);
    expect(switched.view.program?.id).toBe(other.id);
    expect(switched.asks).toMatchObject({ enrollIn: null, sign: 'SIGN_AGAIN', doctorAgain: true });
    const incomplete = await submit(id, { channel: 'PORTAL', reference: 'OTHER-2' });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.error?.missing).toEqual(
      expect.arrayContaining(['Patient signature', 'Prescriber signature']),
    );

    // Both sign again, for the new program; the documents it asks for are in.
    const signature = { name: 'Maria Lopez', attest: true, authorizeHipaa: true };
    expect((await api.post(`/applications/${id}/patient-signature`, signature, patient.token)).status).toBe(201);
    await prescriberSigns(stack, api, nav.token, id, patient.dateOfBirth);
    await markAll(
      id,
      'RECEIVED',
      (await staffView(id)).missingDocuments.map((d) => d.kind),
    );
    const ready = await staffView(id);
    expect(ready.missingForSubmission).toEqual([]);
    expect(ready.signatures.patient?.current && ready.signatures.prescriber?.current).toBe(true);

    expect((await submit(id, { channel: 'PORTAL', reference: 'OTHER-2' })).status).toBe(202);
    const sent = await staffView(id);
    expect(sent.state).toBe('SUBMITTED');
    expect(sent.timeline.at(-1)?.note).toBe(`Submitted in ${other.name}'s portal (ref OTHER-2)`);
  });
});
