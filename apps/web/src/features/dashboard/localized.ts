import { localizeMessage } from '@rxbridge/contracts';
import { i18n, isLanguage } from '@/lib/i18n';

/** A shared message (MESSAGES, COVERAGE_MESSAGES...) in the active language: one table says it in each. */
export const localized = (message: string): string =>
  localizeMessage(message, isLanguage(i18n.locale) ? i18n.locale : 'en');
