import type { ApplicationView } from '@rxbridge/contracts';
import { matchProgramFor, PAP_CATALOGUE, type PapProgram } from '@rxbridge/domain';
import { FILES } from '../support/sample-files';
import { upload } from '../records/helpers';
import type { TestStack } from '../support/stack';
import { driveTo, newPatientWithApplications, type Api } from './helpers';
import { postSignature } from './prescriber-links';

// Shared by the signing and submission specs (docs/product.md §17).
export const PRESCRIBER_NPI = '1234567893';
const PRESCRIPTION = { medication: 'Tradjenta', dosage: '5 mg', frequency: 'Once daily' };

/** A program its own first medication is matched to: a patient with that prescription gets it. */
export const matchedByItsMedication = (p: PapProgram) => matchProgramFor(p.medications[0].brand)?.id === p.id;

/** The program the sending specs fax to: matched by its medication, faxed, with no ship-to choice to make. */
export const FAX_PROGRAM = PAP_CATALOGUE.find(
  (p) => matchedByItsMedication(p) && p.application.submitTo.fax && p.application.shipTo.length < 2,
)!;

/**
 * A patient (Maria Lopez) whose prescription names their doctor, with household facts saved: everything a packet
 * prints is filled in. `medication` picks the program (the default matches BI Cares).
 */
export async function signingPatient(api: Api, medication = PRESCRIPTION.medication) {
  const patient = await newPatientWithApplications(api, [medication], {
    doctors: [
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        specialty: 'Primary Care',
        phone: '(555) 987-6543',
        doctorAddress: '1 Main Street, Springfield, IL 62701',
        npiNumber: PRESCRIBER_NPI,
      },
    ],
    prescriptions: [{ ...PRESCRIPTION, medication }],
  });
  const [doctor] = (await api.get('/doctors', patient.token)).body.data.doctors;
  const [rx] = (await api.get('/prescriptions', patient.token)).body.data.prescriptions;
  const prescription = { ...PRESCRIPTION, medication, doctorId: doctor.id as string };
  const linked = await api.put(`/prescriptions/${rx.id}`, prescription, patient.token);
  if (linked.status !== 200) throw new Error(`linking the doctor answered ${linked.status}`);
  const facts = await api.put('/users/eligibility', { householdSize: 3, annualIncomeCents: 3_120_000 }, patient.token);
  if (facts.status !== 200) throw new Error(`saving the facts answered ${facts.status}`);
  return {
    ...patient,
    dateOfBirth: '1968-04-12',
    application: patient.applications[0] as ApplicationView,
    prescription: { id: rx.id as string, ...prescription },
  };
}

/** A packet's bytes, read with a bearer token. */
export async function readPacket(stack: TestStack, path: string, token: string): Promise<Buffer> {
  const res = await fetch(`${stack.apiUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * A navigator asks the doctor to sign; resolves with the signing-request email the doctor receives for this request
 * (an application asked again, after a denial say, has the earlier requests' emails in the same inbox).
 */
export async function askPrescriber(stack: TestStack, api: Api, navToken: string, applicationId: string) {
  const email = `dr.${applicationId.slice(0, 8)}@clinic.test`;
  const request = (m: { to: string[]; subject: string }) => m.to.includes(email) && !m.subject.startsWith('Reminder');
  const earlier = new Set(stack.mail.messages().filter(request));
  const asked = await api.post(`/admin/applications/${applicationId}/prescriber-requests`, { email }, navToken);
  if (asked.status !== 201) throw new Error(`the signature request answered ${asked.status}`);
  return stack.mail.waitFor((m) => request(m) && !earlier.has(m));
}

/**
 * A navigator asks the doctor to sign, and the doctor signs through the mailed link. The date of birth rides along
 * in every body, as the signing page sends it (docs/product.md §16).
 */
export async function prescriberSigns(
  stack: TestStack,
  api: Api,
  navToken: string,
  applicationId: string,
  dateOfBirth: string,
) {
  const mail = await askPrescriber(stack, api, navToken, applicationId);
  const token = decodeURIComponent(/\/prescriber\/sign\?token=(\S+)/.exec(mail.text)![1]);
  const body = { token, dateOfBirth, name: 'Grace Hopper', npi: PRESCRIBER_NPI, attest: true };
  const signed = await postSignature(api, body);
  if (signed.status !== 201) throw new Error(`signing answered ${signed.status}: ${JSON.stringify(signed.body)}`);
}

/**
 * A case with everything its program needs, left in Intake: documents in (an uploaded image attached to the first
 * item, the navigator marking the rest), the ship-to choice where the program offers both, and both signatures.
 */
export async function readyToSend(stack: TestStack, api: Api, navToken: string, program: PapProgram) {
  const patient = await signingPatient(api, program.medications[0].brand);
  const id = patient.application.id;
  if (patient.application.program?.id !== program.id) throw new Error(`matched ${patient.application.program?.id}`);
  const [first, ...rest] = patient.application.missingDocuments;
  const uploaded = await upload(stack, patient.token, { bytes: FILES.png, type: 'image/png', name: 'income.png' });
  const body = { kind: first.kind, documentId: uploaded.body.data.document.id };
  const attached = await api.post(`/applications/${id}/documents`, body, patient.token);
  if (attached.status !== 201) throw new Error(`attaching answered ${attached.status}`);
  for (const item of rest) {
    const marked = await api.post(`/admin/applications/${id}/documents/${item.kind}`, { status: 'RECEIVED' }, navToken);
    if (marked.status !== 200) throw new Error(`marking answered ${marked.status}`);
  }
  if (program.application.shipTo.length > 1)
    await api.put(`/applications/${id}/ship-to`, { shipTo: 'PATIENT_HOME' }, patient.token);
  const signature = { name: 'Maria Lopez', attest: true, authorizeHipaa: true };
  const signed = await api.post(`/applications/${id}/patient-signature`, signature, patient.token);
  if (signed.status !== 201) throw new Error(`the patient's signature answered ${signed.status}`);
  await prescriberSigns(stack, api, navToken, id, patient.dateOfBirth);
  return patient;
}

/** A case with everything its program needs (readyToSend), moved on to await the prescriber: ready to fax. */
export async function readyAwaitingPrescriber(stack: TestStack, api: Api, navToken: string, program: PapProgram) {
  const patient = await readyToSend(stack, api, navToken, program);
  await driveTo(api, navToken, patient.application.id, 'AWAITING_PRESCRIBER');
  return { patient, id: patient.application.id };
}
