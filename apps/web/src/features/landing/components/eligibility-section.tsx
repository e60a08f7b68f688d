import { lazy, Suspense } from 'react';
import { Section, SectionHeading } from '@/components/layout/section';
import { LoadWhenVisible } from '@/components/load-when-visible';

// The checker (form, type-ahead, results, zod) is fetched as its section nears the screen, not with the
// page: on a phone it would otherwise compete with the first paint (docs/architecture.md §1, What loads first).
const EligibilityChecker = lazy(() => import('./eligibility/eligibility-checker'));

const PLACEHOLDER = <div className="h-96 animate-pulse rounded-2xl bg-slate-100" aria-hidden />;

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
      <LoadWhenVisible placeholder={PLACEHOLDER} rootMargin="200px 0px">
        <Suspense fallback={PLACEHOLDER}>
          <EligibilityChecker />
        </Suspense>
      </LoadWhenVisible>
    </Section>
  );
}
