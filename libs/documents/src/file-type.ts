import * as CFB from 'cfb';
import type { DocumentMimeType } from '@rxbridge/contracts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What `file-type` calls each accepted type. */
const BY_DETECTED_MIME: Record<string, DocumentMimeType> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/gif': 'image/gif',
  // An OLE compound file: the container of Word 97-2003 documents, and of old spreadsheets,
  // slides, Outlook messages and installers; `isWordDocument` keeps the Word ones.
  'application/x-cfb': 'application/msword',
  // file-type reads the ZIP entries: a Word document by the main part named in [Content_Types].xml,
  // so a spreadsheet or a plain ZIP renamed .docx is refused.
  [DOCX]: DOCX,
};

/**
 * The type of a file by its content (magic bytes, via `file-type`), never its name or declared
 * type: a renamed executable is refused. Null for anything that is not an accepted document type.
 * See docs/architecture.md §10.
 */
export async function detectDocumentType(buf: Buffer): Promise<DocumentMimeType | null> {
  // file-type ships only an ES module; a dynamic import loads it from our CommonJS build.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(buf);
  if (detected?.mime === 'application/x-cfb') return isWordDocument(buf) ? 'application/msword' : null;
  if (detected) return BY_DETECTED_MIME[detected.mime] ?? null;
  // Text has no magic bytes: file-type leaves it to us.
  return isPlainText(buf) ? 'text/plain' : null;
}

/**
 * A compound file holding a `WordDocument` stream, the main stream of every Word 97-2003 document (MS-DOC
 * 2.1.1); a spreadsheet (`Workbook`), slides or a message renamed .doc has none there. `cfb` reads the directory.
 */
function isWordDocument(buf: Buffer): boolean {
  try {
    const file = CFB.read(buf, { type: 'buffer' });
    // At the top (FullPaths[0] is the root): a spreadsheet may embed a Word document in a storage of its own.
    const at = file.FullPaths.indexOf(`${file.FullPaths[0]}WordDocument`);
    return at >= 0 && file.FileIndex[at].type === 2; // a stream, not a storage of that name
  } catch {
    return false; // not a readable compound file
  }
}

/** UTF-8 with no NUL or control byte other than tab, CR and LF. */
export function isPlainText(buf: Buffer): boolean {
  for (const b of buf) {
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

const EXTENSIONS: Record<DocumentMimeType, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'text/plain': ['txt', 'text'],
};

/**
 * The name a file is served under: the original without path parts or control characters, with
 * the extension of its real type added when its own does not match ("notes.html" -> "notes.html.txt").
 */
export function servedFileName(originalName: string, mimeType: DocumentMimeType): string {
  const base =
    originalName
      .split(/[/\\]/)
      .pop()!
      .replace(/"/g, '')
      .replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, 200) || 'document';
  const ext = base.includes('.') ? base.split('.').pop()!.toLowerCase() : '';
  return EXTENSIONS[mimeType].includes(ext) ? base : `${base}.${EXTENSIONS[mimeType][0]}`;
}

/** `inline; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
