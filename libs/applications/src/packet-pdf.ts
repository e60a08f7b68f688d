import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PacketFacts } from '@rxbridge/domain';
import { HIPAA_AUTHORIZATION_TEXT, PATIENT_ATTESTATION, SIGNATURE_MESSAGES, type Language } from '@rxbridge/contracts';
import { PACKET_COVER } from './packet-cover';
import { canBeFaxed, UnfaxableDocumentError } from './faxable-documents';

/**
 * What a packet prints (docs/product.md §16, §17): the facts of libs/applications' packetFacts, the checklist and the
 * signatures. Empty strings print as blanks to fill in by hand.
 */
export interface PacketData extends Omit<PacketFacts, 'program'> {
  program: {
    name: string;
    manufacturer: string;
    /** The program's fax number (E.164) and mailing address, for the cover sheet (docs/product.md §17). */
    fax: string | null;
    sendTo: string | null;
    website: string | null;
  } | null;
  /** The patient's language: the first page's summary and checklist are in it (docs/product.md, Languages). */
  language: Language;
  /** The identifiers the program asks of the prescriber (licence, DEA, tax id), printed in its section. */
  prescriberIdentifiers?: { label: string; value: string }[];
  checklist: { label: string; received: boolean }[];
  /** The prescriber's signature; `current` false prints "re-sign needed" in its place (docs/product.md §17). */
  signature: { name: string; npi: string; signedAt: string; current: boolean } | null;
  /** The patient's signature (docs/product.md §17). */
  patientSignature: { name: string; signedAt: string; current: boolean } | null;
  /**
   * The program needs the patient's original signature (inkSignatureNeeded): Section 5 leaves its lines to sign by
   * hand, never printing the electronic one, which the program would refuse (docs/product.md §17).
   */
  inkSignature?: boolean;
  /** A fixed date keeps the bytes of one packet identical from one rendering to the next (the signed hash). */
  date: Date;
}

const PAGE: [number, number] = [612, 792]; // US Letter
const MARGIN = 56;
const BLANK = '______________________________';
const INK = rgb(0.06, 0.09, 0.16);
const INK_SIGNATURE = 'This program needs the patient’s original signature: sign below by hand, in ink.';
const MUTED = rgb(0.39, 0.45, 0.55);

/** The standard fonts write WinAnsi: typographic quotes become plain ones, anything else outside it a '?'. */
const printable = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  /** A new page at the end, or at `at` (the cover sheet goes first once the page count is known). */
  newPage(at?: number) {
    this.page = at === undefined ? this.doc.addPage(PAGE) : this.doc.insertPage(at, PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** One paragraph, wrapped to the page width; each wrapped line is its own text run. */
  text(value: string, opts: { size?: number; bold?: boolean; color?: typeof INK; gap?: number } = {}) {
    const size = opts.size ?? 11;
    const font = opts.bold ? this.bold : this.font;
    const width = PAGE[0] - 2 * MARGIN;
    const lines: string[] = [];
    for (const para of printable(value).split('\n')) {
      let line = '';
      for (const word of para.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (line && font.widthOfTextAtSize(next, size) > width) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
    for (const line of lines) {
      this.ensure(size + 4);
      this.y -= size + 4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: opts.color ?? INK });
    }
    this.y -= opts.gap ?? 2;
  }

  heading(value: string) {
    this.ensure(40);
    this.y -= 10;
    this.text(value, { size: 14, bold: true, gap: 6 });
  }

  field(label: string, value: string) {
    this.text(`${label}: ${value.trim() ? value : BLANK}`);
  }
}

/** A received document sent with the packet: PDFs add their pages, images a page each, text its lines. */
export interface PacketAttachment {
  bytes: Uint8Array;
  mimeType: string;
  /** The document's title: the one that cannot become pages is named by it (UnfaxableDocumentError). */
  title: string;
  /** The patient's document it is, carried by the UnfaxableDocumentError it may throw. */
  documentId?: string;
}

/**
 * The application packet as a PDF (docs/product.md §16): cover, patient, insurance, prescription, prescriber, then
 * the attachments' pages. An attachment that cannot become pages throws UnfaxableDocumentError: the fax never goes
 * with a document left out (docs/product.md §17).
 */
export async function renderPacket(
  data: PacketData,
  attachments: readonly PacketAttachment[] = [],
): Promise<Uint8Array> {
  // No producer or dates stamped: the same facts give the same bytes, so a signature's SHA-256 can be checked.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const program = data.program;

  const cover = PACKET_COVER[data.language];
  w.newPage();
  w.text('RxBridge', { size: 12, bold: true, color: MUTED });
  w.text(cover.title, { size: 20, bold: true, gap: 10 });
  w.field(cover.program, program?.name ?? '');
  w.field(cover.manufacturer, program?.manufacturer ?? '');
  w.field(cover.medication, data.prescription.medication);
  w.field(cover.sendTo, program?.sendTo ?? '');
  if (program?.website) w.field(cover.website, program.website);
  w.text(cover.preparedOn(data.date), { color: MUTED });
  w.heading(cover.checklist);
  if (!data.checklist.length) w.text(cover.noDocuments);
  for (const item of data.checklist)
    w.text(`[${item.received ? 'x' : ' '}] ${item.label}: ${item.received ? cover.received : cover.missing}`);
  w.text(cover.enclose, { color: MUTED });

  w.newPage();
  w.heading('Section 1: Patient');
  w.field('Patient name', data.patient.name);
  w.field('Date of birth', data.patient.dateOfBirth);
  w.field('Address', data.patient.address);
  w.field('Phone', data.patient.phone);
  w.field('Email', data.patient.email);
  w.field('Household size', data.patient.householdSize);
  w.field('Yearly household income', data.patient.annualIncome);
  w.heading('Section 2: Insurance');
  if (data.insurance) {
    w.field('Insurance provider', data.insurance.provider);
    w.field('Coverage type', data.insurance.coverageType);
    w.field('Policy number', data.insurance.policyNumber);
    w.field('Group number', data.insurance.groupNumber);
  } else {
    w.text('No insurance on file (uninsured), or fill in:');
    w.field('Insurance provider', '');
    w.field('Policy number', '');
  }
  w.heading('Section 3: Prescription');
  w.field('Medication', data.prescription.medication);
  w.field('Dosage', data.prescription.dosage);
  w.field('Frequency', data.prescription.frequency);
  w.field('Diagnosis (ICD-10)', data.prescription.diagnosisCode);
  w.field('Quantity', data.prescription.quantity);
  w.field("Days' supply", data.prescription.daysSupply);
  w.field('Ship to', data.shipTo);

  w.heading('Section 4: Prescriber');
  w.field('Prescriber name', data.prescriber.name);
  w.field('Specialty', data.prescriber.specialty);
  w.field('NPI', data.prescriber.npi);
  w.field('Address', data.prescriber.address);
  w.field('Phone', data.prescriber.phone);
  for (const id of data.prescriberIdentifiers ?? []) w.field(id.label, id.value);
  w.heading('Prescriber signature');
  w.text(
    'I certify that the medication above is medically necessary for this patient and that the information in this section is accurate.',
  );
  if (data.signature && !data.signature.current) w.text(SIGNATURE_MESSAGES.notCurrent, { bold: true });
  else if (data.signature) {
    w.text(`Signed electronically by ${data.signature.name}, NPI ${data.signature.npi}`, { bold: true });
    w.text(`Signed on ${data.signature.signedAt}`);
  } else blankSignature(w);

  // The patient's attestation and HIPAA authorization (docs/product.md §17).
  w.newPage();
  w.heading('Section 5: Patient attestation and HIPAA authorization');
  w.text(PATIENT_ATTESTATION, { gap: 8 });
  w.text('Authorization to release health information (HIPAA)', { bold: true });
  w.text(HIPAA_AUTHORIZATION_TEXT, { gap: 8 });
  w.heading('Patient signature');
  const patient = data.patientSignature;
  if (data.inkSignature) {
    w.text(INK_SIGNATURE, { bold: true });
    blankSignature(w);
  } else if (patient && !patient.current) w.text(SIGNATURE_MESSAGES.notCurrent, { bold: true });
  else if (patient) {
    w.text(`Signed electronically by ${patient.name}`, { bold: true });
    w.text(`Signed on ${patient.signedAt}`);
  } else blankSignature(w);

  for (const attachment of attachments) await attach(doc, w, attachment);
  coverSheet(w, data, doc.getPageCount() + 1);
  return doc.save({ useObjectStreams: false });
}

/** Page one, addressed to the program: its fax number or mailing address, and the number of pages. */
function coverSheet(w: Writer, data: PacketData, pages: number) {
  w.newPage(0);
  w.text('Fax cover sheet', { size: 20, bold: true, gap: 10 });
  w.field('To', data.program?.name ?? '');
  if (data.program?.fax || !data.program?.sendTo) w.field('Fax', data.program?.fax ?? '');
  else w.field('Mail to', data.program.sendTo);
  w.field('From', 'RxBridge care navigation, on behalf of the patient');
  w.field('Re', `Patient assistance application: ${data.prescription.medication}`);
  w.field('Pages (including this one)', String(pages));
  w.text(
    'Confidential: this transmission contains protected health information. If you received it in error, please ' +
      'notify the sender and destroy it.',
    { color: MUTED },
  );
}

/** The document's pages after the packet's; one of a type canBeFaxed refuses, or whose file does not read, throws. */
async function attach(doc: PDFDocument, w: Writer, file: PacketAttachment) {
  if (!canBeFaxed(file.mimeType)) throw new UnfaxableDocumentError(file.title, { documentId: file.documentId });
  try {
    if (file.mimeType === 'application/pdf') {
      const source = await PDFDocument.load(file.bytes, { ignoreEncryption: true, updateMetadata: false });
      // pdf-lib decrypts nothing: an encrypted PDF's pages would reach the program unreadable; an empty one, as none.
      if (source.isEncrypted || !source.getPageCount()) throw new Error('no readable pages');
      for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
    } else if (file.mimeType === 'text/plain') {
      w.newPage();
      w.text(Buffer.from(file.bytes).toString('utf8'));
    } else {
      // pdf-lib reads a JPEG from its ArrayBuffer's start: a small decrypted file is a view into Node's shared pool.
      const image =
        file.mimeType === 'image/png' ? await doc.embedPng(file.bytes) : await doc.embedJpg(new Uint8Array(file.bytes));
      const scale = Math.min((PAGE[0] - 2 * MARGIN) / image.width, (PAGE[1] - 2 * MARGIN) / image.height, 1);
      const [width, height] = [image.width * scale, image.height * scale];
      doc.addPage(PAGE).drawImage(image, { x: MARGIN, y: PAGE[1] - MARGIN - height, width, height });
    }
  } catch (cause) {
    throw new UnfaxableDocumentError(file.title, { cause, documentId: file.documentId });
  }
}

function blankSignature(w: Writer) {
  w.field('Signature', '');
  w.field('Printed name', '');
  w.field('Date', '');
}
