import { createHmac, randomBytes, timingSafeEqual, createHash } from 'node:crypto';

/**
 * Secrets mailed to a patient are derived from a row id with an HMAC of the server secret, so the
 * database and the queue hold only ids, and a retried email job mails the same code again.
 */
const mac = (secret: string, purpose: string, id: string) =>
  createHmac('sha256', secret).update(`${purpose}:${id}`).digest();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signedToken(secret: string, purpose: string, id: string): string {
  return `${id}.${mac(secret, purpose, id).toString('base64url')}`;
}

function openSignedToken(secret: string, purpose: string, token: string): string | null {
  const [id, sig] = token.split('.');
  if (!id || !sig || !UUID.test(id)) return null;
  const expected = mac(secret, purpose, id);
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export const verificationToken = (secret: string, verificationId: string) =>
  signedToken(secret, 'verify-email', verificationId);
export const openVerificationToken = (secret: string, token: string) => openSignedToken(secret, 'verify-email', token);

export const resetLinkToken = (secret: string, resetId: string) => signedToken(secret, 'reset-link', resetId);
export const openResetLinkToken = (secret: string, token: string) => openSignedToken(secret, 'reset-link', token);

/** The prescriber's signing link (docs/product.md §16); the database keeps only its SHA-256. */
export const prescriberSignToken = (secret: string, requestId: string) =>
  signedToken(secret, 'prescriber-sign', requestId);
export const PRESCRIBER_LINK_TTL_MS = 14 * 24 * 3600 * 1000;

/** Six digits, uniform enough: 2^48 reduced mod 10^6 has negligible bias. */
export function resetCode(secret: string, resetId: string): string {
  const n = mac(secret, 'reset-code', resetId).readUIntBE(0, 6) % 1_000_000;
  return String(n).padStart(6, '0');
}
export function resetCodeMatches(secret: string, resetId: string, code: string): boolean {
  const expected = Buffer.from(resetCode(secret, resetId));
  const given = Buffer.from(code.padEnd(6).slice(0, 6));
  return timingSafeEqual(expected, given);
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/**
 * The refresh token that replaces `token`, derived from it with the server secret: a second refresh
 * of the same token in the grace (two tabs) gets the same replacement instead of a second branch
 * of the session (docs/architecture.md §9). The database keeps only its SHA-256, as for any other.
 */
export const refreshSuccessor = (secret: string, token: string) =>
  mac(secret, 'refresh-successor', token).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const VERIFICATION_TTL_MS = 48 * 3600 * 1000;
export const RESET_TTL_MS = 15 * 60 * 1000;
export const RESET_MAX_FAILED_ATTEMPTS = 5;
