import { Check } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { MESSAGES, localizeMessage, type PlanTier } from '@rxbridge/contracts';
import { useLanguage } from '@/lib/i18n';
import { planCards } from '@/lib/plans';
import { cn } from '@/lib/utils';
import { useRadioGroup } from '@/components/ui/radio-choice';
import type { F } from './step-parts';

export function PlanStep() {
  const cards = planCards();
  const tiers = cards.map((p) => p.tier);
  const { value: tier, group, radio } = useRadioGroup<F>('tier', tiers);
  const { _ } = useLingui();
  const { language } = useLanguage();
  // Each plan's name (the records catalogue), what it does and its cadence in the active language.
  const name: Record<PlanTier, string> = {
    ONGOING_CARE: _('records.plan.ongoingCare'),
    ENROLLMENT_ONLY: _('records.plan.enrollmentOnly'),
    DIY_INSTRUCTIONS: _('records.plan.diy'),
  };
  const description: Record<PlanTier, string> = {
    ONGOING_CARE: _('signup.plan.ongoingCare'),
    ENROLLMENT_ONLY: _('signup.plan.enrollmentOnly'),
    DIY_INSTRUCTIONS: _('signup.plan.diy'),
  };
  const cadence = { month: _('signup.plan.perMonth'), one_time: _('signup.plan.oneTime'), none: '' };
  return (
    <fieldset {...group}>
      <legend className="mb-3 text-sm text-slate-600">{_('signup.plan.legend')}</legend>
      <div className="grid gap-3 md:grid-cols-3">
        {cards.map((p) => (
          <label
            key={p.tier}
            className={cn(
              'relative flex cursor-pointer flex-col rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-500',
              tier === p.tier ? 'border-teal-600 bg-teal-50' : 'border-slate-200 hover:border-teal-300',
            )}
          >
            <input className="sr-only" {...radio(p.tier)} />
            <span className="flex items-center justify-between">
              <span className="font-semibold text-slate-900">{name[p.tier]}</span>
              {tier === p.tier && <Check className="size-5 text-teal-600" aria-hidden />}
            </span>
            <span className="mt-1 text-2xl font-bold text-slate-900">
              {p.price}
              <span className="text-sm font-medium text-slate-500">{cadence[p.interval]}</span>
            </span>
            <span className="mt-2 text-xs text-slate-600">{description[p.tier]}</span>
          </label>
        ))}
      </div>
      {!tier && <p className="mt-3 text-sm text-amber-700">{localizeMessage(MESSAGES.selectPlan, language)}</p>}
    </fieldset>
  );
}
