import type { Language } from '@rxbridge/contracts';

/** Each language's US locale, for Intl's dates, money and numbers (docs/product.md, Languages). */
export const LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', es: 'es-US' };
