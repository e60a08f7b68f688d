import { lazy, Suspense } from 'react';
import { Section, SectionHeading } from '@/components/layout/section';
import { useHydrated } from '@/lib/prerendered';

// The checker (form, type-ahead, results) is fetched after the page shows, so the first paint stays light.
const EligibilityChecker = lazy(() => import('./eligibility/eligibility-checker'));

/** #check-eligibility: "Check if you qualify", before any signup (docs/product.md §2 Landing page). */
const placeholder = <div className="h-96 animate-pulse rounded-2xl bg-slate-100" aria-hidden />;

export function EligibilitySection() {
  // Not part of the pre-rendered page: its code loads once the page is hydrated (docs/architecture.md §1).
  const hydrated = useHydrated();
  return (
    <Section id="check-eligibility" labelledBy="check-eligibility-title" className="bg-white">
      <SectionHeading
        id="check-eligibility-title"
        eyebrow="Program matching"
        title="Check if you qualify"
        intro="Pick your medication and tell us about your household: we show the drug maker’s program that covers it and whether you likely qualify."
      />
      {hydrated ? (
        <Suspense fallback={placeholder}>
          <EligibilityChecker />
        </Suspense>
      ) : (
        placeholder
      )}
    </Section>
  );
}
