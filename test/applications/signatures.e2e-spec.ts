import { DataSource } from 'typeorm';
import { PatientSignature } from '@rxbridge/database';
import {
  PRESCRIBER_MESSAGES,
  SIGNATURE_MESSAGES,
  type AdminApplicationView,
  type ApplicationView,
} from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { waitForQueuesIdle } from '../support/idle';
import {
  connectSocket,
  driveTo,
  newNavigator,
  newPatientWithApplications,
  recordChanges,
  recordUpdates,
  waitForUpdate,
} from './helpers';
import type { Api, ClientSocket } from './helpers';
import { prescriberSigns, readPacket, signingPatient } from './signing-helpers';

// docs/product.md §17: the patient's signature, and signatures that bind the facts they covered.
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

const sign = (token: string, id: string, body: Record<string, unknown>) =>
  api.post<{ application: ApplicationView }>(`/applications/${id}/patient-signature`, body, token);
const valid = { name: '  maria   LOPEZ ', attest: true, authorizeHipaa: true };

describe('the patient signs their application', () => {
  it('refuses another name, a missing confirmation and another patient’s application, writing nothing', async () => {
    const patient = await signingPatient(api);
    const other = await newPatientWithApplications(api, ['Jardiance']);
    const id = patient.application.id;

    const wrongName = await sign(patient.token, id, { ...valid, name: 'Maria Gomez' });
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.error?.fields?.name).toBe(SIGNATURE_MESSAGES.nameMismatch);
    const noAttest = await sign(patient.token, id, { ...valid, attest: false });
    expect(noAttest.status).toBe(400);
    expect(noAttest.body.error?.fields?.attest).toBe(SIGNATURE_MESSAGES.attestRequired);
    const noHipaa = await sign(patient.token, id, { name: valid.name, attest: true });
    expect(noHipaa.status).toBe(400);
    expect(noHipaa.body.error?.fields?.authorizeHipaa).toBe(SIGNATURE_MESSAGES.hipaaRequired);
    const notHers = await sign(other.token, id, { ...valid, name: `${other.firstName} Lopez` });
    expect(notHers.status).toBe(404);
    expect((await sign(patient.token, 'not-an-id', valid)).status).toBe(404);

    const rows = await stack.api.get(DataSource).manager.countBy(PatientSignature, { applicationId: id });
    expect(rows).toBe(0);
  });

  it('signs with the typed name (case and spacing aside), tells the patient and navigators live', async () => {
    const patient = await signingPatient(api);
    const patientSocket = await connectSocket(stack.baseUrl, { token: patient.token });
    const navSocket = await connectSocket(stack.baseUrl, { token: nav.token });
    sockets.push(patientSocket, navSocket);
    const [patientSeen, navSeen] = [recordUpdates(patientSocket), recordChanges(navSocket)];

    const res = await sign(patient.token, patient.application.id, valid);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(SIGNATURE_MESSAGES.signed);
    const view = res.body.data.application;
    expect(view.signatures.patient).toMatchObject({ current: true });
    expect(view.signatures.prescriber).toBeNull();
    const entry = view.timeline.find((t) => t.note === 'Patient signed the application');
    expect(entry).toMatchObject({ actorRole: 'USER' });
    await waitForUpdate(patientSeen, (u) => u.transitionId === entry!.id);
    await waitForUpdate(navSeen, (u) => u.transitionId === entry!.id);

    const text = pdfText(await readPacket(stack, `/applications/${patient.application.id}/packet`, patient.token));
    expect(text).toContain('Authorization to release health information (HIPAA)');
    expect(text).toContain('Signed electronically by maria LOPEZ');
  });

  it('once the packet is with the program, refuses a signature, a shipping choice and a prescriber request: 409, nothing written', async () => {
    const patient = await signingPatient(api);
    const id = patient.application.id;
    await driveTo(api, nav.token, id, 'SUBMITTED');
    const before = await api.get<{ application: AdminApplicationView }>(`/admin/applications/${id}`, nav.token);

    const signed = await sign(patient.token, id, valid);
    expect(signed.status).toBe(409);
    expect(signed.body.error).toMatchObject({
      code: 'packet-closed',
      message: SIGNATURE_MESSAGES.packetClosed('Submitted'),
    });
    const inSpanish = await api.call('POST', `/applications/${id}/patient-signature`, valid, patient.token, {
      'Accept-Language': 'es',
    });
    expect(inSpanish.body.error?.message).toBe(
      'Una solicitud en Enviada al programa ya no se puede firmar ni cambiar.',
    );
    const shipTo = await api.put(`/applications/${id}/ship-to`, { shipTo: 'PATIENT_HOME' }, patient.token);
    expect(shipTo.status).toBe(409);
    expect(shipTo.body.error?.code).toBe('packet-closed');
    const asked = await api.post(
      `/admin/applications/${id}/prescriber-requests`,
      { email: 'dr.hopper@clinic.test' },
      nav.token,
    );
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatchObject({
      code: 'packet-closed',
      message: PRESCRIBER_MESSAGES.packetClosed('Submitted'),
    });

    const rows = await stack.api.get(DataSource).manager.countBy(PatientSignature, { applicationId: id });
    expect(rows).toBe(0);
    const after = await api.get<{ application: AdminApplicationView }>(`/admin/applications/${id}`, nav.token);
    expect(after.body.data.application.timeline).toEqual(before.body.data.application.timeline);
    expect(after.body.data.application.shipTo).toEqual(before.body.data.application.shipTo);
  });
});

describe('a signature binds what was signed', () => {
  it('stops being current when a covered fact changes, for both signers, and the packet says so', async () => {
    const patient = await signingPatient(api);
    const id = patient.application.id;
    expect((await sign(patient.token, id, valid)).status).toBe(201);
    await prescriberSigns(stack, api, nav.token, id, patient.dateOfBirth);

    const before = (await api.get(`/admin/applications/${id}`, nav.token)).body.data
      .application as AdminApplicationView;
    expect(before.signatures.patient?.current).toBe(true);
    expect(before.signatures.prescriber).toMatchObject({ signedBy: 'Grace Hopper', current: true });

    // Saving the same facts again changes nothing; a new income does.
    await api.put('/users/eligibility', { householdSize: 3, annualIncomeCents: 3_120_000 }, patient.token);
    const same = (await api.get('/applications', patient.token)).body.data.applications[0] as ApplicationView;
    expect(same.signatures.patient?.current).toBe(true);
    await api.put('/users/eligibility', { householdSize: 3, annualIncomeCents: 3_500_000 }, patient.token);

    const mine = (await api.get('/applications', patient.token)).body.data.applications[0] as ApplicationView;
    expect(mine.signatures.patient?.current).toBe(false);
    expect(mine.signatures.prescriber?.current).toBe(false);
    const staff = (await api.get(`/admin/applications/${id}`, nav.token)).body.data.application as AdminApplicationView;
    expect(staff.signatures).toEqual(mine.signatures);

    const lines = pdfText(await readPacket(stack, `/applications/${id}/packet`, patient.token)).split('\n');
    expect(lines.filter((l) => l === SIGNATURE_MESSAGES.notCurrent)).toHaveLength(2);
    expect(lines.join('\n')).not.toContain('Signed electronically');

    // Signing again binds the new facts; the doctor, asked again, is mailed a new link and signs again too.
    expect((await sign(patient.token, id, valid)).body.data.application.signatures.patient?.current).toBe(true);
    await prescriberSigns(stack, api, nav.token, id, patient.dateOfBirth);
    const again = (await api.get(`/admin/applications/${id}`, nav.token)).body.data.application as AdminApplicationView;
    expect(again.signatures.prescriber?.current).toBe(true);
  });

  it('stops being current when the dosage, the insurance or the address changes', async () => {
    const patient = await signingPatient(api);
    const id = patient.application.id;
    const current = async () =>
      ((await api.get('/applications', patient.token)).body.data.applications[0] as ApplicationView).signatures.patient
        ?.current;
    const resign = async () => expect((await sign(patient.token, id, valid)).status).toBe(201);

    await resign();
    const rx = patient.prescription;
    await api.put(`/prescriptions/${rx.id}`, { ...rx, dosage: '10 mg' }, patient.token);
    expect(await current()).toBe(false);

    await resign();
    expect(await current()).toBe(true);
    await api.post('/insurance', { provider: 'Aetna', policyNumber: 'P-1', groupNumber: 'G-1' }, patient.token);
    expect(await current()).toBe(false);

    await resign();
    const profile = await api.put('/users/profile', { mailingStreet: '99 Elm Street' }, patient.token);
    expect(profile.status).toBe(200);
    expect(await current()).toBe(false);
  });

  it('tells the patient and the navigators live when a signed fact of the profile, a doctor or a prescription changes', async () => {
    const patient = await signingPatient(api);
    const id = patient.application.id;
    const resign = async () => expect((await sign(patient.token, id, valid)).status).toBe(201);
    await resign();
    const patientSocket = await connectSocket(stack.baseUrl, { token: patient.token });
    const navSocket = await connectSocket(stack.baseUrl, { token: nav.token });
    sockets.push(patientSocket, navSocket);
    const [patientSeen, navSeen] = [recordUpdates(patientSocket), recordChanges(navSocket)];
    // A push that says "read it again": no move, no timeline entry of its own.
    const refresh = (u: { applicationId: string; transitionId: string | null }) =>
      u.applicationId === id && u.transitionId === null;
    const told = async () => {
      await waitForUpdate(patientSeen, refresh);
      await waitForUpdate(navSeen, refresh);
      const staff = (await api.get(`/admin/applications/${id}`, nav.token)).body.data.application;
      expect((staff as AdminApplicationView).signatures.patient?.current).toBe(false);
      patientSeen.length = navSeen.length = 0;
    };

    // The language and the gender are not printed: nothing to tell.
    const unprinted = { preferredLanguage: 'es', gender: 'Male' };
    expect((await api.put('/users/profile', unprinted, patient.token)).status).toBe(200);
    await waitForQueuesIdle(stack);
    expect([...patientSeen, ...navSeen].filter(refresh)).toEqual([]);

    expect((await api.put('/users/profile', { mailingStreet: '99 Elm Street' }, patient.token)).status).toBe(200);
    await told();
    await resign();
    expect((await api.put('/users/profile', { phone: '(555) 222-3333' }, patient.token)).status).toBe(200);
    await told();
    await resign();
    const [doctor] = (await api.get('/doctors', patient.token)).body.data.doctors;
    const doctorId = doctor.id as string;
    const moved = { ...doctor, id: undefined, createdAt: undefined, doctorAddress: '2 Main Street, Springfield' };
    expect((await api.put(`/doctors/${doctorId}`, moved, patient.token)).status).toBe(200);
    await told();
    await resign();
    const rx = patient.prescription;
    expect((await api.put(`/prescriptions/${rx.id}`, { ...rx, dosage: '10 mg' }, patient.token)).status).toBe(200);
    await told();
    await resign();
    expect((await api.delete(`/doctors/${doctorId}`, patient.token)).status).toBe(200);
    await told();
  });
});

describe('the program packet’s prescription facts', () => {
  it('takes an optional ICD-10 diagnosis, quantity and days’ supply, refusing bad ones by name', async () => {
    const patient = await signingPatient(api);
    const { id, ...rx } = patient.prescription;
    const put = (extra: Record<string, unknown>) => api.put(`/prescriptions/${id}`, { ...rx, ...extra }, patient.token);
    const badCode = await put({ diagnosisCode: 'XYZ' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.error?.fields?.diagnosisCode).toBe('Diagnosis must be an ICD-10 code such as E11.9');
    expect((await put({ quantity: 0 })).body.error?.fields?.quantity).toBeDefined();
    expect((await put({ daysSupply: 366 })).body.error?.fields?.daysSupply).toBeDefined();
    const saved = await put({ diagnosisCode: ' e11.9 ', quantity: 90, daysSupply: 90 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.prescription).toMatchObject({ diagnosisCode: 'E11.9', quantity: 90, daysSupply: 90 });
    const lines = pdfText(
      await readPacket(stack, `/applications/${patient.application.id}/packet`, patient.token),
    ).split('\n');
    for (const line of ['Diagnosis (ICD-10): E11.9', 'Quantity: 90', "Days' supply: 90"]) expect(lines).toContain(line);
  });
});
