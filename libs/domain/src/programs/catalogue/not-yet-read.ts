// Application and enrollment facts not yet read on a program's own pages (docs/product.md §15): every fact null or
// empty, so the desk asks for them instead of guessing. Entries share these until someone reads their forms.
import type { ProgramApplicationRequirements, ProgramEnrollment } from '../types';

export const APPLICATION_NOT_READ: ProgramApplicationRequirements = {
  patientSignature: null,
  hipaaAuthorization: null,
  eSignatureAccepted: null,
  prescriberFields: [],
  shipTo: [],
  submitTo: { fax: null, mail: null, portalUrl: null },
};

export const ENROLLMENT_NOT_READ: ProgramEnrollment = { months: null, endsDecember31: null };
