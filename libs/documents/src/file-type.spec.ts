import { FILES, zip } from '../../../test/support/sample-files';
import { detectDocumentType, servedFileName } from './file-type';

describe('detectDocumentType', () => {
  it('decides by content', () => {
    expect(detectDocumentType(FILES.docx)).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(detectDocumentType(FILES.xlsx)).toBeNull();
    expect(detectDocumentType(zip({ 'word/document.xml': 'x' }))).toBeNull();
    expect(detectDocumentType(FILES.docx.subarray(0, FILES.docx.length - 10))).toBeNull();
    expect(detectDocumentType(Buffer.from('plain words\n'))).toBe('text/plain');
    expect(detectDocumentType(Buffer.from('bell \u0007'))).toBeNull();
    expect(detectDocumentType(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBeNull(); // latin1, not UTF-8
    expect(detectDocumentType(FILES.exe)).toBeNull();
  });

  it('serves a name whose extension matches the real type', () => {
    expect(servedFileName('scan.PDF', 'application/pdf')).toBe('scan.PDF');
    expect(servedFileName('C:\\Users\\me\\photo', 'image/jpeg')).toBe('photo.jpg');
    expect(servedFileName('page.html', 'text/plain')).toBe('page.html.txt');
    expect(servedFileName('', 'image/png')).toBe('document.png');
  });
});
