import { Quote } from 'lucide-react';
import { Section, SectionHeading } from '@/components/layout/section';
import { useLingui } from '@lingui/react';
import { testimonials } from '../content';

export function TestimonialsSection() {
  const { _ } = useLingui();
  return (
    <Section id="testimonials" labelledBy="testimonials-title" className="bg-sky-50/60">
      <SectionHeading
        id="testimonials-title"
        eyebrow={_('landing.testimonials.eyebrow')}
        title={_('landing.testimonials.title')}
      />
      <div className="grid gap-6 md:grid-cols-3">
        {testimonials(_).map((t) => (
          <figure key={t.name} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <Quote className="size-8 text-teal-200" aria-hidden />
            <blockquote className="mt-3 flex-1 text-slate-700">“{t.quote}”</blockquote>
            <figcaption className="mt-5">
              <p className="font-semibold text-slate-900">{t.name}</p>
              <p className="text-sm text-slate-500">{t.detail}</p>
            </figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}
