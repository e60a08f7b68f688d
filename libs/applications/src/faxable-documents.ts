import type { DocumentMimeType } from '@rxbridge/contracts';

/**
 * The document types the packet's renderer turns into fax pages (packet-pdf.ts `attach`): PDFs their pages, PNG and
 * JPEG images a page each, text its lines. A Word document or a GIF cannot go in the fax (docs/product.md §17).
 */
export const FAXABLE_MIME_TYPES: readonly DocumentMimeType[] = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'text/plain',
];

/**
 * Whether a document of this type can go in the program's fax: the one rule the packet's readiness
 * (missingForSubmission) and the renderer follow, so a packet that cannot be faxed whole is never offered to send.
 */
export function canBeFaxed(mimeType: string): boolean {
  return (FAXABLE_MIME_TYPES as readonly string[]).includes(mimeType);
}

/**
 * A received document the renderer could not turn into pages: of a type it cannot convert, or a file that does not
 * read as its type (a damaged or password-protected PDF). The fax does not go without it (docs/product.md §17).
 */
export class UnfaxableDocumentError extends Error {
  /** The patient's document, when the attachment named one: recorded as unfaxable, so it is asked for again. */
  readonly documentId: string | null;

  constructor(
    /** The document's title, as the navigator reads it in the failure's reason. */
    readonly title: string,
    options: { cause?: unknown; documentId?: string } = {},
  ) {
    super(`The document ${title} could not be turned into fax pages`, { cause: options.cause });
    this.name = 'UnfaxableDocumentError';
    this.documentId = options.documentId ?? null;
  }
}
