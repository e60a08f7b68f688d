import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@rxbridge/contracts';
import { longDay, type PatientAsks, type RenewalStep } from '@rxbridge/domain';
import type { Settings } from '@rxbridge/platform';
import {
  DECLINED_FALLBACK,
  paymentFailedEmail,
  receiptEmail,
  renewalReminderEmail,
} from '../billing/billing-templates';
import { enrollmentReminderEmail } from './enrollment-templates';
import type { Brand, RenderedEmail } from './layout';
import {
  applicationStatusEmail,
  askedDocumentsEmail,
  EMAILED_APPLICATION_STATES,
  passwordChangedEmail,
  resetCodeEmail,
  resetLinkEmail,
  verificationEmail,
  type SentAs,
} from './templates';

// Every patient email in every language (docs/product.md, Languages): each version carries the same
// placeholders (the values passed in: names, links, codes, amounts, dates in the reader's format),
// in its subject, its text and its HTML, so no language drops a link or a date.

const brand: Brand = { appUrl: 'https://app.test', supportEmail: 'help@rx.test', supportPhone: '(800) 555-0100' };
const settings = {
  APP_URL: brand.appUrl,
  SUPPORT_EMAIL: brand.supportEmail,
  SUPPORT_PHONE: brand.supportPhone,
} as Settings;
const on = new Date('2026-03-05T12:00:00Z');

/** A value passed in, and how it reads in each language. */
type Placeholder = string | ((language: Language) => string);
const day = (iso: string | Date) => (language: Language) => longDay(iso, language);
const PLACEHOLDERS: Placeholder[] = [
  'Ana',
  'https://app.test/verify-email?token=T0K3N',
  '483920',
  'Tradjenta',
  '$49.00',
  'Ongoing Care, first month',
  'Your card has insufficient funds.',
  'Ozempic Savings Card',
  'Proof of income',
  brand.appUrl,
  brand.supportEmail,
  brand.supportPhone,
  day(on),
  ...['2026-01-05', '2027-01-04', '2026-02-01', '2026-03-10', '2026-04-02'].map(day),
];

const status = (state: (typeof EMAILED_APPLICATION_STATES)[number], verified: boolean) => ({
  state,
  medication: 'Tradjenta',
  verified,
  enrollmentStartDate: '2026-01-05',
  enrollmentEndDate: '2027-01-04',
  shipmentDate: '2026-02-01',
  daysOfSupply: 90,
  refillDueAt: '2026-03-10',
  supplyEndsAt: '2026-04-02',
});

const reminder = (daysLeft: number, verified: boolean, renewal: RenewalStep | null) => ({
  medication: 'Tradjenta',
  endsOn: '2027-01-04',
  daysLeft,
  verified,
  renewal,
});
const RENEWAL_STEPS: Exclude<RenewalStep, { kind: 'APPROVED' }>[] = [
  {
    kind: 'PATIENT',
    asks: {
      enrollIn: null,
      sign: 'SIGN',
      documents: ['Proof of income'],
      uploadAgain: [],
      chooseShipTo: true,
      doctorAgain: false,
      signInInk: false,
    },
  },
  {
    kind: 'PATIENT',
    asks: {
      enrollIn: null,
      sign: null,
      documents: ['Proof of income'],
      uploadAgain: ['Proof of income'],
      chooseShipTo: false,
      doctorAgain: false,
      signInInk: false,
    },
  },
  {
    kind: 'PATIENT',
    asks: {
      enrollIn: 'Ozempic Savings Card',
      sign: null,
      documents: [],
      uploadAgain: [],
      chooseShipTo: false,
      doctorAgain: false,
      signInInk: false,
    },
  },
  { kind: 'NAVIGATOR_FIRST' },
  { kind: 'NAVIGATOR' },
  { kind: 'SIGN_IN_INK' },
  { kind: 'ANOTHER_ROUTE', program: 'Ozempic Savings Card' },
  { kind: 'WITH_PROGRAM' },
  { kind: 'NONE' },
];

/** How a move to SUBMITTED may read: first sent, sent again, or the answer to the program's questions. */
const SENT_AS: SentAs[] = ['FIRST', 'AGAIN', 'ANSWER'];

/** Each email with the arguments of each of its variants, rendered in one language. */
const EMAILS: Record<string, (language: Language) => RenderedEmail[]> = {
  verification: (l) =>
    [false, true].map((resend) =>
      verificationEmail[l](brand, 'Ana', 'https://app.test/verify-email?token=T0K3N', resend),
    ),
  resetCode: (l) => [resetCodeEmail[l](brand, 'Ana', '483920')],
  resetLink: (l) => [resetLinkEmail[l](brand, 'Ana', 'https://app.test/verify-email?token=T0K3N')],
  passwordChanged: (l) => [passwordChangedEmail[l](brand, 'Ana')],
  applicationStatus: (l) =>
    EMAILED_APPLICATION_STATES.flatMap((state) =>
      (state === 'SUBMITTED' ? SENT_AS : [undefined]).flatMap((sentAs) =>
        [true, false].map((verified) =>
          applicationStatusEmail[l](brand, 'Ana', { ...status(state, verified), sentAs }),
        ),
      ),
    ),
  // What a navigator's ask leaves for the patient to do: a document, signing again, enrolling elsewhere.
  askedDocuments: (l) => [
    ...RENEWAL_STEPS.flatMap((step) => (step.kind === 'PATIENT' ? [step.asks] : [])).flatMap((asks) =>
      [true, false].map((verified) =>
        askedDocumentsEmail[l](brand, 'Ana', { medication: 'Tradjenta', verified, asks }),
      ),
    ),
  ],
  enrollmentReminder: (l) => [
    ...[60, 30].flatMap((daysLeft) =>
      [true, false].map((verified) => enrollmentReminderEmail[l](brand, 'Ana', reminder(daysLeft, verified, null))),
    ),
    // Once the renewal is open: each of its steps, and what it asks (docs/product.md §18).
    ...RENEWAL_STEPS.map((step) => enrollmentReminderEmail[l](brand, 'Ana', reminder(30, true, step))),
  ],
  receipt: (l) => [receiptEmail[l](settings, 'Ana', '$49.00', 'Ongoing Care, first month', on)],
  paymentFailed: (l) => [
    paymentFailedEmail[l](settings, 'Ana', '$49.00', 'Your card has insufficient funds.'),
    paymentFailedEmail[l](settings, 'Ana', '$49.00', DECLINED_FALLBACK[l]),
  ],
  renewalReminder: (l) => [renewalReminderEmail[l](settings, 'Ana', '$49.00', on)],
};

/** Which placeholders one part of an email carries, each as written in that email's language. */
const placeholdersIn = (part: string, language: Language) =>
  PLACEHOLDERS.flatMap((p, i) => (part.includes(typeof p === 'string' ? p : p(language)) ? [i] : []));

describe('patient email templates', () => {
  it.each(Object.keys(EMAILS))('%s: every language carries the same placeholders in subject, text and HTML', (name) => {
    const rendered = Object.fromEntries(LANGUAGES.map((l) => [l, EMAILS[name](l)])) as Record<
      Language,
      RenderedEmail[]
    >;
    for (const language of LANGUAGES) {
      expect(rendered[language]).toHaveLength(rendered.en.length);
      rendered[language].forEach((email, i) => {
        for (const part of ['subject', 'text', 'html'] as const) {
          expect({ part, variant: i, placeholders: placeholdersIn(email[part], language) }).toEqual({
            part,
            variant: i,
            placeholders: placeholdersIn(rendered.en[i][part], 'en'),
          });
        }
      });
    }
  });

  it.each(Object.keys(EMAILS))('%s: the Spanish version is written in Spanish, never the English one', (name) => {
    const [en, es] = [EMAILS[name]('en'), EMAILS[name]('es')];
    es.forEach((email, i) => {
      expect(email.subject).not.toBe(en[i].subject);
      expect(email.text.split('\n')[0]).toBe('Hola, Ana:');
      expect(email.html).toContain('<html lang="es">');
    });
  });

  it.each(Object.keys(EMAILS))('%s: says in both parts that RxBridge is no pharmacy (docs/product.md §11)', (name) => {
    for (const [language, disclaimer] of [
      ['en', 'RxBridge is not a pharmacy and does not give medical advice.'],
      ['es', 'RxBridge no es una farmacia y no da consejos médicos.'],
    ] as const)
      for (const email of EMAILS[name](language)) {
        expect(email.text.split('\n').at(-1)).toBe(disclaimer);
        expect(email.html).toContain(disclaimer);
      }
  });
});

describe('the asked-documents email', () => {
  const asks = {
    enrollIn: null,
    sign: 'SIGN_AGAIN' as const,
    documents: ['Proof of income'],
    uploadAgain: [],
    chooseShipTo: false,
    signInInk: false,
  };
  const info = (verified: boolean) => ({ medication: 'Tradjenta', verified, asks: { ...asks, doctorAgain: true } });

  it('lists what the patient has to give, as the dashboard does, to a verified address only', () => {
    const email = askedDocumentsEmail.en(brand, 'Ana', info(true));
    expect(email.subject).toBe('An update on your RxBridge application');
    const lines = email.text.split('\n');
    expect(lines).toContain(
      'Your care navigator needs something from you for your Tradjenta application. So that it can go on, please:',
    );
    expect(lines).toContain('• Sign your application again: it changed since you signed.');
    expect(lines).toContain('• Upload: Proof of income.');
    const unverified = askedDocumentsEmail.en(brand, 'Ana', info(false));
    expect(`${unverified.subject}\n${unverified.text}\n${unverified.html}`).not.toMatch(/Tradjenta|Proof of income/);
    expect(unverified.text).toContain('Please sign in to see what changed and what comes next.');
  });

  it('says why a document received in a file the fax cannot carry is asked again, in each language (§17)', () => {
    const again = (l: Language) =>
      askedDocumentsEmail[l](brand, 'Ana', {
        ...info(true),
        asks: { ...asks, documents: ['Proof of income', 'Photo ID'], uploadAgain: ['Photo ID'], doctorAgain: false },
      });
    expect(again('en').subject).toBe('An update on your RxBridge application');
    expect(again('en').text.split('\n')).toEqual(
      expect.arrayContaining([
        '• Upload: Proof of income.',
        '• Photo ID: your file can’t be faxed to the program. Please upload it again as a PDF, JPEG or PNG.',
      ]),
    );
    expect(again('es').text.split('\n')).toEqual(
      expect.arrayContaining([
        '• Suba: Proof of income.',
        '• Photo ID: su archivo no se puede enviar por fax al programa. Súbalo de nuevo como PDF, JPEG o PNG.',
      ]),
    );
    // The dashboard's own words for it (its catalogue in apps/web), in each language: one wording for both.
    for (const l of ['en', 'es'] as const) {
      const catalogue = JSON.parse(
        readFileSync(join(__dirname, '../../../web/src/locales', l, 'dashboard.json'), 'utf8'),
      ) as Record<string, string>;
      const dashboard = catalogue['dashboard.applications.needed.notFaxable'].replace('{label}', 'Photo ID');
      expect(again(l).text.split('\n')).toContain(`• ${dashboard}`);
    }
  });
});

describe('the enrollment reminder', () => {
  it('says the days left as they are, one day in the singular (docs/product.md §18)', () => {
    const text = (l: Language, daysLeft: number) =>
      enrollmentReminderEmail[l](brand, 'Ana', reminder(daysLeft, true, null)).text;
    expect(text('en', 41)).toContain('ends on January 4, 2027, in 41 days.');
    expect(text('en', 1)).toContain('ends on January 4, 2027, in 1 day.');
    expect(text('es', 41)).toContain('termina el 4 de enero de 2027, dentro de 41 días.');
    expect(text('es', 1)).toContain('termina el 4 de enero de 2027, dentro de 1 día.');
  });

  it('tells of a card the patient cannot use now, with nothing asked, that nothing is sent to it (§18)', () => {
    const text = (l: Language) =>
      enrollmentReminderEmail[l](
        brand,
        'Ana',
        reminder(30, true, { kind: 'ANOTHER_ROUTE', program: 'Ozempic Savings Card' }),
      ).text.split('\n');
    expect(text('en')).toContain(
      'Your renewal application is open on your dashboard. Ozempic Savings Card cannot be used for it now, so nothing is sent to it: your care navigator looks for another way to help with your medication and will tell you what is needed.',
    );
    expect(text('es')).toContain(
      'Su solicitud de renovación está abierta en Mi panel. Ozempic Savings Card no se puede usar para ella ahora, así que no se le envía nada: su navegador(a) de atención busca otra manera de ayudarle con su medicamento y le dirá lo que hace falta.',
    );
    expect(text('en').join('\n')).not.toContain('has everything it needs from you');
  });

  it('tells of a program that needs their signature in ink of the paper form, as the dashboard does (§17, §18)', () => {
    const text = (l: Language, step: RenewalStep) =>
      enrollmentReminderEmail[l](brand, 'Ana', reminder(30, true, step)).text.split('\n');
    const en = text('en', { kind: 'SIGN_IN_INK' });
    expect(en).toContain(
      'Your renewal application is open on your dashboard. The program needs your own signature, in ink, on its paper form: your care navigator will send you the printed form to sign and send back.',
    );
    expect(en.join('\n')).not.toContain('has everything it needs from you');
    expect(text('es', { kind: 'SIGN_IN_INK' })).toContain(
      'Su solicitud de renovación está abierta en Mi panel. El programa necesita su propia firma, con tinta, en su formulario en papel: su navegador(a) de atención le enviará el formulario impreso para que lo firme y lo devuelva.',
    );
    // Something to give as well: the asks, then the paper form still to come.
    const asks = { ...(RENEWAL_STEPS[0] as { asks: PatientAsks }).asks, signInInk: true };
    expect(text('en', { kind: 'PATIENT', asks })).toEqual(
      expect.arrayContaining([
        '• Upload: Proof of income.',
        'The program needs your own signature, in ink, on its paper form: your care navigator will send you the printed form to sign and send back.',
      ]),
    );
  });
});
