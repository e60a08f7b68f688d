import { HeartHandshake, Search, ShieldCheck } from 'lucide-react';
import { Section, SectionHeading } from '@/components/layout/section';
import { useLingui } from '@lingui/react';
import { features, medicationAreas } from '../content';

const ICONS = [Search, ShieldCheck, HeartHandshake];

export function AboutSection() {
  const { _ } = useLingui();
  return (
    <Section id="about" labelledBy="about-title" className="bg-white">
      <SectionHeading
        id="about-title"
        eyebrow={_('landing.about.eyebrow')}
        title={_('landing.about.title')}
        intro={_('landing.about.intro')}
      />
      <div className="grid gap-6 md:grid-cols-3">
        {features(_).map((f, i) => {
          const Icon = ICONS[i]!;
          return (
            <div key={f.title} className="rounded-2xl border border-slate-200 bg-slate-50/50 p-6">
              <span className="flex size-12 items-center justify-center rounded-xl bg-teal-100 text-teal-700">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-slate-600">{f.text}</p>
            </div>
          );
        })}
      </div>
      <div className="mt-12 rounded-2xl bg-sky-50 p-6 sm:p-8">
        <h3 className="text-center text-lg font-semibold text-slate-900">{_('landing.areas.title')}</h3>
        <ul className="mt-5 flex flex-wrap justify-center gap-3">
          {medicationAreas(_).map((a) => (
            <li
              key={a}
              className="rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200"
            >
              {a}
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-slate-600">{_('landing.about.disclaimer')}</p>
      </div>
    </Section>
  );
}
