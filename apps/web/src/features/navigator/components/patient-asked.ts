/**
 * What a navigator's ask does for the patient (docs/product.md §11): told in the toast of a document marked missing
 * and of a program set, so the navigator need not write to the patient themselves.
 */
export const PATIENT_ASKED =
  'The patient sees it on their dashboard now, and is emailed what is still needed in a few minutes (one email a day at most).';
