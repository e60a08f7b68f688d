import type { PapProgram } from '../types';
import { novoCareApplicationPages, novoNordiskPap } from './novo-nordisk-pap';

// Ozempic has its own rules inside the Novo Nordisk PAP (income limit and Medicare), so it is a separate entry
// that takes the rest of the program (its residency, documents, application, website and pages) from
// novo-nordisk-pap, where each of those facts is kept with its source once.
// Dates: the stored page shows no publication date, so checkedOn is the day it was read (2026-11-23).
export const novoNordiskPapOzempic: PapProgram = {
  ...novoNordiskPap,
  id: 'novo-nordisk-pap-ozempic',
  name: 'Novo Nordisk Patient Assistance Program (NovoCare), Ozempic',
  medications: [{ brand: 'Ozempic', generic: 'semaglutide', area: 'DIABETES' }],
  incomeLimitFplPercent: 200,
  incomeLimitNote: 'Uninsured patients on Ozempic: household income at or below 200% of the federal poverty level.',
  insurance: {
    ...novoNordiskPap.insurance,
    medicarePartD: {
      allowed: false,
      condition:
        'Medicare beneficiaries with Part D coverage are no longer eligible to receive Ozempic through the program.',
    },
  },
  // The one-year length was read on a listing for the program's other medicines; not confirmed for Ozempic.
  enrollment: { months: null, endsDecember31: null },
  otherSources: novoCareApplicationPages,
};
