import {
  API_MESSAGES,
  ELIGIBILITY_MESSAGES,
  ELIGIBILITY_MESSAGES_ES,
  MESSAGES,
  MESSAGES_ES,
} from '@rxbridge/contracts';
import { fieldRefusal, fieldsHeadline } from '@rxbridge/platform';
import { localizeFailure, parseAcceptLanguage } from './language';

describe('parseAcceptLanguage', () => {
  it.each([
    ['es', 'es'],
    ['es-MX', 'es'],
    ['ES-us', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['en;q=0.5, es-419;q=0.7', 'es'],
    ['en, es', 'en'],
    ['es, en', 'es'],
    ['fr-FR, es;q=0.3', 'es'],
    ['es;q=0', 'en'],
    ['fr', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['estonian', 'en'],
    ['es;q=abc', 'en'],
  ] as const)('%p -> %s', (header, language) => {
    expect(parseAcceptLanguage(header)).toBe(language);
  });

  it('reads a header given twice', () => {
    expect(parseAcceptLanguage(['en;q=0.2', 'es-MX'])).toBe('es');
  });
});

describe('localizeFailure', () => {
  it('says a message and its fields in Spanish, field names and the headline shape kept', () => {
    const fields = { householdSize: ELIGIBILITY_MESSAGES.householdSize, state: ELIGIBILITY_MESSAGES.state };
    const failure = { message: fieldsHeadline(fields), fields };
    expect(localizeFailure(failure, 'es')).toEqual({
      message: `householdSize: ${ELIGIBILITY_MESSAGES_ES.householdSize} (y 1 más)`,
      fields: { householdSize: ELIGIBILITY_MESSAGES_ES.householdSize, state: MESSAGES_ES.invalidState },
    });
    expect(localizeFailure(failure, 'en')).toEqual(failure);
  });

  it('says built texts and "field: text" messages in Spanish', () => {
    expect(localizeFailure({ message: API_MESSAGES.notFound('Application') }, 'es').message).toBe(
      'No encontramos la solicitud',
    );
    expect(localizeFailure({ message: `kind: ${MESSAGES.notFound}` }, 'es').message).toBe(
      `kind: ${MESSAGES_ES.notFound}`,
    );
  });

  it('prefers the fields zod worded in Spanish itself', () => {
    const fields = { medication: 'Invalid input: expected string, received number' };
    const spanish = { es: { medication: 'Entrada inválida: se esperaba texto, recibido número' } };
    expect(localizeFailure({ message: fieldsHeadline(fields), fields }, 'es', { translatedFields: spanish })).toEqual({
      message: 'medication: Entrada inválida: se esperaba texto, recibido número',
      fields: spanish.es,
    });
  });

  it('takes a refusal worded in each language where its English cannot be translated (a label inside it)', () => {
    const error = fieldRefusal('kind', (language) => (language === 'es' ? 'Receta: no' : 'Prescription: no'));
    expect(error.message).toBe('Prescription: no');
    expect(localizeFailure({ message: error.message, fields: error.fields }, 'es', error)).toEqual({
      message: 'Receta: no',
      fields: { kind: 'Receta: no' },
    });
    expect(localizeFailure({ message: error.message, fields: error.fields }, 'en', error).message).toBe(
      'Prescription: no',
    );
  });
});
