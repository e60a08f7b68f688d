import { lazy, Suspense } from 'react';
import { Section, SectionHeading } from '@/components/layout/section';

// The checker (form, type-ahead, results) is fetched after the page shows, so the first paint stays light.
const EligibilityChecker = lazy(() => import('./eligibility/eligibility-checker'));

/** #check-eligibility: "Check if you qualify", before any signup (docs/product.md §2 Landing page). */
export function EligibilitySection() {
  return (
    <Section id="check-eligibility" labelledBy="check-eligibility-title" className="bg-white">
      <SectionHeading
        id="check-eligibility-title"
        eyebrow="Program matching"
        title="Check if you qualify"
        intro="Pick your medication and tell us about your household: we show the drug maker’s program that covers it and whether you likely qualify."
      />
      <Suspense fallback={<div className="h-96 animate-pulse rounded-2xl bg-slate-100" aria-hidden />}>
        <EligibilityChecker />
      </Suspense>
    </Section>
  );
}
