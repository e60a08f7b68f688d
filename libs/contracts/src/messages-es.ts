import { API_MESSAGES } from './api-messages';
import { APPLICATION_MESSAGES } from './applications';
import { COVERAGE_MESSAGES } from './coverage';
import { ELIGIBILITY_MESSAGES } from './eligibility';
import { FIELD_MESSAGES } from './field-messages';
import { makeLocalizer, type Twin } from './localize';
import { MESSAGES } from './messages';
import { API_MESSAGES_ES, NOT_FOUND_WORDS_ES } from './messages-es-api';
import {
  APPLICATION_MESSAGES_ES,
  APPLICATION_WORDS_ES,
  PRESCRIBER_MESSAGES_ES,
  PRESCRIPTION_MESSAGES_ES,
  RECORD_MESSAGES_ES,
  SIGNATURE_MESSAGES_ES,
  SUBMISSION_MESSAGES_ES,
} from './messages-es-applications';
import { FIELD_MESSAGES_ES, FIELD_WORDS_ES } from './messages-es-fields';
import { COVERAGE_MESSAGES_ES, ELIGIBILITY_MESSAGES_ES, ROUTE_MESSAGES_ES } from './messages-es-programs';
import { PRESCRIBER_MESSAGES } from './prescriber';
import { PRESCRIPTION_MESSAGES, RECORD_MESSAGES } from './records';
import { ROUTE_MESSAGES } from './routes';
import { SIGNATURE_MESSAGES, SUBMISSION_MESSAGES } from './signatures';

// The Spanish of every shared message (docs/product.md, Languages; terms from docs/spanish-glossary.md).
// Typed by MESSAGES' keys: a message without its Spanish twin does not compile.
export const MESSAGES_ES: Twin<typeof MESSAGES> = {
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  passwordRule:
    'La contraseña debe tener al menos 8 caracteres e incluir una letra mayúscula, una minúscula, un número y un carácter especial (@$!%*?&)',
  invalidPhone: 'Escriba un número de teléfono válido',
  invalidEmail: 'Escriba un correo electrónico válido',
  invalidState: 'Elija un estado de EE. UU., DC o un territorio (código de dos letras)',
  invalidZip: 'Escriba un código postal (ZIP) de 5 dígitos',
  invalidDateOfBirth: 'Escriba una fecha de nacimiento válida (AAAA-MM-DD) en el pasado',
  termsRequired: 'Acepte los Términos del servicio y la Política de privacidad',
  selectPlan: 'Elija un plan para continuar.',
  doctorIncomplete:
    'Complete todos los campos obligatorios (nombre, apellido, dirección) o borre el formulario para continuar.',
  doctorMissingFields: 'Complete todos los campos obligatorios de este médico.',
  prescriptionMissingFields: 'Complete todos los campos obligatorios de esta receta.',
  insuranceProviderRequired: 'Elija una compañía de seguro médico.',
  noChanges: 'No hay cambios que guardar.',
  fileTooLarge: 'El archivo debe pesar menos de 10 MB',
  invalidFileType: 'Suba archivos PDF, imágenes, documentos de Word o archivos de texto',
  missingFileOrTitle: 'Elija un archivo y escriba un título',
  emailInUse: 'Ya existe una cuenta con este correo electrónico. Inicie sesión.',
  invalidCredentials: 'Credenciales no válidas',
  loginNoUser: 'No se pudo iniciar sesión: no se recibieron los datos del usuario',
  signupNoUser: 'No se pudo crear la cuenta: no se recibieron los datos del usuario',
  notAuthenticated: 'Inicie sesión para continuar',
  sessionExpired: 'Su sesión venció. Inicie sesión de nuevo.',
  forbidden: 'No tiene permiso para hacer eso',
  notFound: 'No encontrado',
  tooManyRequests: 'Demasiados intentos. Espere unos minutos y vuelva a intentarlo.',
  invalidResetCode: 'El código para restablecer la contraseña no es válido o venció. Pida un código nuevo.',
  resetCodeSent:
    'Si existe una cuenta con este correo electrónico, le enviamos un código para restablecer la contraseña.',
  resetLinkSent:
    'Si existe una cuenta con este correo electrónico, le enviamos un enlace para restablecer la contraseña.',
  passwordResetDone: 'Restablecimos su contraseña. Ya puede iniciar sesión.',
  invalidResetToken: 'El enlace para restablecer la contraseña no es válido o venció. Pida uno nuevo.',
  currentPasswordWrong: 'Su contraseña actual no es correcta',
  samePassword: 'La contraseña nueva debe ser distinta de la actual',
  passwordChanged: 'Cambiamos su contraseña',
  noVerificationToken: 'No se recibió el código de verificación del enlace',
  invalidVerificationToken: 'El enlace de verificación no es válido o venció',
  verificationTokenUsed: 'Este enlace de verificación ya se usó. Inicie sesión para ver su cuenta.',
  emailAlreadyVerified: 'Su correo electrónico ya está verificado',
  emailVerified: 'Verificamos su correo electrónico',
  verificationSent: '¡Le enviamos el correo de verificación! Revise su bandeja de entrada.',
  resendNeedsLogin: 'Inicie sesión para volver a enviar el correo de verificación',
  invalidRefreshToken: 'Su sesión ya no es válida. Inicie sesión de nuevo.',
  sessionIdle: 'Cerramos su sesión después de un tiempo sin actividad. Inicie sesión de nuevo.',
  loggedOut: 'Cerró su sesión',
  accountDisabled: 'Esta cuenta está desactivada. Pida a un administrador que la restablezca.',
  staffUpdated: 'Cuenta del personal actualizada',
  serviceUnavailable: 'El servicio no está disponible por un momento. Vuelva a intentarlo en un momento.',
  internalError: 'Algo salió mal de nuestro lado. Vuelva a intentarlo más tarde.',
};

/** A message in `language`, from every table a patient can read and its twin (docs/product.md, Languages). */
export const localizeMessage = /* @__PURE__ */ makeLocalizer(
  [
    [MESSAGES, MESSAGES_ES],
    [API_MESSAGES, API_MESSAGES_ES],
    [FIELD_MESSAGES, FIELD_MESSAGES_ES],
    [ELIGIBILITY_MESSAGES, ELIGIBILITY_MESSAGES_ES],
    [ROUTE_MESSAGES, ROUTE_MESSAGES_ES],
    [COVERAGE_MESSAGES, COVERAGE_MESSAGES_ES],
    [RECORD_MESSAGES, RECORD_MESSAGES_ES],
    [PRESCRIPTION_MESSAGES, PRESCRIPTION_MESSAGES_ES],
    [APPLICATION_MESSAGES, APPLICATION_MESSAGES_ES],
    [SIGNATURE_MESSAGES, SIGNATURE_MESSAGES_ES],
    [SUBMISSION_MESSAGES, SUBMISSION_MESSAGES_ES],
    [PRESCRIBER_MESSAGES, PRESCRIBER_MESSAGES_ES],
  ],
  [NOT_FOUND_WORDS_ES, APPLICATION_WORDS_ES, FIELD_WORDS_ES],
);
