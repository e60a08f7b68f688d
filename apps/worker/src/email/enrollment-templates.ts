import type { Language } from '@rxbridge/contracts';
import { longDay, RENEWAL_OPEN_DAYS, type RenewalStep } from '@rxbridge/domain';
import { askBlocks } from './ask-lines';
import { GREETING, layout, type Block, type Brand, type Localized, type RenderedEmail } from './layout';

/** The subject of both enrollment reminders: it names neither the medication nor a state (docs/product.md §11). */
export const ENROLLMENT_REMINDER_SUBJECTS: Readonly<Record<Language, string>> = {
  en: 'A reminder about your RxBridge enrollment',
  es: 'Un recordatorio sobre su inscripción en RxBridge',
};
export const ENROLLMENT_REMINDER_SUBJECT = ENROLLMENT_REMINDER_SUBJECTS.en;

export interface EnrollmentReminderInfo {
  medication: string;
  endsOn: string;
  /** Days from the day it is sent to endsOn: the reminder's own 60 or 30, or fewer when it goes late. */
  daysLeft: number;
  /** Only a verified address gets the details; others are asked to sign in. */
  verified: boolean;
  /** Where the renewal stands once it is open (renewalStep); null before it opens. */
  renewal: ReminderRenewalStep | null;
}
/** A renewal approved took over: no reminder goes for the enrollment it renewed (EnrollmentTimers). */
type ReminderRenewalStep = Exclude<RenewalStep, { kind: 'APPROVED' }>;

/**
 * The program needs the patient's signature in ink (signInInk): the dashboard's words, that their navigator sends the
 * printed form (docs/product.md §17, §18).
 */
const INK: Readonly<Record<Language, string>> = {
  en: 'The program needs your own signature, in ink, on its paper form: your care navigator will send you the printed form to sign and send back.',
  es: 'El programa necesita su propia firma, con tinta, en su formulario en papel: su navegador(a) de atención le enviará el formulario impreso para que lo firme y lo devuelva.',
};

/** What a reminder says in one language (terms from docs/spanish-glossary.md). */
interface Copy {
  button: string;
  opening: string;
  signIn: string;
  renewalSoon: string;
  endsOn: (medication: string, day: string, days: number) => string;
  /** Each step of an open renewal (docs/product.md §18); PATIENT is followed by what it asks, one line each. */
  renewal: Record<Exclude<RenewalStep['kind'], 'NONE' | 'APPROVED' | 'ANOTHER_ROUTE'>, string>;
  /** Nothing asked, and the card or fund it was for is one they cannot use now: nothing is sent to it. */
  anotherRoute: (program: string) => string;
}

const COPY: Readonly<Record<Language, Copy>> = {
  en: {
    button: 'See your applications',
    opening: 'This is a reminder about one of your applications with RxBridge.',
    signIn: 'Please sign in to see what is coming up and what to do.',
    renewalSoon: `We will open your renewal application ${RENEWAL_OPEN_DAYS} days before that date, with what can be carried over already filled in.`,
    endsOn: (med, day, days) =>
      `Your enrollment in the ${med} assistance program ends on ${day}, in ${days === 1 ? '1 day' : `${days} days`}.`,
    renewal: {
      PATIENT:
        'Your renewal application is open on your dashboard. So that your medication continues without a gap, please:',
      NAVIGATOR_FIRST:
        'Your renewal application is open on your dashboard. Your care navigator goes over your options first and will tell you what is needed.',
      NAVIGATOR:
        'Your renewal application is open on your dashboard and has everything it needs from you: your care navigator sends it to the program.',
      SIGN_IN_INK: `Your renewal application is open on your dashboard. ${INK.en}`,
      WITH_PROGRAM: 'Your renewal application has gone to the program: you can follow it on your dashboard.',
    },
    anotherRoute: (program) =>
      `Your renewal application is open on your dashboard. ${program} cannot be used for it now, so nothing is sent to it: your care navigator looks for another way to help with your medication and will tell you what is needed.`,
  },
  es: {
    button: 'Ver sus solicitudes',
    opening: 'Este es un recordatorio sobre una de sus solicitudes en RxBridge.',
    signIn: 'Inicie sesión para ver lo que viene y lo que debe hacer.',
    renewalSoon: `Abriremos su solicitud de renovación ${RENEWAL_OPEN_DAYS} días antes de esa fecha, con lo que se pueda conservar ya completado.`,
    endsOn: (med, day, days) =>
      `Su inscripción en el programa de asistencia de ${med} termina el ${day}, dentro de ${days === 1 ? '1 día' : `${days} días`}.`,
    renewal: {
      PATIENT:
        'Su solicitud de renovación está abierta en Mi panel. Para que su medicamento continúe sin interrupciones, por favor:',
      NAVIGATOR_FIRST:
        'Su solicitud de renovación está abierta en Mi panel. Su navegador(a) de atención revisa primero sus opciones y le dirá lo que hace falta.',
      NAVIGATOR:
        'Su solicitud de renovación está abierta en Mi panel y tiene todo lo que necesitamos de usted: su navegador(a) de atención la envía al programa.',
      SIGN_IN_INK: `Su solicitud de renovación está abierta en Mi panel. ${INK.es}`,
      WITH_PROGRAM: 'Su solicitud de renovación ya se envió al programa: puede seguirla en Mi panel.',
    },
    anotherRoute: (program) =>
      `Su solicitud de renovación está abierta en Mi panel. ${program} no se puede usar para ella ahora, así que no se le envía nada: su navegador(a) de atención busca otra manera de ayudarle con su medicamento y le dirá lo que hace falta.`,
  },
};

/** Before the renewal opens, when it will; once open, where it stands and what it asks; no renewal, sign in. */
function renewalBlocks(language: Language, renewal: ReminderRenewalStep | null): Block[] {
  const copy = COPY[language];
  if (!renewal) return [{ kind: 'p', text: copy.renewalSoon }];
  if (renewal.kind === 'NONE') return [{ kind: 'p', text: copy.signIn }];
  if (renewal.kind === 'ANOTHER_ROUTE') return [{ kind: 'p', text: copy.anotherRoute(renewal.program) }];
  return [
    { kind: 'p', text: copy.renewal[renewal.kind] },
    ...(renewal.kind === 'PATIENT' ? askBlocks(language, renewal.asks) : []),
    // With something to give as well, the paper form still comes, as the dashboard lists it under the asks.
    ...(renewal.kind === 'PATIENT' && renewal.asks.signInInk ? [{ kind: 'p' as const, text: INK[language] }] : []),
  ];
}

/**
 * The patient's reminder 60 and 30 days before an enrollment ends (docs/product.md §18): when it
 * ends, in how many days from the day it goes, and what happens about the renewal, which opens 45 days before.
 */
function reminderEmail(
  language: Language,
  brand: Brand,
  firstName: string,
  info: EnrollmentReminderInfo,
): RenderedEmail {
  const copy = COPY[language];
  const button: Block = { kind: 'button', text: copy.button, href: `${brand.appUrl}/dashboard` };
  const opening: Block = { kind: 'p', text: copy.opening };
  const details: Block[] = info.verified
    ? [
        { kind: 'p', text: copy.endsOn(info.medication, longDay(info.endsOn, language), info.daysLeft) },
        ...renewalBlocks(language, info.renewal),
        button,
      ]
    : [{ kind: 'p', text: copy.signIn }, button];
  return layout(
    brand,
    ENROLLMENT_REMINDER_SUBJECTS[language],
    GREETING[language](firstName),
    [opening, ...details],
    language,
  );
}

export const enrollmentReminderEmail: Localized<[brand: Brand, firstName: string, info: EnrollmentReminderInfo]> = {
  en: (...args) => reminderEmail('en', ...args),
  es: (...args) => reminderEmail('es', ...args),
};
