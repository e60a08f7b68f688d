// In a module of its own: the web app's first load needs it without the other fixed lists.
/** The languages a patient is answered in: screens, the API's messages, emails and the packet (docs/product.md, Languages). */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
