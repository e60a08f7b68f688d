import type { FIELD_MESSAGES } from './field-messages';
import type { Twin } from './localize';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// The Spanish of the field schemas' texts (docs/product.md, Languages; docs/spanish-glossary.md).
export const FIELD_MESSAGES_ES: Twin<typeof FIELD_MESSAGES> = {
  required: (label) => `Escriba ${label}`,
  tooLong: (label, max) => `${capitalize(label)} debe tener como máximo ${max} caracteres`,
  chooseValid: (label) => `Elija una opción válida de ${label}`,
  atMost: (max, things) => `Como máximo ${max} ${things}`,
  aNumber: (label) => `${label} debe ser un número`,
  wholeNumber: (label) => `${label} debe ser un número entero`,
  atLeastNumber: (label, min) => `${label} debe ser como mínimo ${min}`,
  atMostNumber: (label, max) => `${label} debe ser como máximo ${max}`,
  oneOf: (label, first, last) => `${label} debe ser ${first} o ${last}`,
  searchInBody: (searchPath) => `search va en el cuerpo de POST /api/v1${searchPath}, nunca en una dirección`,
  chooseCoverageType: 'Elija un tipo de cobertura de la lista',
  resetCodeDigits: 'El código para restablecer la contraseña tiene 6 dígitos',
  chooseSpecialty: 'Elija una especialidad de la lista',
  chooseFrequency: 'Elija una frecuencia de la lista',
  confirmPassword: 'Confirme su contraseña',
  insuranceAnswer: 'Díganos si tiene seguro médico',
  writeMessage: 'Escriba su mensaje',
  refusedCharacter: 'contiene un carácter que no se permite (NUL)',
  refusedCharacterIn: (field) => `${field}: contiene un carácter que no se permite (NUL)`,
};

/** The field labels the texts above carry, in Spanish. */
export const FIELD_WORDS_ES: Record<string, string> = {
  'First name': 'su nombre',
  'Last name': 'su apellido',
  Name: 'su nombre',
  Email: 'su correo electrónico',
  Phone: 'su número de teléfono',
  Password: 'su contraseña',
  'Current password': 'su contraseña actual',
  'Date of birth': 'su fecha de nacimiento',
  'Street address': 'su dirección',
  Address: 'la dirección',
  City: 'su ciudad',
  State: 'su estado',
  'ZIP code': 'su código postal (ZIP)',
  Medication: 'el medicamento',
  Dosage: 'la dosis',
  'Policy number': 'el número de póliza',
  'Group number': 'el número de grupo',
  Title: 'el título',
  Subject: 'el asunto',
  Message: 'el mensaje',
  'Reset code': 'el código para restablecer la contraseña',
  'Reset token': 'el enlace para restablecer la contraseña',
  'Refresh token': 'el token de actualización de la sesión',
  gender: 'sexo',
  'marital status': 'estado civil',
  doctors: 'médicos',
  prescriptions: 'recetas',
  'insurance plans': 'planes de seguro médico',
};
