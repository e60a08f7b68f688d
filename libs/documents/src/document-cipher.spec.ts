import { FILES } from '../../../test/support/sample-files';
import { DocumentCipher } from './document-cipher';

describe('DocumentCipher', () => {
  const cipher = new DocumentCipher(Buffer.alloc(32, 7));
  const id = '5b1c2d3e-0000-4000-8000-000000000001';

  it('round-trips with a fresh IV each time, and refuses altered bytes, another id or another key', () => {
    const a = cipher.seal(FILES.pdf, id);
    const b = cipher.seal(FILES.pdf, id);
    expect(a.equals(b)).toBe(false);
    expect(cipher.open(a, id).equals(FILES.pdf)).toBe(true);
    const altered = Buffer.from(a);
    altered[altered.length - 1] ^= 1;
    expect(() => cipher.open(altered, id)).toThrow();
    expect(() => cipher.open(a, '5b1c2d3e-0000-4000-8000-000000000002')).toThrow();
    expect(() => new DocumentCipher(Buffer.alloc(32, 8)).open(a, id)).toThrow();
  });
});
