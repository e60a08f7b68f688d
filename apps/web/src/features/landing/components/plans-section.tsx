import { useState, type KeyboardEvent } from 'react';
import { Check, Sparkles } from 'lucide-react';
import type { PlanTier } from '@rxbridge/contracts';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { additionalFee, planCards } from '@/lib/plans';
import { Button } from '@/components/ui/button';
import { Section, SectionHeading } from '@/components/layout/section';
import { clsx } from 'clsx';
import { planCadence, whyOngoingCare } from '../content';

/** A plan card's words in the page's language (the plans themselves are libs/domain's). */
function planText(_: I18n['_'], tier: PlanTier): { name: string; description: string; features: string[] } {
  const fee = additionalFee();
  switch (tier) {
    case 'ONGOING_CARE':
      return {
        name: _('landing.plan.ongoing.name'),
        description: _('landing.plan.ongoing.description'),
        features: [
          _('landing.plan.ongoing.f1'),
          _('landing.plan.ongoing.f2', { fee }),
          _('landing.plan.ongoing.f3'),
          _('landing.plan.ongoing.f4'),
          _('landing.plan.ongoing.f5'),
        ],
      };
    case 'ENROLLMENT_ONLY':
      return {
        name: _('landing.plan.enrollment.name'),
        description: _('landing.plan.enrollment.description'),
        features: [
          _('landing.plan.enrollment.f1'),
          _('landing.plan.enrollment.f2', { fee }),
          _('landing.plan.enrollment.f3'),
          _('landing.plan.enrollment.f4'),
          _('landing.plan.enrollment.f5'),
        ],
      };
    case 'DIY_INSTRUCTIONS':
      return {
        name: _('landing.plan.diy.name'),
        description: _('landing.plan.diy.description'),
        features: [
          _('landing.plan.diy.f1'),
          _('landing.plan.diy.f2'),
          _('landing.plan.diy.f3'),
          _('landing.plan.diy.f4'),
        ],
      };
  }
}

export function PlansSection() {
  const dialogs = useAuthDialogs();
  const { _ } = useLingui();
  const [selected, setSelected] = useState<PlanTier>('ONGOING_CARE');
  const cards = planCards();
  // A radio group as WAI-ARIA's: one tab stop, the arrows move the choice and the focus.
  const arrows = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const by = ({ ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 } as Record<string, number>)[e.key];
    if (!by) return;
    e.preventDefault();
    const next = (index + by + cards.length) % cards.length;
    setSelected(cards[next].tier);
    e.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };
  return (
    <Section id="plans" labelledBy="plans-title" className="bg-gradient-to-b from-white to-sky-50/60">
      <SectionHeading
        id="plans-title"
        eyebrow={_('landing.plans.eyebrow')}
        title={_('landing.plans.title')}
        intro={_('landing.plans.intro')}
      />
      <div role="radiogroup" aria-label={_('landing.plans.label')} className="grid gap-6 lg:grid-cols-3">
        {cards.map((p, index) => {
          const active = selected === p.tier;
          const text = planText(_, p.tier);
          return (
            <button
              key={p.tier}
              type="button"
              role="radio"
              aria-checked={active}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(p.tier)}
              onKeyDown={(e) => arrows(e, index)}
              className={clsx(
                'relative flex flex-col rounded-2xl border-2 bg-white p-6 text-left transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2',
                active
                  ? 'border-teal-600 shadow-lg shadow-teal-100'
                  : 'border-slate-200 shadow-sm hover:border-teal-300',
              )}
            >
              {p.recommended && (
                <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-teal-600 px-3 py-1 text-xs font-semibold text-white">
                  <Sparkles className="size-3" aria-hidden /> {_('landing.plans.popular')}
                </span>
              )}
              <span className="flex items-center justify-between">
                <span className="text-lg font-semibold text-slate-900">{text.name}</span>
                <span
                  className={clsx(
                    'flex size-6 items-center justify-center rounded-full border-2',
                    active ? 'border-teal-600 bg-teal-600 text-white' : 'border-slate-300',
                  )}
                  aria-hidden
                >
                  {active && <Check className="size-4" />}
                </span>
              </span>
              <span className="mt-4 text-4xl font-extrabold text-slate-900">
                {p.price}
                <span className="text-base font-medium text-slate-500">{planCadence(_, p.interval)}</span>
              </span>
              <span className="mt-3 text-sm text-slate-600">{text.description}</span>
              <ul className="mt-5 space-y-2.5">
                {text.features.map((f) => (
                  <li key={f} className="flex gap-2 text-sm text-slate-700">
                    <Check className="mt-0.5 size-4 shrink-0 text-teal-600" aria-hidden /> {f}
                  </li>
                ))}
              </ul>
            </button>
          );
        })}
      </div>
      <div className="mt-10 text-center">
        <Button size="lg" onClick={() => dialogs.open('signup', { tier: selected })}>
          {_('landing.plans.start')}
        </Button>
        <p className="mt-3 text-sm text-slate-500">{_('landing.plans.dueToday')}</p>
      </div>
      <div className="mt-14 grid items-center gap-8 rounded-3xl bg-teal-700 p-8 text-white sm:p-10 lg:grid-cols-2">
        <div>
          <h3 className="text-2xl font-bold">{_('landing.plans.why.title')}</h3>
          <p className="mt-3 text-teal-50">{_('landing.plans.why.text')}</p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {whyOngoingCare(_).map((w) => (
            <li key={w} className="flex gap-2 rounded-xl bg-white/10 p-3 text-sm">
              <Check className="mt-0.5 size-4 shrink-0 text-teal-200" aria-hidden /> {w}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
