// Temporary web-side shapes of the programs and eligibility API, until libs/contracts holds them.
import type { InsuranceType } from '@rxbridge/contracts';

export type EligibilityVerdict = 'LIKELY_ELIGIBLE' | 'NOT_ELIGIBLE' | 'NEEDS_REVIEW' | 'NO_PROGRAM';
export type EligibilityInsuranceType = InsuranceType | 'None';

export interface ProgramMedicationView {
  brand: string;
  generic: string;
}
export interface ProgramView {
  id: string;
  name: string;
  manufacturer: string;
  medications: ProgramMedicationView[];
  website: string | null;
  incomeLimitFplPercent: number | null;
  requiredDocuments: { kind: string; label: string }[];
  source: { url: string; checkedOn: string };
}
export interface ProgramRef {
  id: string;
  name: string;
  manufacturer: string;
}
export interface EligibilityCheckRequest {
  medication: string;
  householdSize: number;
  annualIncomeCents: number;
  state: string;
  insuranceType: EligibilityInsuranceType;
}
export interface EligibilityCheckResult {
  program: ProgramRef;
  verdict: EligibilityVerdict;
  reasons: string[];
}
export interface EligibilityCheckAnswer {
  fplPercent: number | null;
  povertyGuidelineCents: number | null;
  results: EligibilityCheckResult[];
}
export interface PatientEligibility {
  householdSize: number;
  annualIncomeCents: number;
}
export interface ApplicationEligibility {
  verdict: EligibilityVerdict;
  reasons: string[];
  fplPercent: number | null;
}

/** An application view with its program match and screening (added by the eligibility API). */
export interface ApplicationMatch {
  program?: ProgramRef | null;
  eligibility?: ApplicationEligibility | null;
}
