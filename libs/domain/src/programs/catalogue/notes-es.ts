// RxBridge's own notes on each program of the catalogue, in Spanish (docs/product.md §20): how its income limit was
// read (incomeLimitNote), its residency rule as we shortened it (residency.description) and the condition of each
// insurance rule that has one, said in the words of docs/spanish-glossary.md (usted). Pure data, keyed by program id.
// Amounts, percentages and dates are the English note's; words in quotation marks are the sponsor's own and stay in
// English. A program whose English note changes needs its Spanish one changed here (program-notes.spec.ts).
import type { ProgramInsuranceRules } from '../types';

export interface ProgramNotesEs {
  incomeLimitNote: string;
  residency: string;
  /** One for each insurance rule of the entry that has a condition, no more. */
  conditions?: Partial<Record<keyof ProgramInsuranceRules, string>>;
}

const LIVE_IN_50_STATES_DC_OR_PR = 'Vivir en uno de los 50 estados, el Distrito de Columbia o Puerto Rico.';
const GILEAD: ProgramNotesEs = {
  incomeLimitNote:
    'Las preguntas frecuentes de Gilead no dan ninguna cifra de ingresos. Una guía de terceros indica el 500% de las ' +
    'pautas federales de pobreza, pero sus cifras en dólares son el 500% de las pautas de 2024 aunque dice que son de ' +
    '2025, así que no nos basamos en ella.',
  residency:
    'Residente de los Estados Unidos, Puerto Rico o los territorios de EE. UU.; es posible que se pida un comprobante ' +
    'de residencia.',
  conditions: {
    medicaid:
      'Es posible que las personas que califican para Medicaid o para el Programa de Asistencia de Medicamentos para ' +
      'el SIDA (ADAP) no puedan reinscribirse.',
    commercial: 'A los pacientes con seguro médico comercial se les remite al programa de copago.',
  },
};
const NOVO_NORDISK_RESIDENCY = 'Debe ser ciudadano(a) o residente legal de EE. UU.';
const NOVO_NORDISK_MEDICAID =
  'Las personas que califican para Medicaid o para el subsidio por bajos ingresos de Medicare deben incluir su carta ' +
  'de denegación.';
const LILLY_MEDICAID =
  'No mientras esté inscrito(a) en Medicaid, en el subsidio completo por bajos ingresos (Ayuda Adicional) o en los ' +
  'beneficios de VA.';
const LILLY_PART_B =
  'Los pacientes de Medicare Parte B califican solo si no tienen un seguro complementario o secundario.';
const CELLTRION_GOVERNMENT =
  'Cualquier cobertura del gobierno excluye al paciente, incluidas las Partes A y B de Medicare sin la Parte D.';
const MERCK_EXCEPTION =
  'Excepción: con ingresos dentro del límite, se pueden presentar para revisión circunstancias especiales de ' +
  'dificultad económica y médica.';
const BI_CARES_COVERAGE =
  'Solo si la cobertura no alcanza para obtener el medicamento y no hay otra cobertura ni otra fuente de financiamiento.';

export const PROGRAM_NOTES_ES: Readonly<Record<string, ProgramNotesEs>> = {
  'abbvie-myabbvie-assist': {
    incomeLimitNote:
      'Se publica en dólares: $90,360 para una persona, $122,640 para dos, $154,920 para tres, $187,200 para cuatro, ' +
      'más $32,280 por cada persona adicional, que es exactamente el 600% de las pautas federales de pobreza de 2024 ' +
      'del HHS ($15,060 + $5,380 por persona).',
    residency: 'Humira: Estados Unidos y Puerto Rico; todos los demás programas de AbbVie: solo Estados Unidos.',
    conditions: {
      medicarePartD:
        'A los pacientes con seguro médico se les evalúa según su cobertura, los ingresos del hogar y sus gastos ' +
        'médicos de bolsillo.',
      commercial:
        'Se evalúa según la cobertura, los ingresos y los gastos de bolsillo; los planes que exigen solicitar ' +
        'myAbbVie Assist (programas de financiamiento alternativo) no califican.',
    },
  },
  'amgen-safety-net-foundation': {
    incomeLimitNote:
      'La hoja informativa de Amgen para proveedores de salud da cifras en dólares: desde $60,300 para una persona ' +
      'hasta $123,000 para cuatro, más $20,900 por cada persona adicional, que es exactamente el 500% de las pautas ' +
      'federales de pobreza de 2017 del HHS ($12,060 + $4,180 por persona); es una hoja antigua, pero una guía de ' +
      'terceros de 2026 también indica el 500% de las pautas federales de pobreza.',
    residency: 'Residente de EE. UU. o de sus territorios; solo para uso ambulatorio.',
    conditions: {
      commercial:
        'Pacientes sin cobertura de medicamentos o con cobertura limitada, y sin otras opciones de seguro médico ni ' +
        'de ayuda económica.',
    },
  },
  'az-and-me': {
    incomeLimitNote:
      'Se publica en cantidades fijas en dólares ($35,000 para una persona, $48,000 para dos) en una copia antigua de ' +
      'la página, no como un porcentaje de las pautas federales de pobreza; los productos de especialidad y de ' +
      'oncología tienen límites distintos.',
    residency:
      'Residente de EE. UU., o titular de una visa de trabajo o de una tarjeta de residencia permanente (green card).',
    conditions: {
      medicarePartD:
        'Debe haber gastado al menos el 3% de los ingresos del hogar en recetas a través del plan de la Parte D este ' +
        'año, y no calificar para el subsidio por bajos ingresos ni estar inscrito(a) en él.',
      medicaid: 'No mientras reciba cobertura de medicamentos recetados de un programa del gobierno.',
      commercial: 'No mientras reciba cobertura de medicamentos recetados de un seguro médico privado.',
    },
  },
  'bayer-us-patient-assistance-foundation': {
    incomeLimitNote:
      'Bayer dice que los solicitantes deben "meet certain income limits", pero las páginas consultadas no publican ' +
      'ninguna cifra.',
    residency: 'Vivir en los Estados Unidos o en Puerto Rico.',
    conditions: { commercial: 'Solo cuando el seguro médico no cubre el medicamento de Bayer.' },
  },
  'bi-cares-foundation': {
    incomeLimitNote: 'El formulario solo dice "meet household income guidelines established by BI Cares".',
    residency: 'Residente con una dirección física en los Estados Unidos o en un territorio de EE. UU.',
    conditions: { medicarePartD: BI_CARES_COVERAGE, commercial: BI_CARES_COVERAGE },
  },
  'bms-patient-assistance-foundation': {
    incomeLimitNote:
      'Eliquis y Orencia: ingresos iguales o inferiores a $45,180 para una persona y a $61,320 para dos, que es ' +
      'exactamente el 300% de las pautas federales de pobreza de 2024 del HHS ($15,060; $20,440). Los medicamentos ' +
      'de BMS contra el cáncer y algunos otros tienen límites más altos.',
    residency:
      'Vivir en los Estados Unidos o en un territorio de EE. UU. (Puerto Rico, Islas Vírgenes de EE. UU., Guam, ' +
      'Samoa Americana, Islas Marianas del Norte: comuníquese con BMSPAF), y recibir tratamiento ambulatorio de un ' +
      'médico que receta con licencia en EE. UU.',
    conditions: {
      medicarePartD:
        'Las personas inscritas en la Parte D deben haber gastado al menos el 3% de sus ingresos anuales en recetas ' +
        'este año; las personas de 65 años o más deben demostrar que no califican para el subsidio por bajos ' +
        'ingresos (Ayuda Adicional).',
      commercial: 'Solo cuando el plan no cubre el medicamento o ha denegado su cobertura.',
    },
  },
  'celltrion-connect-pap': {
    incomeLimitNote: 'Ingresos anuales ajustados del hogar por debajo del 400% de las pautas federales de pobreza.',
    residency:
      'Una dirección válida en los Estados Unidos o en Puerto Rico; el medicamento se envía y se administra allí.',
    conditions: {
      uninsured:
        'Debe haber intentado todas las demás opciones de seguro médico (privado, Medicaid, Medicare, programas ' +
        'estatales y para veteranos).',
      medicarePartD: CELLTRION_GOVERNMENT,
      medicaid: 'Cualquier cobertura del gobierno excluye al paciente.',
      commercial: 'El programa es solo para pacientes sin seguro médico.',
      medicareWithoutDrugs: CELLTRION_GOVERNMENT,
    },
  },
  'coherus-patient-assistance-program': {
    incomeLimitNote:
      'Ingresos anuales ajustados del hogar iguales o inferiores al 500% de las pautas federales de pobreza.',
    residency:
      'Residente de cualquier estado de EE. UU., con tratamiento ambulatorio en un consultorio establecido en EE. UU.',
    conditions: {
      medicarePartD:
        'Los pacientes de Medicare Parte D y de Medicare Advantage no califican; los pacientes de Medicare ' +
        'tradicional de pago por servicio que demuestren dificultades económicas (con una declaración del proveedor ' +
        'de salud) podrían calificar.',
      medicaid:
        'Quedan excluidos Medicaid de pago por servicio y Medicaid de atención administrada, VA, el Departamento de ' +
        'Defensa (DoD) y TRICARE.',
      commercial:
        'Solo con un seguro médico funcionalmente insuficiente, según lo define el programa, y sin otra ayuda ' +
        'económica.',
      medicareWithoutDrugs:
        'Los pacientes de Medicare tradicional de pago por servicio que demuestren dificultades económicas (con una ' +
        'declaración del proveedor de salud) podrían calificar.',
      vaTricare: 'El programa excluye la cobertura de VA, del Departamento de Defensa (DoD) y de TRICARE.',
    },
  },
  'exelixis-access-services': {
    incomeLimitNote:
      'Medicamento sin costo para pacientes sin seguro médico "that meet certain financial criteria"; no se da ' +
      'ninguna cifra.',
    residency: 'El anuncio no indica una regla de residencia.',
    conditions: {
      uninsured: 'Debe cumplir los criterios económicos del programa.',
      commercial:
        'A los pacientes con seguro médico comercial se les ofrece ayuda con el copago en lugar de medicamento ' +
        'gratuito.',
    },
  },
  'genentech-patient-foundation': {
    incomeLimitNote:
      'Se publica en dólares, no como un porcentaje de las pautas federales de pobreza: ingreso bruto ajustado del ' +
      'hogar inferior a $100,000, o inferior a $150,000 cuando el paciente gasta el 5% o más de ese ingreso en el ' +
      'medicamento de Genentech.',
    residency: 'Las páginas consultadas no indican una regla de residencia.',
    conditions: {
      uninsured: 'Los pacientes sin seguro médico deben cumplir otros criterios económicos.',
      medicarePartD:
        'Los pacientes con seguro médico deben haber agotado antes otras ayudas (el programa de copago y las ' +
        'fundaciones benéficas independientes de copago); las páginas consultadas no dicen cómo se trata Medicare ' +
        'Parte D.',
      commercial:
        'Solo después de agotar otras formas de asistencia al paciente (el programa de copago y las fundaciones ' +
        'benéficas independientes de copago) y de cumplir los criterios económicos.',
    },
  },
  'gilead-advancing-access-pap': GILEAD,
  'gilead-advancing-access-map': GILEAD,
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
      commercial:
        'Excepción: planes privados limitados a cobertura solo de genéricos o solo de uso ambulatorio, o que excluyen ' +
        'la clase del medicamento.',
    },
  },
};
