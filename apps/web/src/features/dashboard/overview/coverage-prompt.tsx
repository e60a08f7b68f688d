import { Suspense, useEffect, useRef, useState } from 'react';
import { ShieldCheck, ShieldQuestionMark } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { preloadableLazy } from '@/lib/prerendered';
import { useInsurances } from '../records/api/get-insurances';
import { insuranceProviderLabel } from '@/components/coverage/coverage-labels';

// The form (react-hook-form, zod) loads only for a plan still unanswered, rare after the first
// visit; its placeholder holds the form's height so nothing below moves (docs/architecture.md §1).
const CoverageEditForm = preloadableLazy(() =>
  import('../records/coverage-edit-form').then((m) => ({ default: m.CoverageEditForm })),
);

/**
 * The dashboard asks once (docs/product.md §6.3): while the newest plan has no answer to "What kind of plan is
 * it?", its coverage is read from the old coverage type; answering saves it and the prompt goes, leaving a
 * short note that takes the keyboard's focus the prompt's Save button had (it would fall to the page).
 */
export function CoveragePrompt() {
  const insurances = useInsurances();
  const { _ } = useLingui();
  // The plan answered here: its note stays until the page is left.
  const [answered, setAnswered] = useState<string | null>(null);
  const newest = insurances.data?.at(-1);
  if (!newest) return null;
  if (newest.id === answered) {
    return <AnsweredNote />;
  }
  if (newest.drugCoverage !== null) return null;
  return (
    <section
      aria-labelledby="coverage-prompt-title"
      className="mb-8 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:p-6"
    >
      <div className="mb-4 flex items-start gap-3">
        <ShieldQuestionMark className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden />
        <div>
          <h2 id="coverage-prompt-title" className="text-lg font-semibold text-slate-900">
            {_('dashboard.coveragePrompt.title', { provider: insuranceProviderLabel(newest.provider) })}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{_('dashboard.coveragePrompt.body')}</p>
        </div>
      </div>
      <Suspense fallback={<div className="h-[9.5rem] animate-pulse rounded-lg bg-amber-100/60" aria-hidden />}>
        <CoverageEditForm
          insurance={newest}
          submitLabel={_('dashboard.coveragePrompt.save')}
          onDone={() => setAnswered(newest.id)}
        />
      </Suspense>
    </section>
  );
}

/** In the prompt's place once answered: said to screen readers, and the focus lands on it (tabIndex -1). */
function AnsweredNote() {
  const { _ } = useLingui();
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => note.current?.focus(), []);
  return (
    <p
      ref={note}
      role="status"
      tabIndex={-1}
      className="mb-8 flex items-center gap-2 rounded-2xl border border-teal-600/20 bg-teal-50/60 p-4 text-sm font-medium text-slate-900 focus:outline-none"
    >
      <ShieldCheck className="size-5 shrink-0 text-teal-700" aria-hidden /> {_('dashboard.coveragePrompt.saved')}
    </p>
  );
}
