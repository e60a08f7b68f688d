import type { Language } from '@rxbridge/contracts';
import { longDay, type PatientAsks } from '@rxbridge/domain';
import { askBlocks } from './ask-lines';
import { GREETING, layout, type Block, type Brand, type Localized, type RenderedEmail } from './layout';

// ---- Application status emails (one per change a patient cares about) ----

/** The application states that email the patient; the others change nothing they must know. */
export const EMAILED_APPLICATION_STATES = [
  'SUBMITTED',
  'INFO_REQUESTED',
  'APPROVED',
  'DENIED',
  'SHIPMENT_SCHEDULED',
  'REFILL_DUE',
  'RENEWAL_DUE',
] as const;
export type EmailedApplicationState = (typeof EMAILED_APPLICATION_STATES)[number];

export type SentAs = 'FIRST' | 'AGAIN' | 'ANSWER';

export interface ApplicationEmailInfo {
  state: EmailedApplicationState;
  medication: string;
  /** Whether the patient verified their email address: only then does the email carry the details. */
  verified: boolean;
  /**
   * How a move to SUBMITTED reads: the first submission, the packet sent again (after a denial, or a renewal), or the
   * answer to the program's request for more information.
   */
  sentAs?: SentAs;
  enrollmentStartDate?: string | null;
  enrollmentEndDate?: string | null;
  shipmentDate?: string | null;
  daysOfSupply?: number | null;
  refillDueAt?: string | null;
  supplyEndsAt?: string | null;
}

/** The one subject of every application status email, per language. */
export const APPLICATION_UPDATE_SUBJECTS: Readonly<Record<Language, string>> = {
  en: 'An update on your RxBridge application',
  es: 'Novedades sobre su solicitud en RxBridge',
};
export const APPLICATION_UPDATE_SUBJECT = APPLICATION_UPDATE_SUBJECTS.en;

/** What a status email says in one language: its frame, and each state's paragraphs. */
interface StatusCopy {
  button: string;
  opening: string;
  signIn: string;
  /** The asked-documents email's lead, followed by what is asked (askBlocks). */
  asked: (medication: string) => string;
  /** A calendar day, or "soon" when the date is not known yet. */
  day: (isoDate: string | null | undefined) => string;
  paragraphs: (
    info: ApplicationEmailInfo,
    day: (isoDate: string | null | undefined) => string,
  ) => Record<EmailedApplicationState, string[]>;
}

const dayOr = (language: Language, soon: string) => (isoDate: string | null | undefined) =>
  isoDate ? longDay(isoDate.slice(0, 10), language) : soon;

const STATUS_COPY: Readonly<Record<Language, StatusCopy>> = {
  en: {
    button: 'See your application',
    opening: 'There is an update on one of your applications with RxBridge.',
    signIn: 'Please sign in to see what changed and what comes next.',
    asked: (med) =>
      `Your care navigator needs something from you for your ${med} application. So that it can go on, please:`,
    day: dayOr('en', 'soon'),
    paragraphs: ({ medication: med, ...info }, day) => ({
      SUBMITTED: [
        {
          FIRST: `Good news: we have submitted your application for ${med} to the drug maker's assistance program.`,
          AGAIN: `We have sent your application for ${med} to the drug maker's assistance program again.`,
          ANSWER: `We have sent the assistance program the information it asked for about your ${med} application.`,
        }[info.sentAs ?? 'FIRST'],
        'Programs usually decide within a few days. We will email you as soon as we hear back.',
      ],
      INFO_REQUESTED: [
        `The assistance program reviewing your ${med} application has asked for more information.`,
        'Your care navigator is already working on it. Please sign in to see what is needed and upload any document still missing, so the review can continue.',
      ],
      APPROVED: [
        `Great news: the program approved your application for ${med}.`,
        `Your enrollment runs from ${day(info.enrollmentStartDate)} to ${day(info.enrollmentEndDate)}. We are now scheduling your first shipment and will let you know its date.`,
      ],
      DENIED: [
        `The program has declined your application for ${med} this time.`,
        'A first answer is often not the last one. Your care navigator is reviewing the decision and whether to resubmit, and will be in touch with the next steps.',
      ],
      SHIPMENT_SCHEDULED: [
        `Your shipment of ${med} is scheduled for ${day(info.shipmentDate)}, with a ${info.daysOfSupply}-day supply.`,
        `We will start arranging your next refill around ${day(info.refillDueAt)}, three weeks before this supply runs out.`,
      ],
      REFILL_DUE: [
        `Your current supply of ${med} runs out around ${day(info.supplyEndsAt)}.`,
        'We are arranging your next shipment now, so you do not run out. There is nothing you need to do unless your care navigator asks.',
      ],
      RENEWAL_DUE: [
        `Your enrollment in the ${med} assistance program ends on ${day(info.enrollmentEndDate)}.`,
        'We are preparing your re-enrollment so your medication continues without a gap. Please check that your documents are up to date, for example a recent proof of income.',
      ],
    }),
  },
  es: {
    button: 'Ver su solicitud',
    opening: 'Hay novedades sobre una de sus solicitudes en RxBridge.',
    signIn: 'Inicie sesión para ver qué cambió y cuáles son los próximos pasos.',
    asked: (med) =>
      `Su navegador de atención necesita algo de usted para su solicitud de ${med}. Para que pueda seguir adelante, por favor:`,
    day: dayOr('es', 'pronto'),
    paragraphs: ({ medication: med, ...info }, day) => ({
      SUBMITTED: [
        {
          FIRST: `Buenas noticias: enviamos su solicitud de ${med} al programa de asistencia del fabricante.`,
          AGAIN: `Volvimos a enviar su solicitud de ${med} al programa de asistencia del fabricante.`,
          ANSWER: `Enviamos al programa de asistencia la información que pidió sobre su solicitud de ${med}.`,
        }[info.sentAs ?? 'FIRST'],
        'Los programas suelen decidir en pocos días. Le escribiremos en cuanto tengamos una respuesta.',
      ],
      INFO_REQUESTED: [
        `El programa de asistencia que revisa su solicitud de ${med} pidió más información.`,
        'Su navegador de atención ya está trabajando en ello. Inicie sesión para ver qué se necesita y suba cualquier documento que falte, para que la revisión pueda continuar.',
      ],
      APPROVED: [
        `Buenas noticias: el programa aprobó su solicitud de ${med}.`,
        `Su inscripción va del ${day(info.enrollmentStartDate)} al ${day(info.enrollmentEndDate)}. Ahora estamos programando su primer envío y le avisaremos la fecha.`,
      ],
      DENIED: [
        `Esta vez, el programa denegó su solicitud de ${med}.`,
        'Una primera respuesta no suele ser la última. Su navegador de atención está revisando la decisión y si conviene volver a presentar la solicitud, y se comunicará con usted para los próximos pasos.',
      ],
      SHIPMENT_SCHEDULED: [
        `Su envío de ${med} está programado para el ${day(info.shipmentDate)}, con un suministro para ${info.daysOfSupply} días.`,
        `Empezaremos a preparar su próximo resurtido alrededor del ${day(info.refillDueAt)}, tres semanas antes de que se acabe este suministro.`,
      ],
      REFILL_DUE: [
        `Su suministro actual de ${med} se acaba alrededor del ${day(info.supplyEndsAt)}.`,
        'Ya estamos preparando su próximo envío para que no se quede sin medicamento. No tiene que hacer nada, a menos que su navegador de atención se lo pida.',
      ],
      RENEWAL_DUE: [
        `Su inscripción en el programa de asistencia de ${med} termina el ${day(info.enrollmentEndDate)}.`,
        'Estamos preparando su reinscripción para que su medicamento continúe sin interrupciones. Revise que sus documentos estén al día, por ejemplo, un comprobante de ingresos reciente.',
      ],
    }),
  },
};

/**
 * An email about an application: the details only to a verified address, others asked to sign in. Subject and preview
 * (the first line) name neither the medication nor the state: a mailbox's list of subjects, a lock screen or a shared
 * inbox must not reveal health details (docs/product.md §11).
 */
function applicationEmail(
  language: Language,
  brand: Brand,
  firstName: string,
  verified: boolean,
  details: Block[],
): RenderedEmail {
  const copy = STATUS_COPY[language];
  const button: Block = { kind: 'button', text: copy.button, href: `${brand.appUrl}/dashboard` };
  const opening: Block = { kind: 'p', text: copy.opening };
  const body: Block[] = verified ? [...details, button] : [{ kind: 'p', text: copy.signIn }, button];
  return layout(
    brand,
    APPLICATION_UPDATE_SUBJECTS[language],
    GREETING[language](firstName),
    [opening, ...body],
    language,
  );
}

/**
 * Status emails say what happened and what comes next, without the navigator's notes: those stay
 * behind the login, with the rest of the timeline.
 */
function statusEmail(language: Language, brand: Brand, firstName: string, info: ApplicationEmailInfo): RenderedEmail {
  const copy = STATUS_COPY[language];
  const paragraphs = copy.paragraphs(info, copy.day)[info.state];
  const details = paragraphs.map((text): Block => ({ kind: 'p', text }));
  return applicationEmail(language, brand, firstName, info.verified, details);
}

export const applicationStatusEmail: Localized<[brand: Brand, firstName: string, info: ApplicationEmailInfo]> = {
  en: (...args) => statusEmail('en', ...args),
  es: (...args) => statusEmail('es', ...args),
};

export interface AskedEmailInfo {
  medication: string;
  verified: boolean;
  /** What the application asks of its patient now (patientAsks), with something for them to do. */
  asks: PatientAsks;
}

/** What the patient still has to give, once their care navigator asked for a document (docs/product.md §11). */
function askedEmail(language: Language, brand: Brand, firstName: string, info: AskedEmailInfo): RenderedEmail {
  const lead: Block = { kind: 'p', text: STATUS_COPY[language].asked(info.medication) };
  return applicationEmail(language, brand, firstName, info.verified, [lead, ...askBlocks(language, info.asks)]);
}

export const askedDocumentsEmail: Localized<[brand: Brand, firstName: string, info: AskedEmailInfo]> = {
  en: (...args) => askedEmail('en', ...args),
  es: (...args) => askedEmail('es', ...args),
};
