// RxBridge's own notes in Spanish on the programs from GSK to ViiV (docs/product.md §20), as notes-es.ts says;
// notes-es.ts holds the others and joins both into PROGRAM_NOTES_ES.
import type { ProgramNotesEs } from './notes-es';

const LIVE_IN_50_STATES_DC_OR_PR = 'Vivir en uno de los 50 estados, el Distrito de Columbia o Puerto Rico.';
const NOVO_NORDISK_RESIDENCY = 'Debe ser ciudadano(a) o residente legal de EE. UU.';
const NOVO_NORDISK_MEDICAID =
  'Las personas que califican para Medicaid o para el subsidio por bajos ingresos de Medicare deben incluir su carta ' +
  'de denegación.';
const LILLY_MEDICAID =
  'No mientras esté inscrito(a) en Medicaid, en el subsidio completo por bajos ingresos (Ayuda Adicional) o en los ' +
  'beneficios de VA.';
const LILLY_VA = 'No mientras esté inscrito(a) en los beneficios de VA; no se dice nada de TRICARE.';
const LILLY_PART_B =
  'Los pacientes de Medicare Parte B califican solo si no tienen un seguro complementario o secundario.';
const MERCK_EXCEPTION =
  'Excepción: con ingresos dentro del límite, se pueden presentar para revisión circunstancias especiales de ' +
  'dificultad económica y médica.';

export const PROGRAM_NOTES_ES_G_TO_Z: Readonly<Record<string, ProgramNotesEs>> = {
  'gsk-patient-assistance-program': {
    incomeLimitNote:
      'Listado de NeedyMeds del GSK Patient Assistance Program: ingresos iguales o inferiores al 250% de las pautas ' +
      'federales de pobreza.',
    residency: LIVE_IN_50_STATES_DC_OR_PR,
    conditions: {
      medicarePartD:
        'Los pacientes de Medicare Parte D deben demostrar, con su estado de cuenta de la Parte D (Explicación de ' +
        'Beneficios, EOB), $600 pagados en recetas en el año calendario en curso (copagos, deducibles y costos ' +
        'directos; no cuentan las primas ni los gastos de familiares); su inscripción termina el 31 de diciembre.',
      medicaid: 'No mientras reciba cobertura de medicamentos recetados a través de Medicaid.',
      commercial:
        'Los solicitantes no deben tener beneficios de medicamentos recetados de ninguna aseguradora, pagador ni ' +
        'programa.',
    },
  },
  'incytecares-patient-assistance': {
    incomeLimitNote:
      'Las páginas consultadas no publican ningún límite de ingresos para el programa de medicamento gratuito.',
    residency: 'IncyteCARES es un programa para residentes de los Estados Unidos y Puerto Rico.',
    conditions: {
      uninsured: 'Para pacientes sin cobertura de medicamentos recetados para Jakafi.',
      commercial: 'Solo cuando el seguro médico ha denegado reclamaciones de Jakafi.',
    },
  },
  'jj-patient-assistance-foundation': {
    incomeLimitNote:
      'Los requisitos de ingresos dependen del medicamento; las páginas consultadas no dan ninguna cifra para ' +
      'Stelara (las páginas de terceros no coinciden: 300% frente a 500%).',
    residency:
      'Vivir en los Estados Unidos o en un territorio de EE. UU.; recibir tratamiento ambulatorio de un médico con ' +
      'licencia en EE. UU.',
    conditions: {
      medicarePartD:
        'Debe gastar el 4% o más de sus ingresos anuales brutos en medicamentos recetados (informe de la farmacia o ' +
        'Explicación de Beneficios, EOB).',
      commercial: 'Solo cuando el seguro médico no cubre el medicamento.',
    },
  },
  'lilly-cares': {
    incomeLimitNote:
      'Los límites se publican en dólares por grupo de medicamentos. La página guardada solo muestra el Grupo 1 ' +
      '($45,180 para una persona, el 300% de las pautas federales de pobreza de 2024); los medicamentos de esta ' +
      'lista están en los Grupos 2 a 4, cuyas cifras quedaron cortadas.',
    residency: 'Residente permanente de los Estados Unidos, Puerto Rico o las Islas Vírgenes de EE. UU.',
    conditions: {
      medicarePartD:
        'Los requisitos de seguro médico varían según el grupo de medicamentos; verifique el grupo del medicamento ' +
        'recetado.',
      medicaid: LILLY_MEDICAID,
      commercial:
        'Los requisitos de seguro médico varían según el grupo de medicamentos; los planes que exigen solicitar ' +
        'Lilly Cares (programas de financiamiento alternativo) no califican.',
      vaTricare: LILLY_VA,
    },
  },
  'lilly-cares-oncology': {
    incomeLimitNote:
      'Ingresos anuales del hogar iguales o inferiores al 500% de las pautas federales de pobreza (solicitud de ' +
      'oncología).',
    residency: 'Residente permanente y legal de los Estados Unidos, Puerto Rico o las Islas Vírgenes de EE. UU.',
    conditions: {
      medicarePartD: LILLY_PART_B,
      medicaid: LILLY_MEDICAID,
      commercial: 'Solo cuando el seguro médico ha denegado una reclamación y una apelación del medicamento recetado.',
      medicareWithoutDrugs: LILLY_PART_B,
      vaTricare: LILLY_VA,
    },
  },
  'merck-patient-assistance-program': {
    incomeLimitNote:
      'Se publica en dólares: $60,240 para una persona, $81,760 para una pareja, $124,800 para una familia de 4, que ' +
      'es exactamente el 400% de las pautas federales de pobreza de 2024 del HHS; los límites de Alaska y Hawái se ' +
      'dan por teléfono.',
    residency:
      'Residir en los Estados Unidos, incluidos los territorios de EE. UU.; no se exige la ciudadanía estadounidense.',
    conditions: { medicarePartD: MERCK_EXCEPTION, medicaid: MERCK_EXCEPTION, commercial: MERCK_EXCEPTION },
  },
  'novartis-patient-assistance-foundation': {
    incomeLimitNote:
      'Las páginas consultadas mencionan "income requirements" publicados en pap.novartis.com sin dar una cifra; ' +
      'guías de terceros indican el 500%, pero no se confirmaron.',
    residency: 'Residir en los Estados Unidos.',
    conditions: {
      commercial: 'La fundación ayuda a pacientes sin seguro médico y a pacientes con seguro insuficiente.',
    },
  },
  'novo-nordisk-pap': {
    incomeLimitNote:
      'La página de NovoCare de 2026 pide unos ingresos del hogar "that qualifies" y remite a NeedyMeds sin dar un ' +
      'porcentaje (solo menciona el 200% para pacientes de Ozempic sin seguro médico; vea novo-nordisk-pap-ozempic). ' +
      'Un listado más antiguo y sin fecha decía 400%; la página actual no lo confirma.',
    residency: NOVO_NORDISK_RESIDENCY,
    conditions: {
      medicarePartD:
        'La página tiene reglas aparte "For Medicare patients on Novo Nordisk insulins" que la copia guardada corta; ' +
        'confirme con NovoCare antes de presentar la solicitud.',
      medicaid: NOVO_NORDISK_MEDICAID,
    },
  },
  'novo-nordisk-pap-ozempic': {
    incomeLimitNote:
      'Pacientes de Ozempic sin seguro médico: ingresos del hogar iguales o inferiores al 200% de las pautas ' +
      'federales de pobreza.',
    residency: NOVO_NORDISK_RESIDENCY,
    conditions: {
      medicarePartD:
        'Los beneficiarios de Medicare con cobertura de la Parte D ya no califican para recibir Ozempic a través del ' +
        'programa.',
      medicaid: NOVO_NORDISK_MEDICAID,
    },
  },
  'pfizer-rxpathways': {
    incomeLimitNote:
      '"Your annual household pre-tax income cannot exceed 300% of the Federal Poverty Level, adjusted for household ' +
      'size" (página de Pfizer para pacientes; todos los productos desde 2024). Los pacientes ya inscritos con ' +
      'ingresos más altos pueden reinscribirse según las reglas de transición de la actualización de 2024.',
    residency:
      'Residente de los Estados Unidos o de un territorio de EE. UU. que cubre el programa (Puerto Rico, Islas ' +
      'Vírgenes de EE. UU., Guam).',
    conditions: {
      medicarePartD:
        'Inscribirse primero en el Plan de Pagos de Medicamentos Recetados de Medicare y enviar un comprobante, no ' +
        'haber alcanzado todavía el máximo anual de gastos de bolsillo, declarar que no puede pagar el copago y ' +
        'presentar primero una solicitud a las fundaciones benéficas independientes abiertas para el diagnóstico.',
      medicaid: 'Para los pacientes con seguro médico del gobierno, el requisito es no poder pagar su copago.',
      commercial:
        'Los pacientes con seguro médico comercial (por medio de un empleo o de un plan para empleados federales) no ' +
        'califican.',
    },
  },
  'sanofi-patient-connection': {
    incomeLimitNote: 'Ingresos anuales del hogar del 400% de las pautas federales de pobreza vigentes.',
    residency:
      'Residente de EE. UU. o de los territorios de EE. UU., bajo el cuidado de un proveedor de salud con licencia en ' +
      'EE. UU.',
    conditions: {
      medicarePartD:
        'También debe haber gastado al menos el 2% de los ingresos anuales del hogar este año calendario en recetas ' +
        'cubiertas por el plan de la Parte D.',
      medicaid:
        'Toda persona que pueda calificar para Medicaid debe presentar una denegación de Medicaid antes de que se ' +
        'evalúe su caso.',
      commercial: 'Solo cuando el seguro médico no da acceso al producto recetado.',
    },
  },
  'sanofi-aubagio-pap': {
    incomeLimitNote:
      'Ingresos del hogar iguales o inferiores a $100,000 o al 500% de las pautas federales de pobreza, lo que sea ' +
      'mayor; un solo porcentaje rechazaría a hogares pequeños con menos de $100,000, así que se deja para revisión.',
    residency: 'Residente de EE. UU. con una dirección válida.',
    conditions: {
      medicarePartD:
        'Solo cuando el plan de la Parte D no cubre Aubagio; la inscripción dura el resto del año calendario.',
      commercial: 'Solo con un seguro médico que no tenga beneficio de cobertura de medicamentos.',
    },
  },
  'viiv-healthcare-pap': {
    incomeLimitNote:
      'Ingresos del hogar iguales o inferiores al 500% de las pautas federales de pobreza según el número de ' +
      'personas en el hogar.',
    residency: LIVE_IN_50_STATES_DC_OR_PR,
    conditions: {
      medicarePartD: 'Debe haber gastado $600 o más de su bolsillo en recetas este año calendario.',
      medicaid: 'Los solicitantes no deben calificar para Medicaid.',
      medicareWithoutDrugs:
        'Los pacientes de Medicare Parte B deben haber gastado $600 o más de su bolsillo en recetas este año calendario.',
      commercial:
        'Excepción: planes privados limitados a cobertura solo de genéricos o solo de uso ambulatorio, o que excluyen ' +
        'la clase del medicamento.',
    },
  },
};
