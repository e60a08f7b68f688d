import { lazy, Suspense, useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import { ArrowRight, BadgeCheck, HeartHandshake, Lock, ShieldCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { Button, buttonVariants } from '@/components/ui/button';
import { dollars } from '@/lib/plans';
import { popularMedications, stats, subscriptionPrice } from '../content';

// The tooltip's code (radix and its positioning) loads when a pointer reaches the button or the keyboard is
// first used, so it costs the page's load nothing; until then the button is plain. Not on the button's own
// focus: swapping the button then would drop the focus.
const Tooltip = lazy(() => import('@/components/ui/tooltip').then((m) => ({ default: m.Tooltip })));

export function HeroSection() {
  const dialogs = useAuthDialogs();
  const { _ } = useLingui();
  const trust = [
    { icon: ShieldCheck, label: _('landing.trust.hipaa') },
    { icon: Lock, label: _('landing.trust.encrypted') },
    { icon: HeartHandshake, label: _('landing.trust.navigators') },
  ];
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-sky-50 via-white to-white"
    >
      <div
        className="pointer-events-none absolute -right-40 -top-40 size-[32rem] rounded-full bg-teal-100/60 blur-3xl"
        aria-hidden
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-teal-50 px-3 py-1 text-sm font-medium text-teal-800 ring-1 ring-teal-200">
            <BadgeCheck className="size-4" aria-hidden /> {_('landing.hero.badge')}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl"
          >
            <Trans id="landing.hero.title" components={{ 0: <span className="text-teal-600" /> }} />
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600">
            <Trans id="landing.hero.intro" components={{ 0: <strong className="text-slate-900" /> }} />
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={() => dialogs.open('signup')}>
              {_('landing.hero.start')} <ArrowRight aria-hidden />
            </Button>
            <a href="#how-it-works" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
              {_('landing.hero.seeHow')}
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-3 text-sm text-slate-700">
            {trust.map(({ icon: Icon, label }) => (
              <li key={label} className="inline-flex items-center gap-2">
                <Icon className="size-5 text-teal-600" aria-hidden /> {label}
              </li>
            ))}
          </ul>
        </div>

        <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-sky-100/60 sm:p-8">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{_('landing.popular.title')}</h2>
            <PriceTooltip />
          </div>
          <ul className="mt-5 divide-y divide-slate-100">
            {popularMedications(_).map((m) => (
              <li key={m.name} className="flex items-center justify-between gap-4 py-4">
                <div>
                  <p className="font-semibold text-slate-900">{m.name}</p>
                  <p className="text-sm text-slate-500">{m.use}</p>
                </div>
                <div className="text-right">
                  <p
                    className="text-sm text-slate-500 line-through"
                    aria-label={_('landing.popular.retailLabel', { price: dollars(m.retailCents) })}
                  >
                    {_('landing.popular.retail', { price: dollars(m.retailCents) })}
                  </p>
                  <p className="text-lg font-bold text-teal-700">{subscriptionPrice(_)}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-4 rounded-xl bg-sky-50 p-3 text-xs text-sky-900">{_('landing.popular.note')}</p>
        </div>
      </div>

      <div className="relative mx-auto max-w-6xl px-4 pb-12 sm:px-6">
        <dl className="grid grid-cols-2 gap-4 rounded-2xl bg-slate-900 p-6 text-center text-white sm:grid-cols-4">
          {stats(_).map((s) => (
            <div key={s.label}>
              <dt className="sr-only">{s.label}</dt>
              <dd className="text-2xl font-bold text-teal-300 sm:text-3xl">{s.value}</dd>
              <dd className="mt-1 text-sm text-slate-300">{s.label}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function PriceTooltip() {
  const { _ } = useLingui();
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  useEffect(() => {
    if (wanted) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Tab' && setWanted(true);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wanted]);
  if (!wanted) return <PriceButton onPointerEnter={want} onTouchStart={want} />;
  return (
    <Suspense fallback={<PriceButton />}>
      <Tooltip content={_('landing.popular.tooltip')}>
        <PriceButton />
      </Tooltip>
    </Suspense>
  );
}

function PriceButton(props: ComponentPropsWithoutRef<'button'>) {
  const { _ } = useLingui();
  return (
    <button
      type="button"
      {...props}
      className="rounded-full bg-teal-50 px-3 py-1 text-xs font-semibold text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-500"
    >
      {_('landing.popular.withRxBridge', { price: subscriptionPrice(_) })}
    </button>
  );
}
