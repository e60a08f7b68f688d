// The eligibility reasons in Spanish (docs/product.md, Languages; terms from docs/spanish-glossary.md). Typed by the
// English phrasebook: a sentence without its Spanish twin does not compile.
import type { Reasons } from './reasons';

/** "personas con {cobertura}", or "personas sin ..." for a coverage that is itself an absence ("sin cobertura ..."). */
const personasCon = (who: string) => (who.startsWith('sin ') ? `personas ${who}` : `personas con ${who}`);

export const REASONS_ES: Reasons = {
  coverage: {
    NONE: 'sin cobertura de medicamentos',
    EMPLOYER: 'seguro médico del empleador',
    MARKETPLACE: 'seguro médico del Mercado de seguros',
    MEDICARE_PART_D: 'un plan de Medicare Parte D',
    MEDICARE_ADVANTAGE_WITH_DRUGS: 'un plan Medicare Advantage con cobertura de medicamentos',
    MEDICARE_WITHOUT_DRUGS: 'Medicare sin cobertura de medicamentos',
    MEDICAID: 'Medicaid',
    VA_TRICARE: 'cobertura de VA o TRICARE',
    INDIAN_HEALTH_SERVICE: 'cobertura del Servicio de Salud Indígena',
    OTHER: 'otro tipo de plan',
  },
  inUs: (state, rule) => `${state} está en los Estados Unidos (regla del programa: ${rule})`,
  territoryUnknown: (state, rule) =>
    `El programa no dice si los residentes de ${state} pueden presentar una solicitud (regla del programa: ${rule})`,
  territoryAccepted: (state) => `Este programa acepta a residentes de ${state}.`,
  territoryNotListed: (state, rule) =>
    `Este programa no incluye ${state} entre los lugares que atiende (regla del programa: ${rule})`,
  territoryCheck: (state) => `Verifique si los residentes de ${state} pueden solicitar este programa.`,
  outsideRequired: (state) =>
    `"${state}" no es un estado de EE. UU., DC ni un territorio, y este programa exige residir en EE. UU.`,
  outsideUnknown: (state) =>
    `"${state}" no es un estado de EE. UU., DC ni un territorio; no se conoce la regla de residencia del programa.`,
  outsideUs: 'Los ingresos no se pueden comparar con las pautas federales de pobreza fuera de EE. UU.',
  people: (count) => `${count} ${count === 1 ? 'persona' : 'personas'}`,
  share: (percent, year) => `Los ingresos del hogar son el ${percent}% de las pautas federales de pobreza de ${year}`,
  shareFor: (share, people, state) => `${share} para ${people} en ${state}`,
  noLimit: (share, note) =>
    `${share}; este programa no publica un límite de ingresos que hayamos podido verificar (${note})`,
  dollarsNotFor: (people, note) =>
    `Este programa publica su límite de ingresos en dólares, pero no para ${people} (${note})`,
  dollarsNotInState: (state, note) =>
    `Los límites de ingresos en dólares de este programa no son para ${state}: el programa da el límite de ese ` +
    `estado por teléfono, y un(a) navegador(a) de atención debe llamar para pedirlo (${note})`,
  dollarShare: (people) => `El límite de este programa para ${people} se publica en dólares`,
  limitPercent: (share, percent, max) => `${share}; el límite de este programa es ${percent} (${max} al año)`,
  limitDollars: (share, max) => `${share}: ${max} al año`,
  within: (lead) => `${lead}, así que sus ingresos están dentro del límite.`,
  above: (lead, income) => `${lead}, y ${income} supera ese límite.`,
  peopleWith: (what) => `personas con ${what}`,
  uninsured: 'personas sin seguro médico',
  noDrugCoverage: 'personas sin cobertura de medicamentos',
  medicarePartD: 'personas con Medicare Parte D',
  medicaid: 'personas con Medicaid',
  employerInsurance: 'seguro médico del empleador',
  marketplaceInsurance: 'seguro médico del Mercado de seguros',
  commercialInsurance: 'seguro médico comercial',
  healthShare:
    'Un programa de costos compartidos de salud (health share) no es un seguro médico; un(a) navegador(a) de atención debe verificar cómo lo trata este programa.',
  noRuleForKind:
    'El programa no publica una regla para este tipo de cobertura; un(a) navegador(a) de atención debe verificarlo.',
  medicareWithoutDrugs: (reason) =>
    `Medicare sin un plan de medicamentos cuenta como no tener cobertura de medicamentos. ${reason}`,
  noRuleFor: (who) => `El programa no publica una regla para ${who}; un(a) navegador(a) de atención debe verificarlo.`,
  ruleUnknown: (who, condition) => `No se conoce la regla del programa para ${who}.${condition}`,
  notAccepted: (who, condition) => `Este programa no acepta a ${who}.${condition}`,
  onCondition: (who, condition) =>
    `Este programa acepta a ${who} solo con una condición que hay que verificar:${condition}`,
  accepted: (who) => `Este programa acepta a ${who}.`,
  payAsLittleAs: (amount) => `pague tan solo ${amount} por surtido`,
  upTo: (amount) => `hasta ${amount} al año`,
  cardTerms: (terms) => `Condiciones de la tarjeta: ${terms}`,
  copayFederal: (who) =>
    `La tarjeta de copago de un fabricante no se puede usar con ${who}: la ley federal contra sobornos (anti-kickback) lo prohíbe con Medicare, ` +
    'Medicaid, VA/TRICARE y el Servicio de Salud Indígena.',
  copayFor: (who) => `Esta tarjeta es para ${personasCon(who)}.`,
  copayTermsEnded: (day) =>
    `Las condiciones de la tarjeta que pudimos leer terminaron el ${day} y no encontramos otras más recientes: confirme con el fabricante que sigue vigente.`,
  copayNotFor: (who) =>
    `Esta tarjeta reduce lo que queda por pagar con un plan del empleador o del Mercado de seguros; no es para ${personasCon(who)}.`,
  fundOpen: (day) => `El fondo estaba abierto la última vez que lo revisamos, el ${day}.`,
  fundWaitlist: (day) =>
    `El fondo tenía una lista de espera la última vez que lo revisamos, el ${day}; inscríbase en ella y vuelva a revisar.`,
  fundClosed: (day) => `El fondo estaba cerrado la última vez que lo revisamos, el ${day}.`,
  fundDiagnosis: (fund) => `Este fondo es para ${fund}: verifique que ese sea el diagnóstico que trata su medicamento.`,
  fundNotFor: (who) => `Este fondo no es para ${personasCon(who)}: su página lo limita a pacientes de Medicare.`,
  fundsNotFor: (funds, who) =>
    funds.length === 1
      ? `Su fondo ${funds[0]} no es para ${personasCon(who)}: la página del fondo lo limita a pacientes de Medicare.`
      : `Sus fondos ${funds.join(', ')} no son para ${personasCon(who)}: sus páginas los limitan a pacientes de Medicare.`,
  fundWithoutCoverage:
    'Los fondos como este pagan la parte que deja un plan de medicamentos; sin cobertura de medicamentos, revise las reglas del fondo.',
  thisFund: 'este fondo',
  extraHelp: 'Ayuda Adicional',
  routeNoLimit: (share, what) => `${share}; ${what} no publica un límite de ingresos que hayamos podido verificar.`,
  routeLimit: (share, what, limit, max) => `${share}; el límite de ${what} es ${limit}% (${max} al año)`,
  extraHelpTerritory:
    'La Ayuda Adicional no se ofrece en los territorios de EE. UU.; consulte en la oficina de Medicaid de su territorio.',
  extraHelpResources: 'El Seguro Social también revisa sus ahorros y otros recursos antes de decidir.',
  paidOutOfPocket: (amount) => `Este año pagó ${amount} de su bolsillo; el plan reparte lo que queda.`,
  paymentPlan: (who) =>
    `Cualquier persona con ${who} puede repartir los costos de medicamentos que paga de su bolsillo este año en ` +
    'facturas mensuales; no los reduce. Pida a su plan que lo inscriba.',
  severalPrograms: (programs) =>
    `Varios programas cubren este medicamento: ${programs}. Su navegador(a) de atención elegirá a cuál presentar la solicitud.`,
  noFacts: 'Agregue el número de personas en su hogar y sus ingresos anuales para ver si probablemente califica.',
  notListed: (entry, medication) => `${entry} no incluye ${medication}; verifique que lo cubra.`,
};
