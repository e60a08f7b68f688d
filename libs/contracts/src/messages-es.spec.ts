import { API_MESSAGES } from './api-messages';
import { APPLICATION_MESSAGES } from './applications';
import { ELIGIBILITY_MESSAGES } from './eligibility';
import { FIELD_MESSAGES } from './field-messages';
import { MESSAGES } from './messages';
import { localizeMessage, MESSAGES_ES } from './messages-es';
import { API_MESSAGES_ES } from './messages-es-api';
import { RECORD_MESSAGES_ES } from './messages-es-applications';
import { ELIGIBILITY_MESSAGES_ES } from './messages-es-programs';
import { documentUploadSchema, doctorSchema, insuranceSchema, prescriptionSchema, RECORD_MESSAGES } from './records';
import { SIGNATURE_MESSAGES } from './signatures';

describe('localizeMessage', () => {
  it('says every shared message in Spanish, and English as it is', () => {
    for (const key of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
      expect(localizeMessage(MESSAGES[key], 'es')).toBe(MESSAGES_ES[key]);
      expect(MESSAGES_ES[key]).not.toBe(MESSAGES[key]);
      expect(localizeMessage(MESSAGES[key], 'en')).toBe(MESSAGES[key]);
    }
  });

  it('leaves a text without a Spanish twin as it is', () => {
    expect(localizeMessage('Dr. Ada Lovelace', 'es')).toBe('Dr. Ada Lovelace');
  });
});

describe('localizeMessage, built texts', () => {
  it('finds the values of a built text and says them in Spanish', () => {
    expect(localizeMessage(SIGNATURE_MESSAGES.closed('Approved'), 'es')).toBe(
      'Esta solicitud está aprobada: ya no se puede firmar.',
    );
    expect(localizeMessage(APPLICATION_MESSAGES.stale('Denied', 'someone else'), 'es')).toBe(
      'Otra persona pasó esta solicitud a Denegada. Actualice la página para ver su estado actual.',
    );
    expect(localizeMessage(FIELD_MESSAGES.atMost(20, 'doctors'), 'es')).toBe('Como máximo 20 médicos');
    expect(localizeMessage(ELIGIBILITY_MESSAGES.programSet('Lilly Cares'), 'es')).toBe(
      'Programa cambiado a Lilly Cares',
    );
    expect(localizeMessage(RECORD_MESSAGES.tooManyRows(50), 'en')).toBe(RECORD_MESSAGES.tooManyRows(50));
  });

  it('prefers the template that says more: a sentence is not taken for a shorter pattern it also fits', () => {
    // "At most 20 rows can be saved at once" also fits "At most {n} {things}".
    expect(localizeMessage(RECORD_MESSAGES.tooManyRows(20), 'es')).toBe(
      'Se pueden guardar como máximo 20 filas a la vez',
    );
    // "search must be at most 200 characters" also fits "{label} must be at most {n}".
    expect(localizeMessage(FIELD_MESSAGES.tooLong('search', 200), 'es')).toBe(
      'search debe tener como máximo 200 caracteres',
    );
    expect(localizeMessage(FIELD_MESSAGES.atMostNumber('limit', 100), 'es')).toBe('limit debe ser como máximo 100');
    expect(localizeMessage(FIELD_MESSAGES.oneOf('immediately', 'true', 'false'), 'es')).toBe(
      'immediately debe ser true o false',
    );
    expect(localizeMessage(FIELD_MESSAGES.searchInBody('/documents/search'), 'es')).toBe(
      'search va en el cuerpo de POST /api/v1/documents/search, nunca en una dirección',
    );
  });

  it('has a Spanish twin, different from the English, for every text of every table', () => {
    const tables = [
      [ELIGIBILITY_MESSAGES, ELIGIBILITY_MESSAGES_ES],
      [RECORD_MESSAGES, RECORD_MESSAGES_ES],
      [API_MESSAGES, API_MESSAGES_ES],
    ] as const;
    for (const [english, spanish] of tables) {
      for (const [key, text] of Object.entries(english)) {
        if (typeof text !== 'string') continue;
        const twin = (spanish as Record<string, unknown>)[key];
        expect(localizeMessage(text, 'es')).toBe(twin);
        expect(twin).not.toBe(text);
      }
    }
  });
});

describe('a record field too long, in Spanish', () => {
  // Every text field of the records a patient saves, as its schema refuses it too long: wholly in Spanish.
  const long = 'x'.repeat(400);
  const refusals = [
    doctorSchema.safeParse({ firstName: long, lastName: long, specialty: 'Primary Care', doctorAddress: long }),
    prescriptionSchema.safeParse({ medication: long, dosage: long, frequency: 'Once daily' }),
    insuranceSchema.safeParse({ provider: 'Aetna', policyNumber: long, groupNumber: long }),
    documentUploadSchema.safeParse({ title: long }),
  ].flatMap((parsed) => parsed.error?.issues.map((issue) => issue.message) ?? []);

  it.each(refusals)('%s', (english) => {
    const spanish = localizeMessage(english, 'es');
    expect(spanish).toMatch(/debe tener como máximo \d+ caracteres$/);
    // The field's name too: no English word before "debe".
    expect(spanish.split(' debe ')[0]).not.toBe(english.split(' must ')[0]);
  });

  it('covers each such field', () => {
    expect(refusals.length).toBeGreaterThanOrEqual(8);
  });
});
