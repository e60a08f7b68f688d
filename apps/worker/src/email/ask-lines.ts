import type { Language } from '@rxbridge/contracts';
import type { PatientAsks } from '@rxbridge/domain';
import type { Block } from './layout';

/** Each ask in one language, as the dashboard's "What we still need from you" says it (docs/product.md §17). */
interface AskCopy {
  enroll: (program: string) => string;
  sign: string;
  signAgain: string;
  upload: (label: string) => string;
  /**
   * A document received in a file the fax cannot carry: why it is asked again, in the dashboard's words (its
   * dashboard.applications.needed.notFaxable; templates.spec.ts holds the two to the same text).
   */
  uploadAgain: (label: string) => string;
  shipTo: string;
}

const ASK_COPY: Readonly<Record<Language, AskCopy>> = {
  en: {
    enroll: (program) => `Enroll in ${program} on its sponsor’s page.`,
    sign: 'Sign your application.',
    signAgain: 'Sign your application again: it changed since you signed.',
    upload: (label) => `Upload: ${label}.`,
    uploadAgain: (label) =>
      `${label}: your file can’t be faxed to the program. Please upload it again as a PDF, JPEG or PNG.`,
    shipTo: 'Choose where your medication ships.',
  },
  es: {
    enroll: (program) => `Inscríbase en ${program} en la página de quien lo ofrece.`,
    sign: 'Firme su solicitud.',
    signAgain: 'Vuelva a firmar su solicitud: cambió desde que firmó.',
    upload: (label) => `Suba: ${label}.`,
    uploadAgain: (label) =>
      `${label}: su archivo no se puede enviar por fax al programa. Súbalo de nuevo como PDF, JPEG o PNG.`,
    shipTo: 'Elija adónde se envía su medicamento.',
  },
};

/**
 * What an application asks of its patient (`patientAsks`), one bulleted paragraph each, as the dashboard lists it:
 * the renewal's reminder (docs/product.md §18) and the asked-documents email (§11) say it the same way.
 */
export function askBlocks(language: Language, asks: PatientAsks): Block[] {
  const copy = ASK_COPY[language];
  // Where it ships first: it is one of the facts signed (docs/product.md §17).
  const lines = [
    ...(asks.chooseShipTo ? [copy.shipTo] : []),
    ...(asks.enrollIn ? [copy.enroll(asks.enrollIn)] : []),
    ...(asks.sign ? [asks.sign === 'SIGN' ? copy.sign : copy.signAgain] : []),
    ...asks.documents.map((label) => (asks.uploadAgain.includes(label) ? copy.uploadAgain : copy.upload)(label)),
  ];
  return lines.map((text): Block => ({ kind: 'p', text: `• ${text}` }));
}
