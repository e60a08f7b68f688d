// Small but real files for upload tests and for libs/documents' unit specs (type detection, cipher).
import * as CFB from 'cfb';

/** Small but real files of each accepted type, and some that only pretend. */
export const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c626001000000ffff03000006000557bfabd40000000049454e44ae426082',
    'hex',
  ),
  jpeg: Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    Buffer.alloc(32),
    Buffer.from('ffd9', 'hex'),
  ]),
  gif: Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'),
  doc: compoundFile({ WordDocument: 'Word 97-2003 text' }),
  // A spreadsheet renamed .doc: a compound file too, with no Word document at its top.
  xls: compoundFile({ Workbook: 'cells', 'MBD0001/WordDocument': 'an embedded letter' }),
  docx: zip({
    '[Content_Types].xml': contentTypes('/word/document.xml', 'wordprocessingml.document.main+xml'),
    'word/document.xml': '<w:document/>',
  }),
  xlsx: zip({
    '[Content_Types].xml': contentTypes('/xl/workbook.xml', 'spreadsheetml.sheet.main+xml'),
    'xl/workbook.xml': '<workbook/>',
  }),
  text: Buffer.from('Insurance card front: member 123\r\n\tgroup 456 — café\n'),
  exe: Buffer.concat([Buffer.from('MZ', 'ascii'), Buffer.alloc(200, 0x90)]),
  html: Buffer.from('<html><script>alert(1)</script></html>\u0000'),
};

/** The [Content_Types].xml of an Office Open XML file whose main part is `part`. */
function contentTypes(part: string, type: string): string {
  return (
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/></Types>`
  );
}

/** A minimal stored (uncompressed) ZIP with the given entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBuf = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** An OLE compound file (the container of Word 97-2003 and other old Office files) holding these streams. */
export function compoundFile(streams: Record<string, string>): Buffer {
  const file = CFB.utils.cfb_new();
  for (const [path, content] of Object.entries(streams)) CFB.utils.cfb_add(file, path, Buffer.from(content));
  return CFB.write(file, { type: 'buffer' }) as Buffer;
}
