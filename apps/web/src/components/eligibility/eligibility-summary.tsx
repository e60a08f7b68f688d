import type { Audience } from '@/components/audience';
import { cn } from '@/lib/utils';
import type { ApplicationEligibility, ProgramRef } from '@rxbridge/contracts';
import { EligibilityVerdictBadge } from './eligibility-verdict-badge';

/** "512%": the household income as a share of the poverty guideline, as the server computed it. */
export const formatFplPercent = (percent: number) => `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;

/**
 * The program an application is matched to and the first-pass screening verdict with its reasons:
 * on the patient's cards and dialog, and in the navigator console (with the FPL percentage).
 */
export function EligibilitySummary({
  program,
  eligibility,
  audience,
  compact = false,
  className,
}: {
  program: ProgramRef | null;
  eligibility: ApplicationEligibility | null;
  audience: Audience;
  /** Cards show the first reason only; dialogs and the console show them all. */
  compact?: boolean;
  className?: string;
}) {
  const reasons = eligibility?.reasons ?? [];
  const shown = compact ? reasons.slice(0, 1) : reasons;
  return (
    <div className={cn('text-sm', className)}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-slate-700">
          {program ? (
            <>
              <span className="font-medium text-slate-900">{program.name}</span>
              <span className="text-slate-600"> · {program.manufacturer}</span>
            </>
          ) : audience === 'patient' ? (
            'No program matched yet: your care navigator is researching one.'
          ) : (
            'No program matched'
          )}
        </span>
        {eligibility && <EligibilityVerdictBadge verdict={eligibility.verdict} />}
        {audience === 'navigator' && eligibility?.fplPercent != null && (
          <span className="text-xs font-medium text-slate-700">FPL {formatFplPercent(eligibility.fplPercent)}</span>
        )}
      </div>
      {!eligibility && program && audience === 'patient' && (
        <p className="mt-1 text-slate-600">Add your household size and income to see whether you likely qualify.</p>
      )}
      {shown.length > 0 && (
        <ul className="mt-1.5 list-disc space-y-0.5 pl-5 text-slate-600" aria-label="Reasons">
          {shown.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
