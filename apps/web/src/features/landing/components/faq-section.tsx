import { ChevronDown } from 'lucide-react';
import { Section, SectionHeading } from '@/components/layout/section';
import { useLingui } from '@lingui/react';
import { faq } from '../content';

export function FaqSection() {
  const { _ } = useLingui();
  return (
    <Section id="faq" labelledBy="faq-title" className="bg-white">
      <SectionHeading id="faq-title" eyebrow={_('landing.faq.eyebrow')} title={_('landing.faq.title')} />
      <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {faq(_).map((f) => (
          <details key={f.q} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer items-center justify-between gap-4 rounded text-left font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-500">
              {f.q}
              <ChevronDown
                className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <p className="mt-3 text-slate-600">{f.a}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
