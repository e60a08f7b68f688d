import { useLingui } from '@lingui/react';
import type { Audience } from '@/components/audience';
import { clsx } from 'clsx';
import type { ApplicationEligibility, ProgramRef } from '@rxbridge/contracts';
import { EligibilityVerdictBadge } from './eligibility-verdict-badge';

/** "512%": the household income as a share of the poverty guideline, as the server computed it. */
export const formatFplPercent = (percent: number) => `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;

/** A program's name, with its maker unless the name already says it ("myAbbVie Assist · AbbVie"). */
export function programLabel(program: ProgramRef): string {
  return program.name.toLowerCase().includes(program.manufacturer.toLowerCase())
    ? program.name
    : `${program.name} · ${program.manufacturer}`;
}

/**
 * The program an application is matched to and the first-pass screening verdict with its reasons:
 * on the patient's cards and dialog, and in the navigator console (with the FPL percentage).
 */
export function EligibilitySummary({
  program,
  eligibility,
  audience,
  className,
}: {
  program: ProgramRef | null;
  eligibility: ApplicationEligibility | null;
  audience: Audience;
  className?: string;
}) {
  const { _ } = useLingui();
  const reasons = eligibility?.reasons ?? [];
  // What the patient reads under a verdict that is not a yes.
  const note =
    audience === 'patient' && eligibility?.verdict === 'NOT_ELIGIBLE' ? _('records.eligibility.notEligibleNote') : null;
  return (
    <div className={clsx('text-sm', className)}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className={program ? 'font-medium text-slate-900' : 'text-slate-700'}>
          {program
            ? programLabel(program)
            : audience === 'patient'
              ? _('records.eligibility.noProgramYet')
              : 'No program set'}
        </span>
        {eligibility && <EligibilityVerdictBadge verdict={eligibility.verdict} />}
        {audience === 'navigator' && eligibility?.fplPercent != null && (
          <span className="text-xs font-medium text-slate-700">FPL {formatFplPercent(eligibility.fplPercent)}</span>
        )}
      </div>
      {!eligibility && program && audience === 'patient' && (
        <p className="mt-1 text-slate-600">{_('records.eligibility.addFacts')}</p>
      )}
      {note && <p className="mt-1 text-slate-700">{note}</p>}
      {reasons.length > 0 && (
        <ul className="mt-1.5 list-disc space-y-0.5 pl-5 text-slate-600" aria-label={_('records.eligibility.reasons')}>
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
