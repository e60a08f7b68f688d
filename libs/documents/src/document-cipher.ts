import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encryption at rest for document files: AES-256-GCM with a fresh random 12-byte IV per file,
 * stored as iv | tag | ciphertext. The document id is the associated data, so a file copied onto
 * another document's key fails to open instead of showing the wrong patient's file.
 */
export class DocumentCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('DocumentCipher needs a 32-byte key');
  }

  seal(plain: Buffer, documentId: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(documentId, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** Throws when the bytes were altered, or belong to another document, or another key. */
  open(sealed: Buffer, documentId: string): Buffer {
    if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed document is too short');
    const iv = sealed.subarray(0, IV_BYTES);
    const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(documentId, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }
}
