import { useLingui } from '@lingui/react';
import { Link } from '@/lib/router';
import { AlertTriangle, Check, X } from 'lucide-react';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { buttonVariants } from '@/components/ui/button';
import { PacketDownloads } from './packet-downloads';
import { guideChallenges, guideComparison, guideReasons, guideSteps } from './guide-content';

export function DiyGuidePage() {
  const { _ } = useLingui();
  return (
    <>
      <SiteHeader />
      <main id="main">
        <section className="bg-gradient-to-b from-sky-50 to-white">
          <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
            <p className="text-sm font-semibold uppercase tracking-wider text-teal-700">
              {_('diy-guide.hero.eyebrow')}
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              {_('diy-guide.hero.title')}
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">{_('diy-guide.hero.intro')}</p>
            <PacketDownloads />
          </div>
        </section>

        <section aria-labelledby="steps-title" className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
          <h2 id="steps-title" className="text-2xl font-bold text-slate-900">
            {_('diy-guide.steps.title')}
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2">
            {guideSteps(_).map((s, i) => (
              <li key={s.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5">
                <span
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-600 font-bold text-white"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{s.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section
          aria-label={_('diy-guide.sides.label')}
          className="mx-auto grid max-w-4xl gap-6 px-4 pb-12 sm:px-6 md:grid-cols-2"
        >
          <div className="rounded-2xl border border-amber-200 bg-amber-50 p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-amber-900">
              <AlertTriangle className="size-5" aria-hidden /> {_('diy-guide.challenges.title')}
            </h2>
            <ul className="mt-4 space-y-2.5 text-sm text-amber-950">
              {guideChallenges(_).map((c) => (
                <li key={c} className="flex gap-2">
                  <X className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden /> {c}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm font-medium text-amber-900">{_('diy-guide.challenges.rate')}</p>
          </div>
          <div className="rounded-2xl border border-teal-200 bg-teal-50 p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-teal-900">
              <Check className="size-5" aria-hidden /> {_('diy-guide.reasons.title')}
            </h2>
            <ul className="mt-4 space-y-2.5 text-sm text-teal-950">
              {guideReasons(_).map((r) => (
                <li key={r} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-teal-700" aria-hidden /> {r}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm font-medium text-teal-900">{_('diy-guide.reasons.rate')}</p>
          </div>
        </section>

        <section aria-labelledby="compare-title" className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
          <h2 id="compare-title" className="text-2xl font-bold text-slate-900">
            {_('diy-guide.compare.title')}
          </h2>
          {/* Scrolls sideways on phones: focusable and named, so a keyboard can scroll it too. */}
          <div
            role="region"
            aria-labelledby="compare-title"
            tabIndex={0}
            className="mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-teal-500"
          >
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="p-4 font-semibold text-slate-900">
                    <span className="sr-only">{_('diy-guide.compare.compared')}</span>
                  </th>
                  <th scope="col" className="p-4 font-semibold text-slate-900">
                    {_('diy-guide.compare.diy')}
                  </th>
                  <th scope="col" className="p-4 font-semibold text-teal-800">
                    RxBridge
                  </th>
                </tr>
              </thead>
              <tbody>
                {guideComparison(_).map((r) => (
                  <tr key={r.label} className="border-t border-slate-100">
                    <th scope="row" className="p-4 font-medium text-slate-900">
                      {r.label}
                    </th>
                    <td className="p-4 text-slate-600">{r.diy}</td>
                    <td className="p-4 font-medium text-teal-800">{r.service}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-10 rounded-3xl bg-teal-700 p-8 text-center text-white">
            <h2 className="text-2xl font-bold">{_('diy-guide.cta.title')}</h2>
            <p className="mt-2 text-teal-50">{_('diy-guide.cta.text')}</p>
            <Link to="/dashboard" className={buttonVariants({ variant: 'inverse', size: 'lg', className: 'mt-6' })}>
              {_('diy-guide.cta.start')}
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
