import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { Link, useLocation } from '@/lib/router';
import { intlLocale, localizedPath, useLanguage } from '@/lib/i18n';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** "January 1, 2025" / "1 de enero de 2025": a calendar day, the same in every time zone. */
const formatDay = (isoDay: string) =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));

/**
 * Shared frame of the terms and privacy pages: header with sign-in openers, a readable column, footer.
 * In another language the text is a courtesy translation and the English page prevails (docs/product.md §2,
 * Terms and Privacy): a notice says so first and links to it. The address says the language, so the
 * link changes no remembered choice.
 */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  /** The day of the last change, YYYY-MM-DD. */
  updated: string;
  children: ReactNode;
}) {
  useScrollToHash();
  const { _ } = useLingui();
  const { language } = useLanguage();
  const { pathname } = useLocation();
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          {language !== 'en' && (
            <p role="note" className="mb-6 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
              <Trans
                id="legal.courtesy"
                components={{
                  0: <Link to={localizedPath(pathname, 'en')} hrefLang="en" className="font-medium underline" />,
                }}
              />
            </p>
          )}
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-500">{_('legal.updated', { date: formatDay(updated) })}</p>
          <article className="mt-8 space-y-8 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-10 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_p]:leading-relaxed [&_section]:space-y-3 [&_ul]:space-y-1.5">
            {children}
          </article>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
