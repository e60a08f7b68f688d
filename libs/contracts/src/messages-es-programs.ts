import type { COVERAGE_MESSAGES } from './coverage';
import type { ELIGIBILITY_MESSAGES } from './eligibility';
import { INSURANCE_TYPES } from './enums';
import type { Twin } from './localize';
import { CATALOGUE_KIND_VALUES, type ROUTE_MESSAGES } from './routes';

// The Spanish of the program, eligibility and coverage texts (docs/product.md, Languages; docs/spanish-glossary.md).
export const ELIGIBILITY_MESSAGES_ES: Twin<typeof ELIGIBILITY_MESSAGES> = {
  noProgram:
    'Todavía ningún programa de nuestro catálogo cubre este medicamento; un(a) navegador(a) de atención puede investigarlo por usted.',
  noMakerProgram:
    'Todavía ningún programa de medicamentos gratis del fabricante de nuestro catálogo cubre este medicamento; las ' +
    'otras opciones que se muestran pueden ayudarle, y un(a) navegador(a) de atención puede investigar más por usted.',
  medicationRequired: 'Escriba un medicamento',
  medicationTooLong: 'El medicamento debe tener como máximo 200 caracteres',
  medicationInvalid: 'El medicamento debe ser texto simple',
  householdSize: 'El número de personas en el hogar debe ser un número entero del 1 al 20',
  annualIncome: 'Los ingresos anuales deben ser un número entero de centavos, 0 o más',
  annualIncomeTooHigh: 'Los ingresos anuales deben ser como máximo $10,000,000',
  state: 'Elija un estado de EE. UU., DC o un territorio (código de dos letras)',
  insuranceType: `El seguro médico debe ser uno de: ${[...INSURANCE_TYPES, 'None'].join(', ')}`,
  chooseProgram: 'Elija un programa del catálogo',
  programNotFound: 'Ningún programa de nuestro catálogo tiene este id',
  factsSaved: 'Guardamos sus datos de elegibilidad',
  programSet: (name) => `Programa cambiado a ${name}`,
  searchNotText: 'search debe ser texto',
  searchTooLong: 'search debe tener como máximo 200 caracteres',
  searchInvalid: 'search debe ser texto simple',
};

export const ROUTE_MESSAGES_ES: Twin<typeof ROUTE_MESSAGES> = {
  kind: `kind debe ser uno de: ${CATALOGUE_KIND_VALUES.join(', ')}`,
  coverageRequired: 'Diga qué tipo de plan es (drugCoverage), o que no tiene ninguno',
};

export const COVERAGE_MESSAGES_ES: Twin<typeof COVERAGE_MESSAGES> = {
  question: '¿Qué tipo de plan es?',
  drugCoverage: 'Elija de la lista qué tipo de plan es',
  extraHelp: 'Ayuda Adicional debe ser sí (true), no (false) o sin respuesta (null)',
  outOfPocket: 'El gasto de su bolsillo debe ser un número entero de centavos, 0 o más',
  outOfPocketTooHigh: 'El gasto de su bolsillo debe ser como máximo $1,000,000',
  outOfPocketDollars: 'Escriba una cantidad en dólares, como 850',
  insuranceUpdated: 'Seguro médico actualizado',
  askCoverage: (provider) => `Díganos qué tipo de plan es su seguro médico de ${provider}`,
};
