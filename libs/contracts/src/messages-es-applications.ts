import type { APPLICATION_MESSAGES } from './applications';
import type { Twin } from './localize';
import type { PRESCRIBER_MESSAGES } from './prescriber';
import type { PRESCRIPTION_MESSAGES, RECORD_MESSAGES } from './records';
import type { SIGNATURE_MESSAGES, SUBMISSION_MESSAGES } from './signatures';

// The Spanish of the record, application, signature and submission texts (docs/product.md, Languages;
// docs/spanish-glossary.md).
export const RECORD_MESSAGES_ES: Twin<typeof RECORD_MESSAGES> = {
  tooManyUploads: 'Subió muchos documentos en la última hora. Espere un rato antes de subir más.',
  storageQuotaReached:
    'Sus documentos llegaron al límite de almacenamiento. Borre un documento que ya no necesite antes de subir otro.',
  chooseOwnDoctor: 'Elija uno de sus médicos',
  atLeastOneDoctor: 'Agregue al menos un médico',
  atLeastOnePrescription: 'Agregue al menos una receta',
  tooManyRows: (max) => `Se pueden guardar como máximo ${max} filas a la vez`,
  tooManyPrescriptions: (max) =>
    `Un plan cubre como máximo ${max} recetas. Borre una que ya no use antes de agregar otra.`,
  doctorsAsList: 'Envíe los médicos como una lista',
  prescriptionsAsList: 'Envíe las recetas como una lista',
  emptyFile: 'El archivo elegido está vacío. Elija otro archivo.',
  oneFileOnly: 'Envíe un solo archivo, en el campo llamado "document"',
  documentLinkExpired: 'Este enlace al documento venció. Abra el documento de nuevo desde su lista de documentos.',
  documentLinkInvalid:
    'Este enlace al documento no es válido. Abra el documento de nuevo desde su lista de documentos.',
  storageUnavailable:
    'No pudimos guardar su documento en este momento. No se guardó nada; vuelva a intentarlo en unos minutos.',
  documentBeingAttached: 'Este documento se está adjuntando a una solicitud. Intente borrarlo de nuevo.',
};

export const PRESCRIPTION_MESSAGES_ES: Twin<typeof PRESCRIPTION_MESSAGES> = {
  diagnosis: 'El diagnóstico debe ser un código ICD-10, por ejemplo E11.9',
  quantity: 'La cantidad debe ser un número entero del 1 al 10,000',
  daysSupply: 'Los días de suministro deben ser un número entero de días del 1 al 365',
};

export const APPLICATION_MESSAGES_ES: Twin<typeof APPLICATION_MESSAGES> = {
  noteRequired: 'Agregue una nota que diga por qué cambia la solicitud',
  chooseState: 'Elija el estado al que pasa la solicitud',
  chooseOwnDocument: 'Elija uno de los documentos que subió',
  chooseDocumentKind: 'Elija a qué punto de la lista corresponde este documento',
  chooseDocumentStatus: 'Elija MISSING o RECEIVED',
  applicationClosed: (label) =>
    `Esta solicitud está ${label.toLowerCase()}: su lista de documentos ya no puede cambiar.`,
  kindNotNeeded: (label) => `${label} no está en la lista de documentos de esta solicitud.`,
  documentKindUnknown: (kinds) => `kind debe ser uno de ${kinds}`,
  itemChanged: (label, now) =>
    `${label} cambió desde que lo miró: ${{ MISSING: 'ahora falta', RECEIVED: 'ahora está recibido', ABSENT: 'ya no está en la lista' }[now]}. Vuelva a mirar la lista antes de marcarlo.`,
  stale: (label, by) => `${by} pasó esta solicitud a ${label}. Actualice la página para ver su estado actual.`,
};

export const SIGNATURE_MESSAGES_ES: Twin<typeof SIGNATURE_MESSAGES> = {
  nameRequired: 'Escriba su nombre completo para firmar',
  nameMismatch: 'Escriba su propio nombre y apellido tal como aparecen en su perfil',
  attestRequired: 'Confirme que los datos de su solicitud son verdaderos',
  hipaaRequired: 'Autorice que se entregue su información de salud al programa',
  signed: 'Gracias: registramos su firma',
  closed: (label) => `Esta solicitud está ${label.toLowerCase()}: ya no se puede firmar.`,
  notCurrent: 'La firma ya no está vigente: hay que firmar de nuevo',
  chooseShipTo: 'Elija adónde se debe enviar el medicamento',
  shipToNotOffered: 'Este programa no hace envíos allí: elija uno de los lugares que ofrece',
  shipToSaved: 'Guardamos su elección de envío',
  noPacket: (name) => `Usted se inscribe en ${name} en la página de quien lo ofrece: aquí no hay nada que firmar.`,
  packetClosed: (label) => `Una solicitud en ${label} ya no se puede firmar ni cambiar.`,
};

export const SUBMISSION_MESSAGES_ES: Twin<typeof SUBMISSION_MESSAGES> = {
  chooseChannel: 'Elija FAX o PORTAL',
  referenceRequired: 'Escriba la referencia que dio el portal del programa',
  noFax: 'Este programa no publica un número de fax: envíela en su portal o por correo postal',
  incomplete: 'El paquete de solicitud todavía no está completo',
  alreadySent: 'Esta solicitud ya fue enviada al programa',
  cannotSubmit: (label) => `Una solicitud en ${label} no se puede enviar al programa.`,
  queued: 'Enviando al programa',
  recorded: 'Registramos el envío por el portal',
  notFailed: 'Solo se puede volver a enviar un fax que falló',
  notLatest: 'Esta solicitud tiene un envío más reciente: solo el último se puede volver a enviar',
  programChanged: 'El programa de la solicitud cambió después de este fax: envíe el paquete de nuevo a su programa',
  faxNotSentClosed: (label) => `No se envió: la solicitud ahora está en ${label}.`,
  faxNotSentProgram: 'No se envió: el programa de la solicitud cambió después de poner el fax en cola.',
  faxNotSentIncomplete:
    'No se envió: al paquete ya le faltaba algo (vea qué falta). Envíelo de nuevo cuando esté completo.',
  faxNotSentUnreadable: (title) =>
    `No se envió: ${title} no se pudo convertir en páginas de fax (un archivo dañado o protegido con contraseña). Se le pide al paciente que lo suba de nuevo como PDF, JPEG o PNG: vuelva a enviarlo cuando lo haya hecho.`,
  cannotBeFaxed: (title) => `${title} no se puede enviar por fax: pida al paciente que lo suba como PDF, JPEG o PNG`,
  sentByFax: (program, number) => `Enviada a ${program} por fax (${number})`,
  submittedInPortal: (program, reference) => `Enviada en el portal de ${program} (ref. ${reference})`,
  noPacket: (name) =>
    `No se envía ningún paquete a ${name}: el paciente se inscribe en la página de quien lo ofrece, así que aquí no se firma ni se envía nada.`,
};

export const PRESCRIBER_MESSAGES_ES: Twin<typeof PRESCRIBER_MESSAGES> = {
  requested: (email) => `Enviamos la solicitud de firma a ${email}`,
  signed: 'Gracias: registramos su firma',
  tokenRequired: 'El enlace para firmar está incompleto. Abra de nuevo el enlace del correo.',
  linkGone:
    'Este enlace para firmar venció o ya se usó. Pida un enlace nuevo al navegador(a) de atención del paciente.',
  nameRequired: 'Escriba su nombre completo',
  npiRequired: 'Escriba su NPI de 10 dígitos',
  badNpi: (npi) => `El NPI ${npi} no es un identificador nacional de proveedor (NPI) válido: revise el número.`,
  attestRequired: 'Confirme la declaración para firmar',
  closed: (label) => `Esta solicitud está ${label.toLowerCase()}: ya no necesita la firma del médico que receta.`,
  packetClosed: (label) => `Una solicitud en ${label} no necesita ahora la firma del médico que receta.`,
  factsChanged:
    'La solicitud cambió desde que esta página la mostró. Se muestran de nuevo sus datos: revíselos, y el paquete, antes de firmar.',
  dateOfBirthRequired: 'Escriba la fecha de nacimiento del paciente (AAAA-MM-DD)',
  dateOfBirthMismatch:
    'Esta fecha de nacimiento no coincide con la del paciente. Revísela en el expediente del paciente: después de 5 respuestas incorrectas, el enlace deja de funcionar.',
  npiMismatch: (npi) =>
    `El NPI ${npi} no es el NPI del médico que receta registrado para esta receta. Si el médico registrado no es correcto, el navegador(a) de atención del paciente puede corregirlo.`,
  licenseNumberRequired: 'Escriba su número de licencia estatal',
  licenseStateRequired: 'Elija el estado que emitió su licencia',
  deaRequired: 'Escriba su número DEA',
  badDea: (dea) =>
    `El número DEA ${dea} no es válido: tiene dos letras y siete dígitos, y el último es su dígito de control.`,
  taxIdRequired: 'Escriba su número de identificación fiscal (EIN: 9 dígitos)',
};

/** An application's state labels (as the screens show them: records.json) and who moved it, as the texts above carry them. */
export const APPLICATION_WORDS_ES: Record<string, string> = {
  Intake: 'Inicio',
  'Awaiting documents': 'Esperando documentos',
  'Awaiting prescriber': 'Esperando al médico que receta',
  Submitted: 'Enviada al programa',
  'Info requested': 'Información solicitada',
  Approved: 'Aprobada',
  Denied: 'Denegada',
  'Shipment scheduled': 'Envío programado',
  Delivered: 'Medicamento entregado',
  'Refill due': 'Resurtido pendiente',
  'Renewal due': 'Renovación pendiente',
  Closed: 'Cerrada',
  Cancelled: 'Cancelada',
  'someone else': 'Otra persona',
  'the system': 'El sistema',
};
