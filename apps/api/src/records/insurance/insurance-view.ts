import type { AdminInsuranceView, InsuranceView } from '@rxbridge/contracts';
import type { Insurance } from '@rxbridge/database';

/** A plan as staff see it (docs/product.md §8): the coverage answers included, without the document link. */
export function toAdminInsuranceView(i: Insurance): AdminInsuranceView {
  return {
    id: i.id,
    provider: i.provider,
    policyNumber: i.policyNumber,
    groupNumber: i.groupNumber,
    coverageType: i.coverageType,
    drugCoverage: i.drugCoverage,
    extraHelp: i.extraHelp,
    outOfPocketCentsThisYear: i.outOfPocketCentsThisYear,
    createdAt: i.createdAt.toISOString(),
  };
}

export function toInsuranceView(i: Insurance): InsuranceView {
  return { ...toAdminInsuranceView(i), documentUrl: i.documentUrl };
}
