/**
 * The fields of a patient's profile that the packet prints among the signed facts (packetFacts in libs/applications,
 * whose spec checks the list): saving another value in one leaves the signatures of the patient's applications no
 * longer current, and the screens showing them are told to read them again (docs/product.md §17).
 */
export const SIGNED_PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'phone',
  'mailingStreet',
  'mailingCity',
  'mailingState',
  'mailingZip',
] as const;

/** Whether a save gives one of `fields` another value than `before` holds (a field it leaves out is kept). */
export function changesAnyOf<K extends string>(
  fields: readonly K[],
  before: { readonly [F in K]: unknown },
  changes: { readonly [F in K]?: unknown },
): boolean {
  return fields.some((field) => changes[field] !== undefined && changes[field] !== before[field]);
}
