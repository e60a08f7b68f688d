import type { API_MESSAGES } from './api-messages';
import type { Twin } from './localize';

// The Spanish of the API's own texts (docs/product.md, Languages; terms from docs/spanish-glossary.md).
export const API_MESSAGES_ES: Twin<typeof API_MESSAGES> = {
  notFound: (what) => `No encontramos ${what}`,
  noSuchEndpoint: (method, path) => `Esta dirección de la API no existe: ${method} ${path}`,
  andMore: (count) => `(y ${count} más)`,
  malformedJson: 'El contenido de la solicitud no es JSON válido',
  bodyTooLarge: 'El contenido de la solicitud es demasiado grande',
  sendJson: 'Envíe el contenido de la solicitud en formato JSON',
  unreadable: 'No se pudo leer la solicitud',
  uriTooLong: 'Una parte de la dirección es demasiado larga',
  badUrl: 'La dirección no es válida (tiene un código % mal formado)',
  bodyShape: 'El contenido de la solicitud debe ser un objeto o una lista JSON',
  recordExists: 'Este registro ya existe',
  recordGone: 'Este registro se refiere a algo que ya no existe',
  valueTooLong: 'el valor es demasiado largo',
  uploadUnreadable: (text) => `No se pudo leer el archivo subido (${text}). Elija el archivo de nuevo.`,
  programLocked: (label) => `Esta solicitud está ${label.toLowerCase()}: ya no se puede cambiar su programa.`,
  nothingToPay: 'El plan DIY es gratis: no hay que agregar un método de pago.',
  alreadyCancelled: 'Esta suscripción ya está cancelada.',
  invalidAccessCode: 'El código de acceso no es válido',
};

/** What `API_MESSAGES.notFound` names, in Spanish with its article. */
export const NOT_FOUND_WORDS_ES: Record<string, string> = {
  Record: 'el registro',
  Account: 'la cuenta',
  Application: 'la solicitud',
  'Checkout session': 'la sesión de pago',
  Document: 'el documento',
  Job: 'el trabajo',
  Patient: 'al paciente',
  Program: 'el programa',
  Queue: 'la cola',
  'Staff member': 'al miembro del personal',
  Submission: 'el envío',
  Subscription: 'la suscripción',
  Doctor: 'al médico',
  Prescription: 'la receta',
  Insurance: 'el seguro médico',
};
