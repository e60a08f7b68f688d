import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PrescriberRequest, PrescriberSignature } from '@rxbridge/database';
import { PAP_CATALOGUE } from '@rxbridge/domain';
import { PRESCRIBER_MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { driveTo, eventually, newNavigator, type Api } from './helpers';
import { DATE_OF_BIRTH, NPI, patientWithPrescriber, postSignature, requestSignature } from './prescriber-links';

// The signing link's checks (docs/product.md §16): the patient's date of birth before any detail, the NPI of the
// doctor on file, and the identifiers the program asks of the prescriber.

const WRONG_DAY = '1970-01-01';
/** A valid NPI that is not the doctor's on file. */
const OTHER_NPI = '1234567802';
const DEA = 'AB1234563';
/** Every identifier a program may ask for, valid: kept only where the program asks (docs/product.md §16). */
const IDENTIFIERS = {
  licenseNumber: 'MD-48213',
  licenseState: 'il',
  deaNumber: DEA.toLowerCase(),
  taxId: '12-3456789',
};
const NO_IDENTIFIERS = { licenseNumber: undefined, licenseState: undefined, deaNumber: undefined, taxId: undefined };

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

let emails = 0;
async function linkOf(patient: { application: { id: string } }) {
  return (await requestSignature(stack, api, nav.token, patient.application.id, `dr.${++emails}@checks.test`)).token;
}
/** A patient whose application a navigator moved to `programId`, and a signing link for it. */
async function linkForProgram(programId: string) {
  const patient = await patientWithPrescriber(api);
  const moved = await api.put(`/admin/applications/${patient.application.id}/program`, { programId }, nav.token);
  expect(moved.status).toBe(200);
  return { patient, token: await linkOf(patient) };
}
const lookup = (token: string, dateOfBirth?: string) =>
  api.post('/prescriber-signatures/lookup', { token, dateOfBirth });
const packet = (token: string, dateOfBirth?: string) =>
  fetch(`${stack.apiUrl}/prescriber-signatures/packet`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, dateOfBirth }),
  });
const sign = (token: string, extra: Record<string, unknown> = {}) =>
  postSignature(api, {
    token,
    dateOfBirth: DATE_OF_BIRTH,
    name: 'Grace Hopper',
    npi: NPI,
    attest: true,
    ...IDENTIFIERS,
    ...extra,
  });
const wrongAnswers = async (token: string) =>
  (await stack.api.get(DataSource).manager.findOneByOrFail(PrescriberRequest, { tokenHash: sha(token) }))
    .wrongBirthDates;
const sha = (token: string) => createHash('sha256').update(token).digest('hex');

/** Nothing about the patient or the prescription in an answer. */
function expectNoPatientDetail(body: unknown) {
  expect(JSON.stringify(body)).not.toMatch(/Maria|Lopez|Tradjenta|5 mg|Once daily|1968|Hopper/);
}

describe("the patient's date of birth", () => {
  it('is asked before any detail: missing or malformed is 400 naming it and is not counted', async () => {
    const token = await linkOf(await patientWithPrescriber(api));
    for (const dateOfBirth of [undefined, '', '12/04/1968', '1968-02-30']) {
      const res = await lookup(token, dateOfBirth);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields?.dateOfBirth).toBe(PRESCRIBER_MESSAGES.dateOfBirthRequired);
      expectNoPatientDetail(res.body);
    }
    expect((await packet(token)).status).toBe(400);
    const unsigned = await sign(token, { dateOfBirth: undefined });
    expect(unsigned.status).toBe(400);
    expect(Object.keys(unsigned.body.error?.fields ?? {})).toEqual(['dateOfBirth']);
    expect(await wrongAnswers(token)).toBe(0);
  });

  it('answers a wrong one 400 without detail; the fifth spends the link, and every later answer is 410', async () => {
    const patient = await patientWithPrescriber(api);
    const token = await linkOf(patient);
    for (let i = 1; i <= 4; i++) {
      // The lookup, the packet and the signature all count.
      const res =
        i === 2
          ? await packet(token, WRONG_DAY).then(async (r) => ({ status: r.status, body: await r.json() }))
          : i === 3
            ? await sign(token, { dateOfBirth: WRONG_DAY })
            : await lookup(token, WRONG_DAY);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual({ dateOfBirth: PRESCRIBER_MESSAGES.dateOfBirthMismatch });
      expectNoPatientDetail(res.body);
      expect(await wrongAnswers(token)).toBe(i);
    }
    const fifth = await lookup(token, WRONG_DAY);
    expect(fifth.status).toBe(410);
    expect(fifth.body.error?.message).toBe(PRESCRIBER_MESSAGES.linkGone);
    expectNoPatientDetail(fifth.body);
    // Spent: even the right date, or none, answers 410 everywhere.
    expect((await lookup(token, DATE_OF_BIRTH)).status).toBe(410);
    expect((await lookup(token)).status).toBe(410);
    expect((await packet(token, DATE_OF_BIRTH)).status).toBe(410);
    expect((await sign(token)).status).toBe(410);
    expect(
      await stack.api.get(DataSource).manager.countBy(PrescriberSignature, { applicationId: patient.application.id }),
    ).toBe(0);
  });

  it('counts wrong answers given at once, each of them', async () => {
    const token = await linkOf(await patientWithPrescriber(api));
    const answers = await Promise.all([1, 2, 3].map(() => lookup(token, WRONG_DAY)));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(await wrongAnswers(token)).toBe(3);
    // Two more at once: both count, the link is spent by one of them, and both answer 410 or 400 accordingly.
    const last = await Promise.all([lookup(token, WRONG_DAY), lookup(token, WRONG_DAY)]);
    expect(last.map((a) => a.status).sort()).toEqual([400, 410]);
    expect(await wrongAnswers(token)).toBe(5);
    expect((await lookup(token, DATE_OF_BIRTH)).status).toBe(410);
  });

  it('opens the link with the right date', async () => {
    const token = await linkOf(await patientWithPrescriber(api));
    expect((await lookup(token, WRONG_DAY)).status).toBe(400);
    const res = await lookup(token, DATE_OF_BIRTH);
    expect(res.status).toBe(200);
    expect(res.body.data.signing).toMatchObject({ patientName: 'Maria Lopez', medication: 'Tradjenta' });
  });

  it('once the packet went to the program, the right date learns that no signature is needed, and nothing is signed', async () => {
    const patient = await patientWithPrescriber(api);
    const token = await linkOf(patient);
    await driveTo(api, nav.token, patient.application.id, 'SUBMITTED');
    // Without the date, nothing of the application's state: the date is asked as before.
    const blind = await lookup(token);
    expect(blind.status).toBe(400);
    expectNoPatientDetail(blind.body);
    const res = await lookup(token, DATE_OF_BIRTH);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'packet-closed',
      message: PRESCRIBER_MESSAGES.packetClosed('Submitted'),
    });
    expect((await packet(token, DATE_OF_BIRTH)).status).toBe(409);
    expect((await sign(token)).status).toBe(409);
    const rows = await stack.api.get(DataSource).manager.countBy(PrescriberSignature, {
      applicationId: patient.application.id,
    });
    expect(rows).toBe(0);
  });
});

describe("the prescriber's identifiers", () => {
  it('refuses an NPI other than the doctor on file, naming npi and the navigator who can correct it', async () => {
    const patient = await patientWithPrescriber(api);
    const token = await linkOf(patient);
    const res = await sign(token, { npi: OTHER_NPI });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ npi: PRESCRIBER_MESSAGES.npiMismatch(OTHER_NPI) });
    expect(res.body.error?.fields?.npi).toMatch(/care navigator can correct/);
    expect((await sign(token)).status).toBe(201);
  });

  it('accepts any valid NPI when the doctor on file has none', async () => {
    const patient = await patientWithPrescriber(api, { npiNumber: '' });
    expect((await sign(await linkOf(patient), { npi: OTHER_NPI })).status).toBe(201);
  });

  // The program's `application.prescriberFields` decide; the catalogue's facts come from each program's own form.
  const asking = PAP_CATALOGUE.find((p) => p.application.prescriberFields.some((f) => f !== 'NPI'));
  (asking ? it : it.skip)(`asks what ${asking?.name ?? 'a program'} requires, stores it and prints it`, async () => {
    const required = asking!.application.prescriberFields;
    const { patient, token } = await linkForProgram(asking!.id);
    const view = await lookup(token, DATE_OF_BIRTH);
    expect(view.body.data.signing.prescriberFields).toEqual(required);

    const expected: Record<string, string> = {};
    if (required.includes('LICENSE')) {
      expected.licenseNumber = PRESCRIBER_MESSAGES.licenseNumberRequired;
      expected.licenseState = PRESCRIBER_MESSAGES.licenseStateRequired;
    }
    if (required.includes('DEA')) expected.deaNumber = PRESCRIBER_MESSAGES.deaRequired;
    if (required.includes('TAX_ID')) expected.taxId = PRESCRIBER_MESSAGES.taxIdRequired;
    const missing = await sign(token, NO_IDENTIFIERS);
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual(expected);
    if (required.includes('DEA')) {
      const badDea = await sign(token, { deaNumber: 'AB1234564' });
      expect(badDea.body.error?.fields?.deaNumber).toBe(PRESCRIBER_MESSAGES.badDea('AB1234564'));
      // A blank field is a missing one.
      const blank = await sign(token, { deaNumber: ' ' });
      expect(blank.body.error?.fields).toEqual({ deaNumber: PRESCRIBER_MESSAGES.deaRequired });
    }

    expect((await sign(token)).status).toBe(201);
    const [row] = await stack.api.get(DataSource).manager.findBy(PrescriberSignature, {
      applicationId: patient.application.id,
    });
    const lines = pdfText(
      Buffer.from(
        await (
          await fetch(`${stack.apiUrl}/applications/${patient.application.id}/packet`, {
            headers: { Authorization: `Bearer ${patient.token}` },
          })
        ).arrayBuffer(),
      ),
    ).split('\n');
    if (required.includes('LICENSE')) {
      expect(row).toMatchObject({ licenseNumber: 'MD-48213', licenseState: 'IL' });
      expect(lines).toEqual(expect.arrayContaining(['License number: MD-48213', 'License state: IL']));
    }
    if (required.includes('DEA')) {
      expect(row.deaNumber).toBe(DEA);
      expect(lines).toContain(`DEA number: ${DEA}`);
    }
    if (required.includes('TAX_ID')) {
      expect(row.taxId).toBe('123456789');
      expect(lines).toContain('Tax ID (EIN): 12-3456789');
    }
  });

  const notAsking = PAP_CATALOGUE.find((p) => p.application.prescriberFields.every((f) => f === 'NPI'));
  (notAsking ? it : it.skip)('keeps no identifier the program does not ask for', async () => {
    const { patient, token } = await linkForProgram(notAsking!.id);
    expect((await lookup(token, DATE_OF_BIRTH)).body.data.signing.prescriberFields).toEqual(
      notAsking!.application.prescriberFields,
    );
    expect((await sign(token)).status).toBe(201);
    const [row] = await stack.api.get(DataSource).manager.findBy(PrescriberSignature, {
      applicationId: patient.application.id,
    });
    expect(row).toMatchObject({ licenseNumber: null, licenseState: null, deaNumber: null, taxId: null });
  });
});

describe('what the prescriber read', () => {
  it('refuses a signature over facts changed since the page showed them, and takes one over the facts shown again', async () => {
    const patient = await patientWithPrescriber(api);
    const token = await linkOf(patient);
    // `sign` posts the digest a lookup shows now unless given one (or undefined, for none).
    const post = (factsDigest: string | undefined) => sign(token, { factsDigest });
    const missing = await post(undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields?.factsDigest).toBe(PRESCRIBER_MESSAGES.factsChanged);

    const shown = (await lookup(token, DATE_OF_BIRTH)).body.data.signing;
    expect(shown).toMatchObject({ dosage: '5 mg', factsDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The patient changes the dosage while the page is open.
    const [rx] = (await api.get('/prescriptions', patient.token)).body.data.prescriptions;
    const { id: _id, ...fields } = rx;
    const edited = await api.put(`/prescriptions/${rx.id}`, { ...fields, dosage: '10 mg' }, patient.token);
    expect(edited.status).toBe(200);

    const stale = await post(shown.factsDigest);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'facts-changed', message: PRESCRIBER_MESSAGES.factsChanged });
    const db = stack.api.get(DataSource).manager;
    expect(await db.countBy(PrescriberSignature, { applicationId: patient.application.id })).toBe(0);
    // The link still works: the page reads the facts again and the prescriber signs what they now see.
    const again = (await lookup(token, DATE_OF_BIRTH)).body.data.signing;
    expect(again.dosage).toBe('10 mg');
    expect(again.factsDigest).not.toBe(shown.factsDigest);
    expect((await post(again.factsDigest)).status).toBe(201);
  });
});

describe('two prescribers signing two links of one application at the same moment', () => {
  it('queue on the application: one signature is kept and the other link answers 410, never a deadlock', async () => {
    const patient = await patientWithPrescriber(api);
    const [first, second] = [await linkOf(patient), await linkOf(patient)];
    const db = stack.api.get(DataSource);
    // The test holds the application's row lock until both signings wait on a lock: then both go at once.
    const hold = db.createQueryRunner();
    await hold.connect();
    await hold.startTransaction();
    let signing: Promise<{ status: number }[]>;
    try {
      await hold.query('SELECT 1 FROM applications WHERE id = $1 FOR UPDATE', [patient.application.id]);
      signing = Promise.all([sign(first), sign(second)]);
      await eventually(async () => {
        const [{ n }] = await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return n >= 2;
      }, 'both signings to wait on a lock');
    } finally {
      await hold.commitTransaction();
      await hold.release();
    }
    const statuses = (await signing).map((res) => res.status).sort();
    expect(statuses).toEqual([201, 410]);
    expect(await db.manager.countBy(PrescriberSignature, { applicationId: patient.application.id })).toBe(1);
  });
});
