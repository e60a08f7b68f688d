import { useState } from 'react';
import { Check, Sparkles } from 'lucide-react';
import type { PlanTier } from '@rxbridge/contracts';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { PLAN_CARDS } from '@/lib/plans';
import { Button } from '@/components/ui/button';
import { Section, SectionHeading } from '@/components/layout/section';
import { clsx } from 'clsx';
import { WHY_ONGOING_CARE } from '../content';

export function PlansSection() {
  const dialogs = useAuthDialogs();
  const [selected, setSelected] = useState<PlanTier>('ONGOING_CARE');
  return (
    <Section id="plans" labelledBy="plans-title" className="bg-gradient-to-b from-white to-sky-50/60">
      <SectionHeading
        id="plans-title"
        eyebrow="Plans"
        title="Simple, honest pricing"
        intro="Nothing is due today. Paid plans are charged only after approval, when your first shipment is scheduled."
      />
      <div role="radiogroup" aria-label="Plans" className="grid gap-6 lg:grid-cols-3">
        {PLAN_CARDS.map((p) => {
          const active = selected === p.tier;
          return (
            <button
              key={p.tier}
              type="button"
              role="radio"
              aria-checked={active}
              onClick={() => setSelected(p.tier)}
              className={clsx(
                'relative flex flex-col rounded-2xl border-2 bg-white p-6 text-left transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2',
                active
                  ? 'border-teal-600 shadow-lg shadow-teal-100'
                  : 'border-slate-200 shadow-sm hover:border-teal-300',
              )}
            >
              {p.recommended && (
                <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-teal-600 px-3 py-1 text-xs font-semibold text-white">
                  <Sparkles className="size-3" aria-hidden /> Most popular
                </span>
              )}
              <span className="flex items-center justify-between">
                <span className="text-lg font-semibold text-slate-900">{p.name}</span>
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
                <span className="text-base font-medium text-slate-500">{p.cadence}</span>
              </span>
              <span className="mt-3 text-sm text-slate-600">{p.description}</span>
              <ul className="mt-5 space-y-2.5">
                {p.features.map((f) => (
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
        <Button size="lg" onClick={() => dialogs.open('signup')}>
          Start Your Application
        </Button>
        <p className="mt-3 text-sm text-slate-500">Due today: $0</p>
      </div>
      <div className="mt-14 grid items-center gap-8 rounded-3xl bg-teal-700 p-8 text-white sm:p-10 lg:grid-cols-2">
        <div>
          <h3 className="text-2xl font-bold">Why choose Ongoing Care?</h3>
          <p className="mt-3 text-teal-50">
            Approval is only the beginning. Programs need refills coordinated and re-enrollment every year, and many end
            on December 31. With Ongoing Care your navigator keeps your medication coming.
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {WHY_ONGOING_CARE.map((w) => (
            <li key={w} className="flex gap-2 rounded-xl bg-white/10 p-3 text-sm">
              <Check className="mt-0.5 size-4 shrink-0 text-teal-200" aria-hidden /> {w}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
