import {
  makeLocalizer,
  SUBMISSION_MESSAGES,
  SUBMISSION_MESSAGES_ES,
  type Language,
  type Twin,
} from '@rxbridge/contracts';
import { DOCUMENT_KINDS, documentLabel, longDay, parseDate, SHIP_TO_LABELS } from '@rxbridge/domain';

/**
 * The notes the system writes on an application's timeline (docs/product.md §5 Applications), stored in
 * English as staff read them. A patient reading in another language gets them in it (§20); a navigator's
 * own note, and a note written before its sentence was here, stay as written.
 */
export const TIMELINE_NOTES = {
  opened: (medication: string) => `Application opened for ${medication}.`,
  cancelledWithPrescription: 'Cancelled because the prescription was removed.',
  patientSigned: 'Patient signed the application',
  shipTo: (place: string) => `Ship to: ${place}`,
  renewalOf: (medication: string, ends: string) =>
    `Renewal of the application for ${medication} whose enrollment ends on ${ends}.`,
  renewalOpened: (ends: string) => `Renewal opened: the enrollment ends on ${ends}.`,
  refillDue: (days: number, shippedOn: string, runsOut: string) =>
    `The ${days}-day supply shipped on ${shippedOn} runs out on ${runsOut}: time to arrange the refill.`,
  reEnrollDue: (ends: string) => `Enrollment ends on ${ends}: time to re-enroll.`,
  renewedBy: (ends: string) => `Closed: the renewal was approved, and the new enrollment runs until ${ends}.`,
  renewalNotNeeded: (ends: string) =>
    `Cancelled: the application it renews was approved again, until ${ends}, so this renewal is not needed.`,
  renewalOfClosed: 'Cancelled: the enrollment it would renew was closed.',
  renewalOfCancelled: 'Cancelled: the enrollment it would renew was cancelled.',
  prescriberRequested: (email: string) => `Prescriber signature requested from ${email}`,
  prescriberSigned: (name: string, npi: string) => `Prescriber signed: ${name}, NPI ${npi}`,
  programSet: (program: string) => `Program set to ${program} by navigator`,
  checklistAdded: (document: string) => `Now asked for, as the patient's plan, state or age changed: ${document}.`,
  checklistRemoved: (document: string) =>
    `No longer asked for, as the patient's plan, state or age changed: ${document}.`,
  cardAskedAgain: (document: string) => `Asked again, as the patient's insurance plan changed: ${document}.`,
  cardSentOfPlanBefore: (document: string) =>
    `The patient's insurance plan changed after this application was sent: the program has the card of the plan before. Asked again if the program comes back about it: ${document}.`,
  cardSentOfNoPlan: (document: string) =>
    `The patient has had no insurance plan since this application was sent: the program has the card of the plan before. No longer asked for: ${document}.`,
  /** A checklist item's note, not the timeline's: an upload a renewal takes over (docs/product.md §18). */
  carriedOver: 'Carried over from the application renewed.',
  /** A checklist item's note: a card asked again as the patient's plan changed (docs/product.md §5). */
  cardOfPlanBefore: "Asked again: the patient's insurance plan changed after this card was received.",
} as const;

/** A day a note carries ("2026-03-05" or "March 5, 2026") in Spanish; anything else as it is. */
const day = (text: string) => {
  const date = parseDate(/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : `${text} UTC`);
  return date ? longDay(date, 'es') : text;
};

// Terms from docs/spanish-glossary.md; the patient reads these, so "usted" for the patient.
const TIMELINE_NOTES_ES: Twin<typeof TIMELINE_NOTES> = {
  opened: (medication) => `Se abrió la solicitud de ${medication}.`,
  cancelledWithPrescription: 'Se canceló porque se eliminó la receta.',
  patientSigned: 'Usted firmó la solicitud',
  shipTo: (place) => `Se envía a: ${place}`,
  renewalOf: (medication, ends) =>
    `Renovación de la solicitud de ${medication}, cuya inscripción termina el ${day(ends)}.`,
  renewalOpened: (ends) => `Se abrió la renovación: la inscripción termina el ${day(ends)}.`,
  refillDue: (days, shippedOn, runsOut) =>
    `El suministro para ${days} días enviado el ${day(shippedOn)} se acaba el ${day(runsOut)}: es hora de preparar el resurtido.`,
  reEnrollDue: (ends) => `La inscripción termina el ${day(ends)}: es hora de la reinscripción.`,
  renewedBy: (ends) => `Cerrada: se aprobó la renovación y la nueva inscripción dura hasta el ${day(ends)}.`,
  renewalNotNeeded: (ends) =>
    `Cancelada: la solicitud que esta renovación continúa se aprobó de nuevo, hasta el ${day(ends)}, así que esta renovación ya no es necesaria.`,
  renewalOfClosed: 'Cancelada: se cerró la inscripción que iba a renovar.',
  renewalOfCancelled: 'Cancelada: se canceló la inscripción que iba a renovar.',
  prescriberRequested: (email) => `Se pidió la firma del médico que receta a ${email}`,
  prescriberSigned: (name, npi) => `Firmó el médico que receta: ${name}, NPI ${npi}`,
  programSet: (program) => `Su navegador(a) de atención eligió el programa: ${program}`,
  checklistAdded: (document) => `Ahora se le pide, porque cambió su plan, su estado o su edad: ${document}.`,
  checklistRemoved: (document) => `Ya no se le pide, porque cambió su plan, su estado o su edad: ${document}.`,
  cardAskedAgain: (document) => `Se le pide de nuevo, porque cambió su plan de seguro médico: ${document}.`,
  cardSentOfPlanBefore: (document) =>
    `Su plan de seguro médico cambió después de que se envió esta solicitud: el programa tiene la tarjeta del plan anterior. Se le pedirá de nuevo si el programa responde sobre ella: ${document}.`,
  cardSentOfNoPlan: (document) =>
    `Ya no tiene plan de seguro médico desde que se envió esta solicitud: el programa tiene la tarjeta del plan anterior. Ya no se le pide: ${document}.`,
  carriedOver: 'Se tomó de la solicitud que se renueva.',
  cardOfPlanBefore: 'Se le pide de nuevo: su plan de seguro médico cambió después de recibir esta tarjeta.',
};

/** Each checklist kind's English name, as a note carries it, with its Spanish one. */
const DOCUMENT_WORDS_ES: Record<string, string> = Object.fromEntries(
  DOCUMENT_KINDS.map((kind) => [documentLabel(kind), documentLabel(kind, 'es')]),
);

const SHIP_TO_WORDS_ES: Record<string, string> = {
  [SHIP_TO_LABELS.PATIENT_HOME]: 'domicilio del paciente',
  [SHIP_TO_LABELS.PRESCRIBER_OFFICE]: 'consultorio del médico que receta',
};

const localizeNote = makeLocalizer(
  [
    [TIMELINE_NOTES, TIMELINE_NOTES_ES],
    [SUBMISSION_MESSAGES, SUBMISSION_MESSAGES_ES],
  ],
  [SHIP_TO_WORDS_ES, DOCUMENT_WORDS_ES],
);

/** A timeline note in the reader's language (English: as stored). */
export function timelineNoteIn(note: string, language: Language): string {
  return localizeNote(note, language);
}
