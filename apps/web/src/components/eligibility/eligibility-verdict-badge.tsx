import { CircleCheck, CircleHelp, CircleMinus, CircleX } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { i18n } from '@/lib/i18n';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { ApplicationVerdict } from '@rxbridge/contracts';

/**
 * Labels and colours of a screening verdict (docs/product.md §15 Programs and eligibility); the label in
 * the active language, read when shown.
 */
export const VERDICT: Record<
  ApplicationVerdict,
  { readonly label: string; tone: BadgeTone; icon: typeof CircleCheck }
> = {
  LIKELY_ELIGIBLE: {
    get label() {
      return i18n._('records.verdict.likelyEligible');
    },
    tone: 'success',
    icon: CircleCheck,
  },
  NOT_ELIGIBLE: {
    get label() {
      return i18n._('records.verdict.notEligible');
    },
    tone: 'danger',
    icon: CircleX,
  },
  NEEDS_REVIEW: {
    get label() {
      return i18n._('records.verdict.needsReview');
    },
    tone: 'warning',
    icon: CircleHelp,
  },
  NO_PROGRAM: {
    get label() {
      return i18n._('records.verdict.noProgram');
    },
    tone: 'neutral',
    icon: CircleMinus,
  },
};

export function EligibilityVerdictBadge({ verdict }: { verdict: ApplicationVerdict }) {
  useLingui(); // re-renders when the language changes
  const v = VERDICT[verdict] ?? VERDICT.NEEDS_REVIEW;
  const Icon = v.icon;
  return (
    <Badge tone={v.tone} data-verdict={verdict}>
      <Icon aria-hidden />
      {v.label}
    </Badge>
  );
}
