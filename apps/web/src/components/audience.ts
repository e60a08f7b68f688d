/**
 * Who is looking: the patient on their dashboard, or a care navigator in the console. Shared
 * components show the same data to both, worded and laid out for each (docs/product.md).
 */
export type Audience = 'patient' | 'navigator';
