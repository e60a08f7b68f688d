import { Link } from '@/lib/router';
import { AlertTriangle, Check, X } from 'lucide-react';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { buttonVariants } from '@/components/ui/button';
import { PacketDownloads } from './packet-downloads';

const STEPS = [
  {
    title: 'Download the application',
    text: 'Get the drug maker’s application for your medication. Our worksheet lists what every form asks for.',
  },
  {
    title: 'Gather your documents',
    text: 'Proof of income, insurance cards or proof of no coverage, denial letters and proof of residency.',
  },
  {
    title: 'Complete the 8-page form',
    text: 'Fill in every section. Your prescriber must complete and sign their part.',
  },
  {
    title: 'Submit by mail or fax',
    text: 'Send the complete packet to the program. Keep copies and a fax confirmation.',
  },
  {
    title: 'Wait 2-4 weeks',
    text: 'Programs review applications in 2-4 weeks. Call to check that nothing is missing.',
  },
  {
    title: 'Receive the decision',
    text: 'If approved, the program ships your medication. If denied, find out why and resubmit.',
  },
];

const CHALLENGES = [
  'Each drug maker has its own form, rules and income limits',
  'A single missing document or signature sends the packet back',
  'Prescriber offices are busy; forms wait weeks for a signature',
  'Hours on hold to confirm that the packet arrived',
  'Refills and yearly re-enrollment are easy to miss',
];

const REASONS = [
  'Human care navigators do the paperwork and the phone calls',
  'We coordinate directly with your prescriber',
  'Refills and renewals handled before they lapse',
  'Nothing due today; we charge only after approval',
];

const COMPARISON = [
  { label: 'Your time', diy: '8+ hours', service: '5-minute setup' },
  { label: 'Success rate', diy: '40% (60% rejected)', service: '95%' },
  { label: 'Support', diy: 'None', service: 'Human care navigators, reply within 24 hours' },
  { label: 'Prescriber coordination', diy: 'You chase the signature', service: 'We handle it' },
  { label: 'Renewals and refills', diy: 'You track them', service: 'Handled for you' },
  { label: 'Cost', diy: 'Free', service: '$49/mo, charged only after approval' },
];

export function DiyGuidePage() {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <section className="bg-gradient-to-b from-sky-50 to-white">
          <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
            <p className="text-sm font-semibold uppercase tracking-wider text-teal-700">Free DIY guide</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Apply for patient assistance yourself
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
              Everything you need to apply to a drug maker’s Patient Assistance Program on your own. Expect to spend 8+
              hours, with no support along the way.
            </p>
            <PacketDownloads />
          </div>
        </section>

        <section aria-labelledby="steps-title" className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
          <h2 id="steps-title" className="text-2xl font-bold text-slate-900">
            Six steps to apply
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2">
            {STEPS.map((s, i) => (
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
          aria-label="Challenges and reasons"
          className="mx-auto grid max-w-4xl gap-6 px-4 pb-12 sm:px-6 md:grid-cols-2"
        >
          <div className="rounded-2xl border border-amber-200 bg-amber-50 p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-amber-900">
              <AlertTriangle className="size-5" aria-hidden /> Common challenges
            </h2>
            <ul className="mt-4 space-y-2.5 text-sm text-amber-950">
              {CHALLENGES.map((c) => (
                <li key={c} className="flex gap-2">
                  <X className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden /> {c}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm font-medium text-amber-900">
              About 60% of DIY applications are rejected; only 40% succeed.
            </p>
          </div>
          <div className="rounded-2xl border border-teal-200 bg-teal-50 p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-teal-900">
              <Check className="size-5" aria-hidden /> Why patients choose RxBridge
            </h2>
            <ul className="mt-4 space-y-2.5 text-sm text-teal-950">
              {REASONS.map((r) => (
                <li key={r} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-teal-700" aria-hidden /> {r}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm font-medium text-teal-900">95% success rate with our service.</p>
          </div>
        </section>

        <section aria-labelledby="compare-title" className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
          <h2 id="compare-title" className="text-2xl font-bold text-slate-900">
            DIY vs. RxBridge
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
                    <span className="sr-only">Compared</span>
                  </th>
                  <th scope="col" className="p-4 font-semibold text-slate-900">
                    Do it yourself
                  </th>
                  <th scope="col" className="p-4 font-semibold text-teal-800">
                    RxBridge
                  </th>
                </tr>
              </thead>
              <tbody>
                {COMPARISON.map((r) => (
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
            <h2 className="text-2xl font-bold">Rather have us do it?</h2>
            <p className="mt-2 text-teal-50">Set up takes 5 minutes and nothing is due today.</p>
            <Link to="/dashboard" className={buttonVariants({ variant: 'inverse', size: 'lg', className: 'mt-6' })}>
              Start Your Application
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
