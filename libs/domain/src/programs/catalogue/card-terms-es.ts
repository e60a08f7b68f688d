// RxBridge's shortened summary of each copay card's terms (CopayCardProgram.terms), in Spanish (docs/product.md §20),
// said in the words of docs/spanish-glossary.md (usted). Pure data, keyed by card id, as catalogue/notes-es.ts is for
// the programs' notes. Amounts, counts and dates are the English terms' (a date written "12/31/2025" in English is
// "31 de diciembre de 2025" here, as the reasons write dates); program, drug and sponsor names stay as published. A
// card whose English terms change needs its Spanish ones changed here (program-notes.spec.ts).

export const COPAY_CARD_TERMS_ES: Readonly<Record<string, string>> = {
  'abbvie-humira-complete-savings-card':
    'Pacientes con cobertura comercial de medicamentos recetados que cubra HUMIRA; no es para pacientes cuya receta ' +
    'reembolse Medicare, Medicaid, TRICARE, DoD, VA u otro programa del gobierno. Tan solo $5 al mes (la página sobre ' +
    'el seguro médico dice $0); con los planes que usan maximizadores o acumuladores de copago se puede perder la ' +
    'elegibilidad.',
  'amgen-supportplus-copay-card':
    'Pacientes con seguro médico comercial que cubra un producto de Amgen SupportPlus, sin importar su necesidad ' +
    'económica; no es válida cuando Medicare, Medicaid o cualquier otro programa federal o estatal paga alguna parte ' +
    'de la receta, ni para pacientes que pagan en efectivo. Cubre el copago, el coseguro y el deducible hasta los ' +
    'máximos del programa.',
  'gilead-advancing-access-copay-savings-program':
    'Pacientes con seguro médico comercial o privado. No es para quien tenga un programa de medicamentos recetados ' +
    'financiado por el estado o el gobierno federal, como Medicare, Medicare Parte D, Medicaid, el Federal Employees ' +
    'Health Benefits Program o VA/TRICARE. Ayuda con los costos compartidos por año calendario, sin límite mensual.',
  'incytecares-jakafi-copay-program':
    'Pacientes con cobertura privada o comercial de medicamentos recetados; no es válida para quien esté cubierto(a) ' +
    'por programas de salud financiados por el estado o el gobierno federal, ni para pacientes sin seguro médico que ' +
    'pagan en efectivo. Tan solo $25 al mes; ahorros de hasta $11,977 al mes y $25,000 al año. Estados Unidos y ' +
    'Puerto Rico.',
  'jj-stelara-savings-program':
    'Personas de 6 años o más con seguro médico comercial o privado, incluidos los planes del Mercado de seguros ' +
    'federal y de los estatales; no es para quien use Medicare, Medicaid, TRICARE, DoD o VA para pagar parte del ' +
    'costo. $5 por dosis; hay un máximo anual y las condiciones vencen cada 31 de diciembre. Sin requisito de ' +
    'ingresos; no cubre los costos de administración del tratamiento.',
  'jj-xarelto-savings-program':
    'Los pacientes elegibles con seguro médico comercial pagan $10 por receta; sin límite durante los primeros 90 ' +
    'días y, después, hasta $200 por suministro para 30 días y $3,400 por año calendario. No es válida para pacientes ' +
    'que usan Medicare, Medicaid u otros programas financiados por el gobierno para pagar sus medicamentos.',
  'lilly-insulin-value-program':
    'Cualquier persona con seguro médico comercial, o sin seguro médico, puede surtir una receta mensual de la ' +
    'mayoría de las insulinas de Lilly (todas las formulaciones de Humalog) por $35; los pacientes de Medicare, ' +
    'Medicaid y Medicare Parte D no son elegibles. EE. UU. y sus territorios; la tarjeta se obtiene del Lilly ' +
    'Diabetes Solution Center (833-808-1234).',
  'lilly-trulicity-savings-card':
    'Cobertura comercial de medicamentos que cubra Trulicity; no es para quien esté inscrito(a) en Medicaid, Medicare ' +
    '(Parte D, Advantage), Medigap, DoD, VA, TRICARE/CHAMPUS o un programa estatal de asistencia con medicamentos; ' +
    'residentes de EE. UU. o Puerto Rico de 18 años o más. Hasta $150 por surtido de 1 mes, 13 surtidos al año. Las ' +
    'condiciones que tenemos guardadas terminaron el 31 de diciembre de 2025.',
  'novartis-cosentyx-copay-program':
    'Pacientes con seguro médico comercial (privado); no es válida con Medicare, Medicaid ni ningún otro programa ' +
    'federal o estatal. Copago de $0 hasta un límite anual de $16,000; puede haber limitaciones en Massachusetts y ' +
    'California.',
  'novartis-oncology-universal-copay-program':
    'Solo con seguro médico privado; no es para pacientes inscritos en Medicare, Medicaid, TRICARE, VA, DoD ni en ' +
    'ningún otro programa federal o estatal, ni para quienes no usen su seguro médico o cuyo plan pague todo el ' +
    'costo. Tarjeta de copago, tarjeta de pago o reembolso, con un límite combinado de $15,000 por año calendario. ' +
    'Estados Unidos y Puerto Rico.',
  'novo-nordisk-ozempic-savings-card':
    'Pacientes con seguro médico comercial cuyo plan cubra Ozempic. No es para quien esté inscrito(a) en Medicare, ' +
    'Medicaid, VA, DoD, TRICARE ni en ningún programa federal o estatal, aunque pague en efectivo; los planes FEHB, ' +
    'los del Mercado de seguros de la Ley del Cuidado de Salud a Bajo Precio y los planes para empleados estatales no cuentan como ' +
    'programas del gobierno para esta oferta. La activación es válida por hasta 48 meses.',
};
