// Stripe's documented test card numbers, with the behaviour each one simulates.

export type CardBehaviour =
  /** Saves and charges fine. */
  | 'succeeds'
  /** Declined when it is saved (at checkout) and whenever it is charged. */
  | 'declines'
  /** Saves fine, but every later charge declines: how a card expires or runs dry between months. */
  | 'declines_after_attach';

export interface TestCard {
  number: string;
  brand: 'visa';
  behaviour: CardBehaviour;
}

const TEST_CARDS: Readonly<Record<string, Omit<TestCard, 'number'>>> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds' },
  '4000000000000002': { brand: 'visa', behaviour: 'declines' },
  '4000000000000341': { brand: 'visa', behaviour: 'declines_after_attach' },
};

/** Looks a card number up, ignoring the spaces and dashes people type. */
export function findTestCard(input: string): TestCard | undefined {
  const number = input.replace(/[\s-]/g, '');
  const card = Object.hasOwn(TEST_CARDS, number) ? TEST_CARDS[number] : undefined;
  return card && { ...card, number };
}

export interface Expiry {
  month: number;
  year: number;
}

/**
 * Reads "MM / YY", "MM/YYYY" or blank (then a date a few years ahead, as any future date passes in
 * Stripe's test mode). Returns an error message for an unreadable or past date.
 */
export function parseExpiry(input: string, now = new Date()): Expiry | { error: string } {
  const trimmed = input.trim();
  if (!trimmed) return { month: 12, year: now.getUTCFullYear() + 3 };
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(trimmed);
  if (!match) return { error: 'Your card’s expiration date is incomplete.' };
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return { error: 'Your card’s expiration month is invalid.' };
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return { error: 'Your card’s expiration date is in the past.' };
  return { month, year };
}
