import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to a document's file: an HMAC of the server secret over purpose, id and
 * expiry. The link itself is the permission (it is opened in a new tab, without the bearer token),
 * so it is given only to someone allowed to read the document and lasts minutes.
 */
const mac = (secret: string, documentId: string, expires: number) =>
  createHmac('sha256', secret).update(`document-file:${documentId}:${expires}`).digest();

export function signDocumentLink(secret: string, documentId: string, expires: number): string {
  return mac(secret, documentId, expires).toString('base64url');
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export function checkDocumentLink(
  secret: string,
  documentId: string,
  expires: unknown,
  signature: unknown,
  nowSeconds = Math.floor(Date.now() / 1000),
): LinkCheck {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return 'invalid';
  const expected = mac(secret, documentId, Number(expires));
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  // Checked after the signature, so a forged expiry is "invalid", not "expired".
  return Number(expires) < nowSeconds ? 'expired' : 'valid';
}
