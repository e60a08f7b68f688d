import type { Language } from '@rxbridge/contracts';
import { longDay } from '@rxbridge/domain';

/**
 * The words of the packet's first page, its summary and document checklist, in the patient's language
 * (docs/product.md §16, Languages; terms from docs/spanish-glossary.md). The program's own form sections
 * and the fax cover sheet addressed to it stay in English, as programs require.
 */
export interface PacketCoverCopy {
  title: string;
  program: string;
  manufacturer: string;
  medication: string;
  sendTo: string;
  website: string;
  preparedOn: (date: Date) => string;
  checklist: string;
  noDocuments: string;
  received: string;
  missing: string;
  enclose: string;
}

export const PACKET_COVER: Readonly<Record<Language, PacketCoverCopy>> = {
  en: {
    title: 'Patient Assistance Program application',
    program: 'Program',
    manufacturer: 'Manufacturer',
    medication: 'Medication',
    sendTo: 'Send to',
    website: 'Program website',
    preparedOn: (date) => `Prepared on ${date.toISOString().slice(0, 10)}`,
    checklist: 'Document checklist',
    noDocuments: 'No documents listed yet.',
    received: 'Received',
    missing: 'Missing',
    enclose: 'Enclose every document marked Received with this packet.',
  },
  es: {
    title: 'Solicitud al programa de asistencia al paciente',
    program: 'Programa',
    manufacturer: 'Fabricante',
    medication: 'Medicamento',
    sendTo: 'Enviar a',
    website: 'Sitio web del programa',
    preparedOn: (date) => `Preparado el ${longDay(date, 'es')}`,
    checklist: 'Lista de documentos',
    noDocuments: 'Todavía no hay documentos en la lista.',
    received: 'Recibido',
    missing: 'Falta',
    enclose: 'Incluya con este paquete cada documento marcado como Recibido.',
  },
};
