import { MESSAGES } from './messages';
import { localizeMessage, MESSAGES_ES } from './messages-es';

describe('localizeMessage', () => {
  it('says every shared message in Spanish, and English as it is', () => {
    for (const key of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
      expect(localizeMessage(MESSAGES[key], 'es')).toBe(MESSAGES_ES[key]);
      expect(MESSAGES_ES[key]).not.toBe(MESSAGES[key]);
      expect(localizeMessage(MESSAGES[key], 'en')).toBe(MESSAGES[key]);
    }
  });

  it('leaves a text without a Spanish twin as it is', () => {
    expect(localizeMessage('Dr. Ada Lovelace', 'es')).toBe('Dr. Ada Lovelace');
  });
});
