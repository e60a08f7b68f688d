import { lazy, Suspense } from 'react';
import { Section, SectionHeading } from '@/components/layout/section';
import { LoadWhenVisible } from '@/components/load-when-visible';

// The checker (form, type-ahead, zod, results) loads as its section nears the screen: on a phone it
// would otherwise compete with the page's first paint (docs/architecture.md §1, What loads first).
const EligibilityChecker = lazy(() => import('./eligibility/eligibility-checker'));

/**
 * The checker's height before any result, at each breakpoint: the placeholder holds it, so nothing
 * below moves when the checker arrives (an in-page link to #plans lands where it should).
 */
const RESERVED = 'min-h-[920px] sm:min-h-[800px] lg:min-h-[620px]';
const placeholder = <div className={`${RESERVED} rounded-2xl bg-slate-50`} aria-hidden />;

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
      <LoadWhenVisible placeholder={placeholder} margin="200px 0px" reserve={RESERVED}>
        <Suspense fallback={placeholder}>
          <EligibilityChecker />
        </Suspense>
      </LoadWhenVisible>
    </Section>
  );
}
