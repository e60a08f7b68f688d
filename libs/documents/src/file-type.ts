import type { DocumentMimeType } from '@rxbridge/contracts';

const startsWith = (buf: Buffer, bytes: number[]) => buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The type of a file by its content (magic bytes), never its name or declared type: a renamed
 * executable is refused. Null for anything that is not an accepted document type.
 */
export function detectDocumentType(buf: Buffer): DocumentMimeType | null {
  if (startsWith(buf, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  // OLE compound file: the container of Word 97-2003 documents.
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword';
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    return isWordZip(buf) ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' : null;
  }
  return isPlainText(buf) ? 'text/plain' : null;
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

/** A .docx is a ZIP whose central directory lists [Content_Types].xml and entries under word/. */
function isWordZip(buf: Buffer): boolean {
  const names = zipEntryNames(buf);
  return names !== null && names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'));
}

/** Entry names from the ZIP central directory, or null when the archive is malformed. */
export function zipEntryNames(buf: Buffer): string[] | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  // The end record is 22 bytes plus a comment of up to 65535 bytes, at the very end.
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    if (at + 46 + nameLength > buf.length) return null;
    names.push(buf.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
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
