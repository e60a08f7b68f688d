import { SUBMISSION_MESSAGES } from '@rxbridge/contracts';
import { documentLabel, longDay, SHIP_TO_LABELS } from '@rxbridge/domain';
import { TIMELINE_NOTES, timelineNoteIn } from './timeline-notes';

// The system's timeline notes in the patient's language (docs/product.md §20 Languages).
describe('timelineNoteIn', () => {
  it('says every note the system writes in Spanish, with its values', () => {
    const ends = longDay('2027-03-05');
    expect(
      [
        TIMELINE_NOTES.opened('Eliquis'),
        TIMELINE_NOTES.cancelledWithPrescription,
        TIMELINE_NOTES.patientSigned,
        TIMELINE_NOTES.shipTo(SHIP_TO_LABELS.PRESCRIBER_OFFICE),
        TIMELINE_NOTES.renewalOf('Eliquis', ends),
        TIMELINE_NOTES.renewalOpened(ends),
        TIMELINE_NOTES.refillDue(90, '2026-12-01', '2027-03-01'),
        TIMELINE_NOTES.reEnrollDue('2027-03-05'),
        TIMELINE_NOTES.renewedBy(ends),
        TIMELINE_NOTES.renewalNotNeeded(ends),
        TIMELINE_NOTES.renewalOfClosed,
        TIMELINE_NOTES.renewalOfCancelled,
        TIMELINE_NOTES.prescriberRequested('dr.reyes@clinic.test'),
        TIMELINE_NOTES.prescriberSigned('Ana Reyes', '1234567893'),
        TIMELINE_NOTES.programSet('Lilly Cares'),
        TIMELINE_NOTES.checklistAdded(documentLabel('PROOF_OF_OUT_OF_POCKET_SPEND')),
        TIMELINE_NOTES.checklistRemoved(documentLabel('COVERAGE_DENIAL')),
        TIMELINE_NOTES.cardAskedAgain(documentLabel('INSURANCE_CARD')),
        TIMELINE_NOTES.cardSentOfPlanBefore(documentLabel('INSURANCE_CARD')),
        TIMELINE_NOTES.cardSentOfNoPlan(documentLabel('INSURANCE_CARD')),
        TIMELINE_NOTES.cardOfPlanBefore,
        SUBMISSION_MESSAGES.sentByFax('Lilly Cares', '+18005550100'),
      ].map((note) => timelineNoteIn(note, 'es')),
    ).toEqual([
      'Se abrió la solicitud de Eliquis.',
      'Se canceló porque se eliminó la receta.',
      'Usted firmó la solicitud',
      'Se envía a: consultorio del médico que receta',
      'Renovación de la solicitud de Eliquis, cuya inscripción termina el 5 de marzo de 2027.',
      'Se abrió la renovación: la inscripción termina el 5 de marzo de 2027.',
      'El suministro para 90 días enviado el 1 de diciembre de 2026 se acaba el 1 de marzo de 2027: es hora de preparar el resurtido.',
      'La inscripción termina el 5 de marzo de 2027: es hora de la reinscripción.',
      'Cerrada: se aprobó la renovación y la nueva inscripción dura hasta el 5 de marzo de 2027.',
      'Cancelada: la solicitud que esta renovación continúa se aprobó de nuevo, hasta el 5 de marzo de 2027, así que esta renovación ya no es necesaria.',
      'Cancelada: se cerró la inscripción que iba a renovar.',
      'Cancelada: se canceló la inscripción que iba a renovar.',
      'Se pidió la firma del médico que receta a dr.reyes@clinic.test',
      'Firmó el médico que receta: Ana Reyes, NPI 1234567893',
      'Su navegador(a) de atención eligió el programa: Lilly Cares',
      'Ahora se le pide, porque cambió su plan, su estado o su edad: Gastos de bolsillo en recetas de este año.',
      'Ya no se le pide, porque cambió su plan, su estado o su edad: Carta de denegación de cobertura (Medicaid o Ayuda Adicional).',
      'Se le pide de nuevo, porque cambió su plan de seguro médico: Tarjeta del seguro médico (por ambos lados).',
      'Su plan de seguro médico cambió después de que se envió esta solicitud: el programa tiene la tarjeta del plan anterior. Se le pedirá de nuevo si el programa responde sobre ella: Tarjeta del seguro médico (por ambos lados).',
      'Ya no tiene plan de seguro médico desde que se envió esta solicitud: el programa tiene la tarjeta del plan anterior. Ya no se le pide: Tarjeta del seguro médico (por ambos lados).',
      'Se le pide de nuevo: su plan de seguro médico cambió después de recibir esta tarjeta.',
      'Enviada a Lilly Cares por fax (+18005550100)',
    ]);
  });

  it('leaves English as stored, and a navigator’s own note as written', () => {
    expect(timelineNoteIn(TIMELINE_NOTES.opened('Eliquis'), 'en')).toBe('Application opened for Eliquis.');
    expect(timelineNoteIn('Called the program: they need a newer pay stub.', 'es')).toBe(
      'Called the program: they need a newer pay stub.',
    );
  });
});
