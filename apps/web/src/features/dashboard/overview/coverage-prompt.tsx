import { Suspense } from 'react';
import { ShieldQuestionMark } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { preloadableLazy } from '@/lib/prerendered';
import { useInsurances } from '../records/api/get-insurances';

// The form (react-hook-form, zod) loads only for a plan still unanswered, rare after the first
// visit; its placeholder holds the form's height so nothing below moves (docs/architecture.md §1).
const CoverageEditForm = preloadableLazy(() =>
  import('../records/coverage-edit-form').then((m) => ({ default: m.CoverageEditForm })),
);

/**
 * The dashboard asks once (docs/product.md §6.3): while the newest plan has no answer to "What kind of plan is
 * it?", its coverage is read from the old coverage type; answering saves it and the prompt goes.
 */
export function CoveragePrompt() {
  const insurances = useInsurances();
  const { _ } = useLingui();
  const newest = insurances.data?.at(-1);
  if (!newest || newest.drugCoverage !== null) return null;
  return (
    <section
      aria-labelledby="coverage-prompt-title"
      className="mb-8 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:p-6"
    >
      <div className="mb-4 flex items-start gap-3">
        <ShieldQuestionMark className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden />
        <div>
          <h2 id="coverage-prompt-title" className="text-lg font-semibold text-slate-900">
            {_('dashboard.coveragePrompt.title', { provider: newest.provider })}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{_('dashboard.coveragePrompt.body')}</p>
        </div>
      </div>
      <Suspense fallback={<div className="h-[9.5rem] animate-pulse rounded-lg bg-amber-100/60" aria-hidden />}>
        <CoverageEditForm insurance={newest} submitLabel={_('dashboard.coveragePrompt.save')} />
      </Suspense>
    </section>
  );
}
