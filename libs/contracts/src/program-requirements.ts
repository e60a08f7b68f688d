// What a program's application asks for (docs/product.md §15, §17). Its own file, not enums.ts: the web app's entry
// bundles enums.ts whole, and the landing page's first load has no use for these.
/** Identifiers a program's form asks of the prescriber (docs/product.md §15; libs/domain's catalogue uses these). */
export const PRESCRIBER_FIELDS = ['NPI', 'LICENSE', 'DEA', 'TAX_ID'] as const;
export type PrescriberField = (typeof PRESCRIBER_FIELDS)[number];

/** Where a program ships the medication (docs/product.md §17). */
export const SHIP_TO_CHOICES = ['PATIENT_HOME', 'PRESCRIBER_OFFICE'] as const;
export type ShipToChoice = (typeof SHIP_TO_CHOICES)[number];
