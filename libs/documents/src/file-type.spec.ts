import { compoundFile, FILES, zip } from '../../../test/support/sample-files';
import { detectDocumentType, servedFileName } from './file-type';

describe('detectDocumentType', () => {
  it('decides by content', async () => {
    expect(await detectDocumentType(FILES.docx)).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(await detectDocumentType(FILES.pdf)).toBe('application/pdf');
    expect(await detectDocumentType(FILES.png)).toBe('image/png');
    expect(await detectDocumentType(FILES.jpeg)).toBe('image/jpeg');
    expect(await detectDocumentType(FILES.gif)).toBe('image/gif');
    expect(await detectDocumentType(FILES.doc)).toBe('application/msword');
    expect(await detectDocumentType(FILES.text)).toBe('text/plain');
    // Other Office files and ZIPs that only look like a Word document are refused.
    expect(await detectDocumentType(FILES.xlsx)).toBeNull();
    // A compound file is a Word document only with a WordDocument stream at its top.
    expect(await detectDocumentType(FILES.xls)).toBeNull();
    expect(await detectDocumentType(compoundFile({ WordDocument: 'x', '\u0001CompObj': 'y' }))).toBe(
      'application/msword',
    );
    expect(
      await detectDocumentType(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)])),
    ).toBeNull();
    expect(await detectDocumentType(zip({ 'word/document.xml': 'x' }))).toBeNull();
    expect(await detectDocumentType(zip({ 'notes.txt': 'plain words' }))).toBeNull();
    expect(await detectDocumentType(Buffer.from('plain words\n'))).toBe('text/plain');
    expect(await detectDocumentType(Buffer.from('bell \u0007'))).toBeNull();
    expect(await detectDocumentType(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBeNull(); // latin1, not UTF-8
    expect(await detectDocumentType(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBeNull(); // UTF-16
    expect(await detectDocumentType(FILES.exe)).toBeNull();
    expect(await detectDocumentType(FILES.html)).toBeNull();
  });

  it('serves a name whose extension matches the real type', () => {
    expect(servedFileName('scan.PDF', 'application/pdf')).toBe('scan.PDF');
    expect(servedFileName('C:\\Users\\me\\photo', 'image/jpeg')).toBe('photo.jpg');
    expect(servedFileName('page.html', 'text/plain')).toBe('page.html.txt');
    expect(servedFileName('', 'image/png')).toBe('document.png');
  });
});
