import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  // 256 % 62 bias is irrelevant here: ids only have to be unique, not uniformly random.
  for (const byte of bytes) token += ALPHABET[byte % ALPHABET.length];
  return token;
}

/** Stripe-shaped ids: newId('cus') -> "cus_Qx3..."; checkout sessions use "cs_test". */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${randomToken(length)}`;
}

export function clientSecret(id: string): string {
  return `${id}_secret_${randomToken(24)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
