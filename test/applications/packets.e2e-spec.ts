import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { AuditLogEntry, PrescriberRequest, PrescriberSignature } from '@rxbridge/database';
import { QUEUES } from '@rxbridge/events';
import { COPAY_CARD_CATALOGUE, FOUNDATION_CATALOGUE } from '@rxbridge/domain';
import { PRESCRIBER_MESSAGES, type AdminApplicationView, type ApplicationView } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import { pdfText } from '../support/pdf-text';
import {
  DATE_OF_BIRTH,
  NPI,
  patientWithPrescriber as patientWithPrescriberOf,
  postSignature,
  requestSignature as requestSignatureOf,
} from './prescriber-links';
import {
  connectSocket,
  driveTo,
  eventually,
  newNavigator,
  newPatientWithApplications,
  recordUpdates,
  waitForUpdate,
  type Api,
  type ClientSocket,
} from './helpers';

// One "day" of the reminder clock lasts a second here: the 3-day reminder comes 3 seconds after the request.
const DAY_MS = 1000;

let stack: TestStack;
let api: Api;
let nav: { token: string; id: string };
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack({ env: { TIMER_DAY_MS: String(DAY_MS) } });
  api = apiClient(stack.apiUrl);
  nav = await newNavigator(stack, api);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await stack?.close();
});

const patientWithPrescriber = () => patientWithPrescriberOf(api);

async function fetchPdf(path: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.token && { Authorization: `Bearer ${init.token}` }),
      ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const requestSignature = (applicationId: string, email: string) =>
  requestSignatureOf(stack, api, nav.token, applicationId, email);

describe('application packets', () => {
  it('fills the patient, insurance, prescription and prescriber sections and the checklist', async () => {
    const patient = await patientWithPrescriber();
    const res = await fetchPdf(`/applications/${patient.application.id}/packet`, { token: patient.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // The file name carries the application's short id and no health data.
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="rxbridge-packet-${patient.application.id.slice(0, 8)}.pdf"`,
    );
    const text = pdfText(res.body);
    for (const line of [
      'Program: Boehringer Ingelheim Cares Foundation Patient Assistance Program (BI Cares)',
      'Manufacturer: Boehringer Ingelheim',
      'Send to: BI Cares Foundation Patient Assistance Program, P.O. Box 5520, Louisville, KY 40255',
      'Patient name: Maria Lopez',
      'Date of birth: 1968-04-12',
      'Address: 12 Oak Street, Springfield, IL 62701',
      'Phone: (555) 123-4567',
      'Household size: 3',
      'Yearly household income: $31,200.00',
      'Medication: Tradjenta',
      'Dosage: 5 mg',
      'Frequency: Once daily',
      'Prescriber name: Grace Hopper',
      'Specialty: Primary Care',
      `NPI: ${NPI}`,
      'Address: 1 Main Street, Springfield, IL 62701',
      'Phone: (555) 987-6543',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
    // Every checklist item, each missing so far.
    expect(patient.application.documents.length).toBeGreaterThan(0);
    for (const item of patient.application.documents) {
      expect(text.split('\n')).toContain(`[ ] ${item.label}: Missing`);
    }
    expect(text).toContain('Signature: ____');
  });

  it('prints the insurance on file, or blank insurance fields for an uninsured patient', async () => {
    const patient = await patientWithPrescriber();
    const packetLines = async () =>
      pdfText((await fetchPdf(`/applications/${patient.application.id}/packet`, { token: patient.token })).body).split(
        '\n',
      );
    expect(await packetLines()).toContain('No insurance on file (uninsured), or fill in:');
    const added = await api.post(
      '/insurance',
      { provider: 'Aetna', policyNumber: 'P-77', groupNumber: 'G-5' },
      patient.token,
    );
    expect(added.status).toBe(201);
    const lines = await packetLines();
    for (const line of [
      'Insurance provider: Aetna',
      'Coverage type: Commercial Insurance',
      'Policy number: P-77',
      'Group number: G-5',
    ])
      expect(lines).toContain(line);
    expect(lines).not.toContain('No insurance on file (uninsured), or fill in:');
  });

  it("answers 404 for another patient's packet, and 403 to a patient on the navigators' route", async () => {
    const owner = await patientWithPrescriber();
    const other = await newPatientWithApplications(api, ['Spiriva']);
    const theirs = await api.get(`/applications/${owner.application.id}/packet`, other.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error?.message).toBe('Application not found');
    expect((await api.get('/applications/not-an-id/packet', other.token)).status).toBe(404);
    expect((await api.get(`/admin/applications/${owner.application.id}/packet`, owner.token)).status).toBe(403);
  });

  it('gives navigators the packet and audits the read', async () => {
    const patient = await patientWithPrescriber();
    const res = await fetchPdf(`/admin/applications/${patient.application.id}/packet`, { token: nav.token });
    expect(res.status).toBe(200);
    expect(pdfText(res.body)).toContain('Patient name: Maria Lopez');
    const audits = await stack.api.get(DataSource).manager.find(AuditLogEntry, {
      where: { action: 'application.packet_read', entityId: patient.application.id },
    });
    expect(audits.map((a) => a.actorId)).toEqual([nav.id]);
  });

  it('gives visitors a blank packet', async () => {
    const res = await fetchPdf('/packets/blank');
    expect(res.status).toBe(200);
    const text = pdfText(res.body);
    expect(text).toContain('Patient name: ____');
    expect(text).toContain('NPI: ____');
  });
});

describe('prescriber sign-off', () => {
  it('mails a link, shows the page, refuses a bad NPI, signs once and tells the patient live', async () => {
    const patient = await patientWithPrescriber();
    const patientSocket = await connectSocket(stack.baseUrl, { token: patient.token });
    sockets.push(patientSocket);
    const seen = recordUpdates(patientSocket);
    const { mail, token, request } = await requestSignature(patient.application.id, 'dr.hopper@clinic.test');
    // No health data, and not even the patient's name, in the email (docs/product.md §16).
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Tradjenta|Maria|Lopez/);

    const lookup = await api.post('/prescriber-signatures/lookup', { token, dateOfBirth: DATE_OF_BIRTH });
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.signing).toMatchObject({
      patientName: 'Maria Lopez',
      medication: 'Tradjenta',
      dosage: '5 mg',
      frequency: 'Once daily',
    });
    const read = await fetchPdf('/prescriber-signatures/packet', { body: { token, dateOfBirth: DATE_OF_BIRTH } });
    expect(read.status).toBe(200);
    // The page's "Read the packet" is a plain form post.
    const form = await fetch(`${stack.apiUrl}/prescriber-signatures/packet`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, dateOfBirth: DATE_OF_BIRTH }).toString(),
    });
    expect(form.status).toBe(200);
    expect(form.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await form.arrayBuffer()).equals(read.body)).toBe(true);
    expect(pdfText(read.body)).toContain('Prescriber name: Grace Hopper');

    const queued = await api.get(`/admin/applications/${patient.application.id}`, nav.token);
    const waiting = queued.body.data.application as AdminApplicationView;
    expect(waiting.prescriberRequest).toMatchObject({ email: 'dr.hopper@clinic.test', signedAt: null });
    // The navigator's view reads it inside its one statement: the same request, to the millisecond.
    expect(waiting.prescriberRequest).toEqual(request);

    const badNpi = await postSignature(api, {
      token,
      dateOfBirth: DATE_OF_BIRTH,
      name: 'Grace Hopper',
      npi: '1234567890',
      attest: true,
    });
    expect(badNpi.status).toBe(400);
    expect(badNpi.body.error?.fields?.npi).toContain('NPI 1234567890');
    const noAttest = await postSignature(api, {
      token,
      dateOfBirth: DATE_OF_BIRTH,
      name: 'Grace Hopper',
      npi: NPI,
      attest: false,
    });
    expect(noAttest.status).toBe(400);
    expect(noAttest.body.error?.fields?.attest).toBe('Please confirm the attestation to sign');

    const signed = await postSignature(
      api,
      { token, dateOfBirth: DATE_OF_BIRTH, name: 'Grace Hopper', npi: NPI, attest: true },
      { 'User-Agent': 'PhoneBrowser/1.0' },
    );
    expect(signed.status).toBe(201);

    const again = await postSignature(api, {
      token,
      dateOfBirth: DATE_OF_BIRTH,
      name: 'Grace Hopper',
      npi: NPI,
      attest: true,
    });
    expect(again.status).toBe(410);
    expect(again.body.error?.message).toMatch(/expired or was already used/);
    expect((await api.post('/prescriber-signatures/lookup', { token, dateOfBirth: DATE_OF_BIRTH })).status).toBe(410);

    // The signature keeps the hash of the very packet the prescriber read, the address and the user agent.
    const [row] = await stack.api.get(DataSource).manager.find(PrescriberSignature, {
      where: { applicationId: patient.application.id },
    });
    expect(row).toMatchObject({ name: 'Grace Hopper', npi: NPI, userAgent: 'PhoneBrowser/1.0' });
    expect(row.ipAddress).not.toBe('');
    expect(row.packetSha256).toBe(createHash('sha256').update(read.body).digest('hex'));

    const apps = (await api.get('/applications', patient.token)).body.data.applications as ApplicationView[];
    const entry = apps[0].timeline.find((t) => t.note.startsWith('Prescriber signed'));
    expect(entry).toBeDefined();
    await waitForUpdate(seen, (u) => u.transitionId === entry!.id);

    const packet = await fetchPdf(`/applications/${patient.application.id}/packet`, { token: patient.token });
    expect(pdfText(packet.body)).toContain(`Signed electronically by Grace Hopper, NPI ${NPI}`);
    const after = await api.get(`/admin/applications/${patient.application.id}`, nav.token);
    expect(after.body.data.application.prescriberRequest).toMatchObject({ signedBy: 'Grace Hopper' });
    expect(after.body.data.application.prescriberRequest.signedAt).not.toBeNull();

    // Asked again (a covered fact changed, say): the navigator's view and the work queue wait on the prescriber
    // from the new request, not on the earlier signature (docs/product.md §16).
    await requestSignature(patient.application.id, 'dr.hopper@clinic.test');
    const askedAgain = (await api.get(`/admin/applications/${patient.application.id}`, nav.token)).body.data
      .application as AdminApplicationView;
    expect(askedAgain.prescriberRequest).toMatchObject({ signedAt: null, signedBy: null });
    const queue = (await api.get('/admin/applications?limit=100', nav.token)).body.data.applications as {
      id: string;
      prescriberRequest: { signedAt: string | null } | null;
    }[];
    expect(queue.find((a) => a.id === patient.application.id)?.prescriberRequest).toMatchObject({ signedAt: null });
  });

  it('keeps the hash of the packet the prescriber read when the patient signed first, and when signed again', async () => {
    const patient = await patientWithPrescriber();
    const id = patient.application.id;
    const signature = { name: 'Maria Lopez', attest: true, authorizeHipaa: true };
    expect((await api.post(`/applications/${id}/patient-signature`, signature, patient.token)).status).toBe(201);
    const db = stack.api.get(DataSource);
    // Read and signed through a first link, then (an earlier prescriber signature on file) through a second.
    for (const [round, email] of ['dr.first@clinic.test', 'dr.second@clinic.test'].entries()) {
      const { token } = await requestSignature(id, email);
      const read = await fetchPdf('/prescriber-signatures/packet', { body: { token, dateOfBirth: DATE_OF_BIRTH } });
      expect(read.status).toBe(200);
      // The unsigned packet: no signature block filled, the patient's or an earlier prescriber's.
      expect(pdfText(read.body)).not.toContain('Signed electronically');
      const signed = await postSignature(api, {
        token,
        dateOfBirth: DATE_OF_BIRTH,
        name: 'Grace Hopper',
        npi: NPI,
        attest: true,
      });
      expect(signed.status).toBe(201);
      const rows = await db.manager.find(PrescriberSignature, {
        where: { applicationId: id },
        order: { signedAt: 'ASC' },
      });
      expect(rows).toHaveLength(round + 1);
      expect(rows[round].packetSha256).toBe(createHash('sha256').update(read.body).digest('hex'));
    }
  });

  it('refuses a bad email and an unknown link', async () => {
    const patient = await patientWithPrescriber();
    const bad = await api.post(
      `/admin/applications/${patient.application.id}/prescriber-requests`,
      { email: 'nope' },
      nav.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.email).toBe('Please enter a valid email address');
    const unknown = await postSignature(api, {
      token: 'x.y',
      dateOfBirth: DATE_OF_BIRTH,
      name: 'A',
      npi: NPI,
      attest: true,
    });
    expect(unknown.status).toBe(410);
  });

  it('makes a link that lives 14 days; an expired one answers 410 on the page and when signing', async () => {
    const patient = await patientWithPrescriber();
    const { token } = await requestSignature(patient.application.id, 'dr.late@clinic.test');
    const db = stack.api.get(DataSource);
    const [request] = await db.manager.find(PrescriberRequest, { where: { applicationId: patient.application.id } });
    expect(request.expiresAt.getTime() - request.createdAt.getTime()).toBeGreaterThanOrEqual(14 * 86_400_000 - 1000);
    expect(request.expiresAt.getTime() - request.createdAt.getTime()).toBeLessThanOrEqual(14 * 86_400_000 + 1000);
    expect((await api.post('/prescriber-signatures/lookup', { token, dateOfBirth: DATE_OF_BIRTH })).status).toBe(200);

    await db.manager.update(PrescriberRequest, { id: request.id }, { expiresAt: new Date(Date.now() - 1000) });
    const lookup = await api.post('/prescriber-signatures/lookup', { token, dateOfBirth: DATE_OF_BIRTH });
    expect(lookup.status).toBe(410);
    expect(lookup.body.error?.message).toMatch(/expired or was already used/);
    const sign = await postSignature(api, {
      token,
      dateOfBirth: DATE_OF_BIRTH,
      name: 'Grace Hopper',
      npi: NPI,
      attest: true,
    });
    expect(sign.status).toBe(410);
    expect(await db.manager.count(PrescriberSignature, { where: { applicationId: patient.application.id } })).toBe(0);
  });

  it('reminds the prescriber once after 3 days unsigned', async () => {
    const patient = await patientWithPrescriber();
    const email = 'dr.slow@clinic.test';
    await requestSignature(patient.application.id, email);
    const reminder = await stack.mail.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Reminder'), 15_000);
    expect(reminder.text).toContain('/prescriber/sign?token=');
    await waitForQueuesIdle(stack);
    expect(
      stack.mail
        .messages()
        .filter((m) => m.to.includes(email))
        .map((m) => m.subject),
    ).toEqual([
      'A patient assistance form awaits your signature',
      'Reminder: a patient assistance form awaits your signature',
    ]);
  });

  it.each([
    ['the prescriber signed', 'dr.quick@clinic.test'],
    ['the packet went to the program', 'dr.sent@clinic.test'],
    ['a navigator set a copay card', 'dr.card@clinic.test'],
    ['a navigator set a foundation', 'dr.fund@clinic.test'],
  ])('sends no reminder once %s', async (what, email) => {
    const patient = await patientWithPrescriber();
    const { token } = await requestSignature(patient.application.id, email);
    if (what.startsWith('a navigator set')) {
      // Nothing is signed for a copay card or a foundation (docs/product.md §15): the open link answers as a spent one.
      // A card this uninsured patient may use: the override refuses one their coverage rules out (§15).
      const card = COPAY_CARD_CATALOGUE.find((c) => c.eligibleCoverage.includes('NONE'))!;
      const entry = what.endsWith('copay card') ? card : FOUNDATION_CATALOGUE[0];
      const set = await api.put(
        `/admin/applications/${patient.application.id}/program`,
        { programId: entry.id },
        nav.token,
      );
      expect(set.status).toBe(200);
      const body = { token, dateOfBirth: DATE_OF_BIRTH };
      const answers = [
        await api.post('/prescriber-signatures/lookup', body),
        await fetchPdf('/prescriber-signatures/packet', { body }).then((r) => ({
          status: r.status,
          body: r.status === 200 ? null : JSON.parse(r.body.toString()),
        })),
        await postSignature(api, { ...body, name: 'Grace Hopper', npi: NPI, attest: true }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(410);
        expect(answer.body.error?.message).toBe(PRESCRIBER_MESSAGES.linkGone);
      }
      const signatures = { where: { applicationId: patient.application.id } };
      expect(await stack.api.get(DataSource).manager.count(PrescriberSignature, signatures)).toBe(0);
    } else if (what === 'the prescriber signed') {
      const signed = await postSignature(api, {
        token,
        dateOfBirth: DATE_OF_BIRTH,
        name: 'Grace Hopper',
        npi: NPI,
        attest: true,
      });
      expect(signed.status).toBe(201);
    } else {
      await driveTo(api, nav.token, patient.application.id, 'SUBMITTED');
    }
    const [request] = await stack.api.get(DataSource).manager.find(PrescriberRequest, {
      where: { applicationId: patient.application.id },
    });
    // The reminder job still fires 3 short days after the request, finds nothing to ask and mails nothing.
    const redis = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: null });
    const timers = new Queue(QUEUES.timers, { connection: redis, prefix: stack.settings.REDIS_PREFIX });
    try {
      await eventually(
        async () => (await (await timers.getJob(`prescriber-reminder-${request.id}`))?.isCompleted()) || undefined,
        'the reminder job to run',
        15_000,
      );
    } finally {
      await timers.close();
      redis.disconnect();
    }
    await waitForQueuesIdle(stack);
    expect(
      stack.mail
        .messages()
        .filter((m) => m.to.includes(email))
        .map((m) => m.subject),
    ).toEqual(['A patient assistance form awaits your signature']);
  });
});
