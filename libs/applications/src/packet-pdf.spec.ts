import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { signedFacts } from '@rxbridge/domain';
import { pdfText } from '../../../test/support/pdf-text';
import { renderPacket, type PacketData } from './packet-pdf';

const data: PacketData = {
  program: {
    name: 'Test PAP',
    manufacturer: 'Maker Inc.',
    fax: '+18005551234',
    sendTo: 'PO Box 1, Town, ST 00000',
    website: null,
  },
  prescription: {
    medication: 'Tradjenta',
    dosage: '5 mg',
    frequency: 'Once daily',
    diagnosisCode: 'E11.9',
    quantity: '30',
    daysSupply: '30',
  },
  patient: {
    name: 'Maria Lopez',
    dateOfBirth: '1968-04-12',
    address: '12 Oak Street, Springfield, IL 62701',
    phone: '(555) 123-4567',
    email: 'maria@example.com',
    householdSize: '2',
    annualIncome: '$24,000.00',
  },
  insurance: null,
  prescriber: { name: 'Grace Hopper', specialty: 'Primary Care', npi: '1234567893', address: '1 Main St', phone: '' },
  shipTo: '',
  language: 'en',
  checklist: [{ label: 'Proof of income', received: true }],
  signature: null,
  patientSignature: null,
  date: new Date('2026-11-01T10:00:00Z'),
};

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('renderPacket', () => {
  it('gives the same bytes for the same facts, so a signed packet can be checked against its hash', async () => {
    const [a, b] = await Promise.all([renderPacket(data), renderPacket(data)]);
    expect(Buffer.from(a.slice(0, 5)).toString()).toBe('%PDF-');
    expect(sha(a)).toBe(sha(b));
  });

  it('differs once signed', async () => {
    const signed = await renderPacket({
      ...data,
      signature: { name: 'Grace Hopper', npi: '1234567893', signedAt: '2026-11-02T10:00:00.000Z', current: true },
    });
    expect(sha(signed)).not.toBe(sha(await renderPacket(data)));
  });

  it('opens with a cover sheet addressed to the program, counting the attached pages (docs/product.md §17)', async () => {
    const image = await PDFDocument.create();
    image.addPage();
    image.addPage();
    const withPdf = await renderPacket(data, [
      { bytes: await image.save(), mimeType: 'application/pdf', title: 'Proof of income' },
    ]);
    const pages = (await PDFDocument.load(withPdf)).getPageCount();
    const text = pdfText(Buffer.from(withPdf));
    expect(text.split('\n')).toContain('Fax: +18005551234');
    expect(text.split('\n')).toContain(`Pages (including this one): ${pages}`);
    expect(pages).toBe((await PDFDocument.load(await renderPacket(data))).getPageCount() + 2);
  });

  it("prints the first page in the patient's language, accents and all, and the program's sections in English", async () => {
    const spanish = {
      ...data,
      language: 'es' as const,
      checklist: [{ label: 'Comprobante de ingresos', received: true }],
    };
    const lines = pdfText(Buffer.from(await renderPacket(spanish))).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Solicitud al programa de asistencia al paciente',
        'Fabricante: Maker Inc.',
        'Preparado el 1 de noviembre de 2026',
        'Lista de documentos',
        '[x] Comprobante de ingresos: Recibido',
        'Section 1: Patient',
        'Fax cover sheet',
      ]),
    );
    expect(lines).not.toContain('Document checklist');
  });

  it('leaves the patient’s lines to sign in ink for a program that takes no electronic signature (§17)', async () => {
    const patientSignature = { name: 'Maria Lopez', signedAt: '2026-11-02T10:00:00.000Z', current: true };
    const section5 = async (packet: PacketData) => {
      const lines = pdfText(Buffer.from(await renderPacket(packet))).split('\n');
      return lines.slice(lines.indexOf('Patient signature')).join(' ');
    };
    expect(await section5({ ...data, patientSignature })).toContain('Signed electronically by Maria Lopez');
    const ink = await section5({ ...data, patientSignature, inkSignature: true });
    expect(ink).toMatch(/needs the patient's original signature: sign below by hand, in ink\. Signature: _+/);
    expect(ink).not.toContain('Signed electronically');
  });
});

describe('what a signature covers (docs/product.md §17)', () => {
  it('is every fact sections 1 to 4 print', async () => {
    const insured: PacketData = {
      ...data,
      insurance: { provider: 'Aetna', coverageType: 'EMPLOYER', policyNumber: 'POL-7', groupNumber: 'GRP-9' },
      prescriber: { ...data.prescriber, specialty: 'Cardiology', phone: '(555) 987-6543' },
      shipTo: 'Patient home: 12 Oak Street',
    };
    const lines = pdfText(Buffer.from(await renderPacket(insured))).split('\n');
    // Sections 1 to 4, up to the prescriber's signature (its own lines: who signed, and when).
    const printed = lines.slice(lines.indexOf('Section 1: Patient'), lines.indexOf('Prescriber signature'));
    const values = printed
      .filter((line) => !line.startsWith('Section '))
      .map((line) => line.slice(line.indexOf(': ') + 2))
      .filter((value) => !/^_+$/.test(value));
    expect(values).toContain('Cardiology');
    const covered = Object.values(signedFacts({ ...insured, program: insured.program?.name ?? '' }));
    expect(values.filter((value) => !covered.includes(value))).toEqual([]);
  });
});
