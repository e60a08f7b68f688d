import type { ApplicationView } from '@rxbridge/contracts';
import type { TestStack } from '../support/stack';
import { newPatientWithApplications, type Api } from './helpers';

// What the packet and sign-off specs share (docs/product.md §16): a patient whose prescription names their doctor,
// and a navigator's signing request, read back from the mailed link.

/** The NPI of the doctor on file; valid (its check digit passes). */
export const NPI = '1234567893';
/** The factories' patient's date of birth, which the signing link asks for. */
export const DATE_OF_BIRTH = '1968-04-12';

/** A patient whose prescription of `medication` names their doctor, with household facts saved. */
export async function patientWithPrescriber(api: Api, { medication = 'Tradjenta', npiNumber = NPI } = {}) {
  const patient = await newPatientWithApplications(api, [medication], {
    doctors: [
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        specialty: 'Primary Care',
        phone: '(555) 987-6543',
        doctorAddress: '1 Main Street, Springfield, IL 62701',
        npiNumber,
      },
    ],
    prescriptions: [{ medication, dosage: '5 mg', frequency: 'Once daily' }],
  });
  const doctors = (await api.get('/doctors', patient.token)).body.data.doctors;
  const [rx] = (await api.get('/prescriptions', patient.token)).body.data.prescriptions;
  const linked = await api.put(
    `/prescriptions/${rx.id}`,
    { medication, dosage: '5 mg', frequency: 'Once daily', doctorId: doctors[0].id },
    patient.token,
  );
  expect(linked.status).toBe(200);
  const facts = await api.put('/users/eligibility', { householdSize: 3, annualIncomeCents: 3_120_000 }, patient.token);
  expect(facts.status).toBe(200);
  return { ...patient, application: patient.applications[0] as ApplicationView };
}

/** A navigator asks `email` to sign; answers the mail and the link's token. */
export async function requestSignature(
  stack: TestStack,
  api: Api,
  navigatorToken: string,
  applicationId: string,
  email: string,
) {
  const res = await api.post(`/admin/applications/${applicationId}/prescriber-requests`, { email }, navigatorToken);
  expect(res.status).toBe(201);
  const mail = await stack.mail.waitFor((m) => m.to.includes(email) && !m.subject.startsWith('Reminder'));
  const match = /\/prescriber\/sign\?token=(\S+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return { mail, token: decodeURIComponent(match![1]), request: res.body.data.prescriberRequest as unknown };
}

/**
 * Signs as the signing page does: with the factsDigest its lookup showed (the facts as the prescriber read them), or
 * a well-formed placeholder once the link no longer opens, so the answer is about the link.
 */
export async function postSignature(api: Api, body: Record<string, unknown>, headers?: Record<string, string>) {
  const shown = await api.post('/prescriber-signatures/lookup', { token: body.token, dateOfBirth: DATE_OF_BIRTH });
  const factsDigest = shown.status === 200 ? (shown.body.data.signing.factsDigest as string) : '0'.repeat(64);
  return api.post('/prescriber-signatures', { factsDigest, ...body }, undefined, headers);
}
