import { HeartHandshake, Search, ShieldCheck } from 'lucide-react';
import { Section, SectionHeading } from '@/components/layout/section';
import { FEATURES, MEDICATION_AREAS } from '../content';

const ICONS = [Search, ShieldCheck, HeartHandshake];

export function AboutSection() {
  return (
    <Section id="about" labelledBy="about-title" className="bg-white">
      <SectionHeading
        id="about-title"
        eyebrow="About RxBridge"
        title="Your advocate for affordable medication"
        intro="Drug makers offer free or low-cost medication to patients who qualify, but the applications are long and easy to get wrong. We do it for you."
      />
      <div className="grid gap-6 md:grid-cols-3">
        {FEATURES.map((f, i) => {
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
        <h3 className="text-center text-lg font-semibold text-slate-900">Common medication areas</h3>
        <ul className="mt-5 flex flex-wrap justify-center gap-3">
          {MEDICATION_AREAS.map((a) => (
            <li
              key={a}
              className="rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200"
            >
              {a}
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-slate-600">
          RxBridge is not a pharmacy and does not give medical advice. Always talk to your doctor about your treatment.
        </p>
      </div>
    </Section>
  );
}
