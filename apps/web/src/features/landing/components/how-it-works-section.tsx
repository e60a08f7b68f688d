import { Section, SectionHeading } from '@/components/layout/section';
import { useLingui } from '@lingui/react';
import { howItWorks } from '../content';

export function HowItWorksSection() {
  const { _ } = useLingui();
  return (
    <Section id="how-it-works" labelledBy="how-title" className="bg-white">
      <SectionHeading id="how-title" eyebrow={_('landing.how.eyebrow')} title={_('landing.how.title')} />
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {howItWorks(_).map((s, i) => (
          <li key={s.title} className="relative rounded-2xl border border-slate-200 p-6">
            <span
              className="flex size-10 items-center justify-center rounded-full bg-teal-600 text-lg font-bold text-white"
              aria-hidden
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{s.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
