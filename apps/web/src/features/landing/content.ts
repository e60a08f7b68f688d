import type { I18n } from '@lingui/core';
import { planCard, type PlanCard } from '@/lib/plans';

// Landing-page copy and figures of docs/product.md, in one place; the words are in the landing
// catalogue (src/locales/<language>/landing.json), named by literal keys so the completeness spec sees them.
type Translate = I18n['_'];

export const popularMedications = (_: Translate) =>
  [
    { name: 'Ozempic', use: _('landing.use.diabetes'), retailCents: 110000 },
    { name: 'Eliquis', use: _('landing.use.bloodThinner'), retailCents: 60000 },
    { name: 'Humira', use: _('landing.use.rheumatology'), retailCents: 700000 },
    { name: 'Trelegy Ellipta', use: _('landing.use.copd'), retailCents: 65000 },
  ] as const;

/** What follows a plan's price ("/mo", "/mes"; " one-time"): the plan cards' and the hero's cadence. */
export function planCadence(_: Translate, interval: PlanCard['interval']): string {
  if (interval === 'month') return _('landing.plan.cadence.month');
  if (interval === 'one_time') return _('landing.plan.cadence.oneTime');
  return '';
}

/** "$49/mo" ("$49/mes"): the Ongoing Care price shown beside every popular medication, as its plan card says it. */
export const subscriptionPrice = (_: Translate) => planCard('ONGOING_CARE').price + planCadence(_, 'month');

export const stats = (_: Translate) => [
  { value: _('landing.stats.setup.value'), label: _('landing.stats.setup.label') },
  { value: _('landing.stats.success.value'), label: _('landing.stats.success.label') },
  { value: _('landing.stats.turnaround.value'), label: _('landing.stats.turnaround.label') },
  { value: _('landing.stats.reply.value'), label: _('landing.stats.reply.label') },
];

export const features = (_: Translate) => [
  { title: _('landing.feature.matching.title'), text: _('landing.feature.matching.text') },
  { title: _('landing.feature.secure.title'), text: _('landing.feature.secure.text') },
  { title: _('landing.feature.advocates.title'), text: _('landing.feature.advocates.text') },
];

export const medicationAreas = (_: Translate) => [
  _('landing.area.diabetes'),
  _('landing.area.cardiology'),
  _('landing.area.respiratory'),
  _('landing.area.oncology'),
  _('landing.area.rheumatology'),
  _('landing.area.neurology'),
  _('landing.area.dermatology'),
  _('landing.area.hiv'),
];

export const howItWorks = (_: Translate) => [
  { title: _('landing.how.signup.title'), text: _('landing.how.signup.text') },
  { title: _('landing.how.setup.title'), text: _('landing.how.setup.text') },
  { title: _('landing.how.paperwork.title'), text: _('landing.how.paperwork.text') },
  { title: _('landing.how.arrives.title'), text: _('landing.how.arrives.text') },
];

export const testimonials = (_: Translate) => [
  {
    quote: _('landing.testimonial.maria.quote'),
    name: 'Maria G.',
    detail: _('landing.testimonial.maria.detail'),
  },
  {
    quote: _('landing.testimonial.james.quote'),
    name: 'James R.',
    detail: _('landing.testimonial.james.detail'),
  },
  {
    quote: _('landing.testimonial.linda.quote'),
    name: 'Linda K.',
    detail: _('landing.testimonial.linda.detail'),
  },
];

export const faq = (_: Translate) => [
  { q: _('landing.faq.pap.q'), a: _('landing.faq.pap.a') },
  { q: _('landing.faq.charged.q'), a: _('landing.faq.charged.a') },
  { q: _('landing.faq.cost.q'), a: _('landing.faq.cost.a') },
  { q: _('landing.faq.time.q'), a: _('landing.faq.time.a') },
  { q: _('landing.faq.pharmacy.q'), a: _('landing.faq.pharmacy.a') },
  { q: _('landing.faq.safe.q'), a: _('landing.faq.safe.a') },
  { q: _('landing.faq.diy.q'), a: _('landing.faq.diy.a') },
];

export const whyOngoingCare = (_: Translate) => [
  _('landing.plans.why.refills'),
  _('landing.plans.why.reenrollment'),
  _('landing.plans.why.navigator'),
  _('landing.plans.why.reply'),
];
