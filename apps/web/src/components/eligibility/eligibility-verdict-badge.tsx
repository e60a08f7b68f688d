import { CircleCheck, CircleHelp, CircleMinus, CircleX } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { ApplicationVerdict } from '@rxbridge/contracts';

/** Labels and colours of a screening verdict (docs/product.md §15 Programs and eligibility). */
export const VERDICT: Record<ApplicationVerdict, { label: string; tone: BadgeTone; icon: typeof CircleCheck }> = {
  LIKELY_ELIGIBLE: { label: 'Likely eligible', tone: 'success', icon: CircleCheck },
  NOT_ELIGIBLE: { label: 'Not eligible', tone: 'danger', icon: CircleX },
  NEEDS_REVIEW: { label: 'Needs review', tone: 'warning', icon: CircleHelp },
  NO_PROGRAM: { label: 'No program matched', tone: 'neutral', icon: CircleMinus },
};

export function EligibilityVerdictBadge({ verdict }: { verdict: ApplicationVerdict }) {
  const v = VERDICT[verdict] ?? VERDICT.NEEDS_REVIEW;
  const Icon = v.icon;
  return (
    <Badge tone={v.tone} data-verdict={verdict}>
      <Icon aria-hidden />
      {v.label}
    </Badge>
  );
}
