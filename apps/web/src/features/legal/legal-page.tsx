import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** Shared frame of the terms and privacy pages: header with sign-in openers, a readable column, footer. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  useScrollToHash();
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-500">Last updated {updated}</p>
          <article className="mt-8 space-y-8 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-10 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_p]:leading-relaxed [&_section]:space-y-3 [&_ul]:space-y-1.5">
            {children}
          </article>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
