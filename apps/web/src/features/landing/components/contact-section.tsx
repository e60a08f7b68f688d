import { lazy, Suspense } from 'react';
import { Clock, Mail, Phone } from 'lucide-react';
import { telHref, useRuntimeConfig } from '@/lib/runtime-config';
import { LoadWhenVisible } from '@/components/load-when-visible';
import { Section, SectionHeading } from '@/components/layout/section';
import { useLingui } from '@lingui/react';
import { withCatalogs } from '@/lib/i18n';

// The form, react-hook-form and the zod schema load only as the section nears the screen.
const ContactForm = lazy(
  withCatalogs(['landing-forms'], () => import('./contact-form').then((m) => ({ default: m.ContactForm }))),
);
/** The form's height at each breakpoint, held while it loads, so nothing below it moves. */
const RESERVED = 'min-h-[490px] sm:min-h-[320px] lg:min-h-[330px]';
const placeholder = <div className={`${RESERVED} rounded-2xl bg-white shadow-sm ring-1 ring-slate-200`} />;

export function ContactSection() {
  const { supportEmail, supportPhone } = useRuntimeConfig();
  const { _ } = useLingui();
  return (
    <Section id="contact" labelledBy="contact-title" className="bg-sky-50/60">
      <SectionHeading
        id="contact-title"
        eyebrow={_('landing.contact.eyebrow')}
        title={_('landing.contact.title')}
        intro={_('landing.contact.intro')}
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h3 className="text-lg font-semibold text-slate-900">{_('landing.contact.direct')}</h3>
          {supportPhone && (
            <a href={telHref(supportPhone)} className="flex items-center gap-3 text-slate-700 hover:text-teal-700">
              <Phone className="size-5 text-teal-600" aria-hidden /> {supportPhone}
            </a>
          )}
          <a
            href={`mailto:${supportEmail}`}
            className="flex items-center gap-3 break-all text-slate-700 hover:text-teal-700"
          >
            <Mail className="size-5 shrink-0 text-teal-600" aria-hidden /> {supportEmail}
          </a>
          <p className="flex items-start gap-3 text-slate-700">
            <Clock className="mt-0.5 size-5 shrink-0 text-teal-600" aria-hidden />
            <span>
              {_('landing.contact.hours')}
              <br />
              <span className="text-sm text-slate-500">{_('landing.contact.replies')}</span>
            </span>
          </p>
        </div>
        <LoadWhenVisible placeholder={placeholder} reserve={RESERVED}>
          <Suspense fallback={placeholder}>
            <ContactForm />
          </Suspense>
        </LoadWhenVisible>
      </div>
    </Section>
  );
}
