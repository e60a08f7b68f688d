import { Client } from 'pg';
import { documentLabel, type DocumentKind } from '@rxbridge/domain';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { driveTo, newNavigator, newPatientWithApplications, type Api } from './helpers';

// Issue 31 (docs/product.md, Languages): a patient who chose Spanish gets every email in Spanish,
// subject and body, and the packet's first page in Spanish, while the program's own sections stay in
// English; a patient who chose English gets the emails of before, word for word.

let stack: TestStack;
let api: Api;
let db: Client;
let nav: { token: string };

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

/** A patient with one Eliquis application, in `language`; their verification email and that of the status change. */
async function patientIn(language: 'en' | 'es') {
  const patient = await newPatientWithApplications(api, ['Eliquis'], {
    firstName: 'Rosa',
    preferredLanguage: language,
  });
  const to = (m: { to: string[] }) => m.to.includes(patient.email);
  return { ...patient, to };
}

describe('emails to a Spanish-speaking patient', () => {
  it('sends the verification, the reset code and a status change in Spanish, naming no health data in subjects', async () => {
    const patient = await patientIn('es');
    const verify = await stack.mail.waitFor((m) => patient.to(m) && m.subject === 'Verifique su correo electrónico');
    expect(verify.text.split('\n')[0]).toBe('Hola, Rosa:');
    expect(verify.text).toContain('Le damos la bienvenida a RxBridge.');
    expect(verify.text).toMatch(/Verificar mi correo electrónico: \S+\/verify-email\?token=\S+/);
    expect(verify.html).toContain('<html lang="es">');
    expect(verify.text).toContain('de lunes a viernes');

    const forgot = await api.post('/users/forgot-password', { email: patient.email });
    expect(forgot.status).toBe(200);
    const reset = await stack.mail.waitFor(
      (m) => patient.to(m) && m.subject === 'Su código para restablecer la contraseña',
    );
    expect(reset.text).toContain('Use este código para restablecer su contraseña de RxBridge:');
    expect(reset.text).toMatch(/\n\d{6}\n/);

    await db.query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
    await driveTo(api, nav.token, patient.applications[0].id, 'SUBMITTED');
    const status = await stack.mail.waitFor(
      (m) => patient.to(m) && m.subject === 'Novedades sobre su solicitud en RxBridge',
    );
    expect(status.text.split('\n')[2]).toBe('Hay novedades sobre una de sus solicitudes en RxBridge.');
    expect(status.text).toContain(
      'Buenas noticias: enviamos su solicitud de Eliquis al programa de asistencia del fabricante.',
    );
    // Every email this patient got is in Spanish: none has an English subject.
    const subjects = stack.mail
      .messages()
      .filter(patient.to)
      .map((m) => m.subject);
    expect(subjects).not.toContain('Verify your email address');
    expect(subjects.join(' ')).not.toMatch(/Eliquis/);
  });

  it('leaves an English-speaking patient with the English emails of before', async () => {
    const patient = await patientIn('en');
    const verify = await stack.mail.waitFor((m) => patient.to(m) && m.subject === 'Verify your email address');
    expect(verify.text.split('\n')[0]).toBe('Hi Rosa,');
    expect(verify.text).toContain(
      'Welcome to RxBridge. Please confirm your email address so we can keep you updated on your applications.',
    );
    expect(verify.html).toContain('<!doctype html><html><body');
    await api.post('/users/forgot-password', { email: patient.email });
    const reset = await stack.mail.waitFor((m) => patient.to(m) && m.subject === 'Your password reset code');
    expect(reset.text).toContain('Use this code to reset your RxBridge password:');
    await db.query(`UPDATE users SET email_verified_at = now() WHERE id = $1`, [patient.id]);
    await driveTo(api, nav.token, patient.applications[0].id, 'SUBMITTED');
    const status = await stack.mail.waitFor(
      (m) => patient.to(m) && m.subject === 'An update on your RxBridge application',
    );
    expect(status.text).toContain(
      "Good news: we have submitted your application for Eliquis to the drug maker's assistance program.",
    );
  });
});

describe('the packet of a Spanish-speaking patient', () => {
  it('prints the summary and the checklist in Spanish, and the program sections and the fax cover in English', async () => {
    const patient = await patientIn('es');
    const application = patient.applications[0];
    const res = await fetch(`${stack.apiUrl}/applications/${application.id}/packet`, {
      headers: { Authorization: `Bearer ${patient.token}` },
    });
    expect(res.status).toBe(200);
    const lines = pdfText(Buffer.from(await res.arrayBuffer())).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Fax cover sheet',
        'Solicitud al programa de asistencia al paciente',
        'Medicamento: Eliquis',
        'Lista de documentos',
        'Incluya con este paquete cada documento marcado como Recibido.',
        'Section 1: Patient',
        'Section 3: Prescription',
      ]),
    );
    expect(application.documents.length).toBeGreaterThan(0);
    for (const item of application.documents)
      expect(lines).toContain(`[ ] ${documentLabel(item.kind as DocumentKind, 'es')}: Falta`);
    expect(lines).not.toContain('Document checklist');
  });
});
