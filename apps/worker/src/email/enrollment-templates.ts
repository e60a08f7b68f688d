import type { Language } from '@rxbridge/contracts';
import { longDay, RENEWAL_OPEN_DAYS } from '@rxbridge/domain';
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
  daysBefore: number;
  /** Only a verified address gets the details; others are asked to sign in. */
  verified: boolean;
}

/** What a reminder says in one language (terms from docs/spanish-glossary.md). */
const COPY: Readonly<
  Record<
    Language,
    {
      button: string;
      opening: string;
      signIn: string;
      renewalSoon: string;
      renewalOpen: string;
      endsOn: (medication: string, day: string, days: number) => string;
    }
  >
> = {
  en: {
    button: 'See your applications',
    opening: 'This is a reminder about one of your applications with RxBridge.',
    signIn: 'Please sign in to see what is coming up and what to do.',
    renewalSoon: `We will open your renewal application ${RENEWAL_OPEN_DAYS} days before that date, with what can be carried over already filled in.`,
    renewalOpen:
      'Your renewal application is open on your dashboard: please check it and upload a recent proof of income, so your medication continues without a gap.',
    endsOn: (med, day, days) => `Your enrollment in the ${med} assistance program ends on ${day}, in ${days} days.`,
  },
  es: {
    button: 'Ver sus solicitudes',
    opening: 'Este es un recordatorio sobre una de sus solicitudes en RxBridge.',
    signIn: 'Inicie sesión para ver lo que viene y lo que debe hacer.',
    renewalSoon: `Abriremos su solicitud de renovación ${RENEWAL_OPEN_DAYS} días antes de esa fecha, con lo que se pueda conservar ya completado.`,
    renewalOpen:
      'Su solicitud de renovación está abierta en Mi panel: revísela y suba un comprobante de ingresos reciente, para que su medicamento continúe sin interrupciones.',
    endsOn: (med, day, days) =>
      `Su inscripción en el programa de asistencia de ${med} termina el ${day}, dentro de ${days} días.`,
  },
};

/**
 * The patient's reminder 60 and 30 days before an enrollment ends (docs/product.md §18): when it
 * ends and what happens about the renewal, which opens 45 days before.
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
  const renewal = info.daysBefore > RENEWAL_OPEN_DAYS ? copy.renewalSoon : copy.renewalOpen;
  const details: Block[] = info.verified
    ? [
        { kind: 'p', text: copy.endsOn(info.medication, longDay(info.endsOn, language), info.daysBefore) },
        { kind: 'p', text: renewal },
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
