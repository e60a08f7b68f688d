import type { Language } from '@rxbridge/contracts';
import type { DocumentKind } from './applications';

// Each checklist kind's name in each language (terms from docs/spanish-glossary.md). Typed by
// language and kind: a kind without its Spanish name does not compile.
const DOCUMENT_LABELS: Readonly<Record<Language, Readonly<Record<DocumentKind, string>>>> = {
  en: {
    PROOF_OF_INCOME: 'Proof of income',
    INSURANCE_CARD: 'Insurance card (front and back)',
    DENIAL_LETTER: 'Denial letter from your insurance',
    PRESCRIBER_FORM: 'Prescriber form signed by your doctor',
    PROOF_OF_RESIDENCY: 'Proof of U.S. residency',
    PRESCRIPTION: 'Prescription',
    COVERAGE_DENIAL: 'Coverage denial letter (Medicaid or Extra Help)',
    PROOF_OF_OUT_OF_POCKET_SPEND: "This year's out-of-pocket prescription spending",
  },
  es: {
    PROOF_OF_INCOME: 'Comprobante de ingresos',
    INSURANCE_CARD: 'Tarjeta del seguro médico (por ambos lados)',
    DENIAL_LETTER: 'Carta de denegación de su seguro médico',
    PRESCRIBER_FORM: 'Formulario del médico que receta, firmado por su médico',
    PROOF_OF_RESIDENCY: 'Comprobante de residencia en EE. UU.',
    PRESCRIPTION: 'Receta',
    COVERAGE_DENIAL: 'Carta de denegación de cobertura (Medicaid o Ayuda Adicional)',
    PROOF_OF_OUT_OF_POCKET_SPEND: 'Gastos de bolsillo en recetas de este año',
  },
};

/** A checklist kind's name, in English unless another language is asked for. */
export function documentLabel(kind: DocumentKind, language: Language = 'en'): string {
  return DOCUMENT_LABELS[language][kind];
}
