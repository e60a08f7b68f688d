import { lazy, Suspense } from 'react';
import { Section, SectionHeading } from '@/components/layout/section';
import { LoadWhenVisible } from '@/components/load-when-visible';
import { useLingui } from '@lingui/react';
import { withCatalogs } from '@/lib/i18n';

// The checker (form, type-ahead, zod, results, its catalogues and its household fields') loads as its
// section nears the screen: on a phone it would otherwise compete with the page's first paint
// (docs/architecture.md §1, What loads first).
const EligibilityChecker = lazy(
  withCatalogs(['household', 'landing-forms', 'records'], () => import('./eligibility/eligibility-checker')),
);

/**
 * The checker's height before any result, at each breakpoint: the placeholder holds it, so nothing
 * below moves when the checker arrives (an in-page link to #plans lands where it should).
 */
const RESERVED = 'min-h-[920px] sm:min-h-[800px] lg:min-h-[620px]';
const placeholder = <div className={`${RESERVED} rounded-2xl bg-slate-50`} aria-hidden />;

/** #check-eligibility: "Check if you qualify", before any signup (docs/product.md §2 Landing page). */
export function EligibilitySection() {
  const { _ } = useLingui();
  return (
    <Section id="check-eligibility" labelledBy="check-eligibility-title" className="bg-white">
      <SectionHeading
        id="check-eligibility-title"
        eyebrow={_('landing.check.eyebrow')}
        title={_('landing.check.title')}
        intro={_('landing.check.intro')}
      />
      <LoadWhenVisible placeholder={placeholder} margin="200px 0px" reserve={RESERVED}>
        <Suspense fallback={placeholder}>
          <EligibilityChecker />
        </Suspense>
      </LoadWhenVisible>
    </Section>
  );
}
