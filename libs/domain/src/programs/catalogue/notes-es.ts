// RxBridge's own notes on each program of the catalogue, in Spanish (docs/product.md §20): how its income limit was
// read (incomeLimitNote), its residency rule as we shortened it (residency.description) and the condition of each
// insurance rule that has one, said in the words of docs/spanish-glossary.md (usted). Pure data, keyed by program id.
// Amounts, percentages and dates are the English note's; words in quotation marks are the sponsor's own and stay in
// English. A program whose English note changes needs its Spanish one changed here (program-notes.spec.ts).
// Programs from GSK to ViiV are in notes-es-g-to-z.ts, so that neither file grows past 300 lines.
import type { ProgramInsuranceRules } from '../types';
import { PROGRAM_NOTES_ES_G_TO_Z } from './notes-es-g-to-z';

export interface ProgramNotesEs {
  incomeLimitNote: string;
  residency: string;
  /** One for each insurance rule of the entry that has a condition, no more. */
  conditions?: Partial<Record<keyof ProgramInsuranceRules, string>>;
}

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
const CELLTRION_GOVERNMENT =
  'Cualquier cobertura del gobierno excluye al paciente, incluidas las Partes A y B de Medicare sin la Parte D.';
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
      vaTricare: 'Cualquier cobertura del gobierno excluye al paciente.',
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
  ...PROGRAM_NOTES_ES_G_TO_Z,
};
