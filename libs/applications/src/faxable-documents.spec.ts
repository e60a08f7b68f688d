import { PDFDocument } from 'pdf-lib';
import { DOCUMENT_MIME_TYPES, type DocumentMimeType } from '@rxbridge/contracts';
import { FILES } from '../../../test/support/sample-files';
import { canBeFaxed, UnfaxableDocumentError } from './faxable-documents';
import { renderPacket, type PacketData } from './packet-pdf';

// docs/product.md §17: the fax carries every received document as pages, or does not go.
const data: PacketData = {
  program: { name: 'Test PAP', manufacturer: 'Maker Inc.', fax: '+18005551234', sendTo: null, website: null },
  prescription: { medication: 'Tradjenta', dosage: '', frequency: '', diagnosisCode: '', quantity: '', daysSupply: '' },
  patient: { name: '', dateOfBirth: '', address: '', phone: '', email: '', householdSize: '', annualIncome: '' },
  insurance: null,
  prescriber: { name: '', specialty: '', npi: '', address: '', phone: '' },
  shipTo: '',
  language: 'en',
  checklist: [{ label: 'Proof of income', received: true }],
  signature: null,
  patientSignature: null,
  date: new Date('2026-11-01T10:00:00Z'),
};

async function onePagePdf(encrypted = false): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  // A PDF encrypted (a password, or an owner's restrictions): pdf-lib loads it, but cannot decrypt its pages.
  if (encrypted) pdf.context.trailerInfo.Encrypt = pdf.context.obj({ Filter: 'Standard', V: 2, R: 3 });
  return pdf.save();
}

/** A real file of each accepted type; a JPEG whose frame header says 1 x 1 (pdf-lib embeds it without decoding). */
const SAMPLES: Record<DocumentMimeType, () => Promise<Uint8Array>> = {
  'application/pdf': () => onePagePdf(),
  'image/jpeg': async () => Buffer.from('ffd8ffc0000b080001000101011100ffd9', 'hex'),
  'image/png': async () => FILES.png,
  'image/gif': async () => FILES.gif,
  'application/msword': async () => FILES.doc,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': async () => FILES.docx,
  'text/plain': async () => FILES.text,
};

afterEach(() => jest.restoreAllMocks());

const pagesOf = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();

describe('canBeFaxed', () => {
  it('is PDF, JPEG, PNG and text: what the renderer turns into pages; not Word nor GIF', () => {
    expect(DOCUMENT_MIME_TYPES.filter(canBeFaxed)).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
      'text/plain',
    ]);
  });

  it.each(DOCUMENT_MIME_TYPES)('follows the renderer for %s: a page, or no packet at all', async (mimeType) => {
    const without = await pagesOf(await renderPacket(data));
    const rendering = renderPacket(data, [{ bytes: await SAMPLES[mimeType](), mimeType, title: 'Proof of income' }]);
    if (canBeFaxed(mimeType)) return expect(await pagesOf(await rendering)).toBe(without + 1);
    await expect(rendering).rejects.toThrow(UnfaxableDocumentError);
  });
});

describe('a received document that cannot become pages', () => {
  it.each([
    ['a Word document', FILES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a GIF', FILES.gif, 'image/gif'],
  ])(
    'stops the packet, named by its title, rather than a page saying it is missing: %s',
    async (_, bytes, mimeType) => {
      const attachment = { bytes, mimeType, title: 'Denial letter (scan)' };
      await expect(
        renderPacket(data, [{ bytes: FILES.png, mimeType: 'image/png', title: 'Card' }, attachment]),
      ).rejects.toMatchObject({ name: 'UnfaxableDocumentError', title: 'Denial letter (scan)' });
    },
  );

  it.each([
    ['does not load', async () => FILES.pdf],
    ['is cut short', async () => (await onePagePdf()).slice(0, 200)],
    ['is encrypted', () => onePagePdf(true)],
  ])(
    'stops the packet when a PDF %s, naming the patient’s document, which is then asked for again',
    async (_, bytes) => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined); // pdf-lib's notes on the broken objects
      const documentId = '6f1c1b1e-8a3c-4c7e-9a55-2f1d7e0b9c10';
      const attachment = { bytes: await bytes(), mimeType: 'application/pdf', title: 'Proof of income', documentId };
      await expect(renderPacket(data, [attachment])).rejects.toMatchObject({ title: 'Proof of income', documentId });
    },
  );

  it('stops the packet when an image does not decode; an attachment that names no document names none', async () => {
    const attachment = { bytes: FILES.png.subarray(0, 40), mimeType: 'image/png', title: 'Insurance card' };
    await expect(renderPacket(data, [attachment])).rejects.toMatchObject({ title: 'Insurance card', documentId: null });
  });

  it('takes a JPEG handed over as a view into a larger buffer, as a small decrypted file is (Node’s pool)', async () => {
    const jpeg = await SAMPLES['image/jpeg']();
    const shared = Buffer.alloc(64);
    shared.set(jpeg, 16);
    const view = shared.subarray(16, 16 + jpeg.length);
    const packet = await renderPacket(data, [{ bytes: view, mimeType: 'image/jpeg', title: 'Card' }]);
    // The same bytes as from a buffer of its own: the image's page, the same at every rendering.
    const own = await renderPacket(data, [{ bytes: new Uint8Array(jpeg), mimeType: 'image/jpeg', title: 'Card' }]);
    expect(Buffer.from(packet).equals(Buffer.from(own))).toBe(true);
  });
});
