import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Stripe-shaped ids: newId('cus') -> "cus_Qx3..."; checkout sessions use "cs_test". */
export function newId(prefix: string, length = 24): string {
  // The modulo bias is irrelevant: ids only have to be unique, not uniformly random.
  const token = [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${prefix}_${token}`;
}
