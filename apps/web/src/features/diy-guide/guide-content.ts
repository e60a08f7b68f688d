import type { I18n } from '@lingui/core';
import { planCard } from '@/lib/plans';

type Translate = I18n['_'];

// The guide's lists in the active language (docs/product.md §2, DIY guide): literal keys, so the
// catalogue completeness spec sees each one.

export const guideSteps = (_: Translate) => [
  { title: _('diy-guide.steps.download.title'), text: _('diy-guide.steps.download.text') },
  { title: _('diy-guide.steps.gather.title'), text: _('diy-guide.steps.gather.text') },
  { title: _('diy-guide.steps.complete.title'), text: _('diy-guide.steps.complete.text') },
  { title: _('diy-guide.steps.submit.title'), text: _('diy-guide.steps.submit.text') },
  { title: _('diy-guide.steps.wait.title'), text: _('diy-guide.steps.wait.text') },
  { title: _('diy-guide.steps.decision.title'), text: _('diy-guide.steps.decision.text') },
];

export const guideChallenges = (_: Translate) => [
  _('diy-guide.challenges.forms'),
  _('diy-guide.challenges.missing'),
  _('diy-guide.challenges.prescribers'),
  _('diy-guide.challenges.hold'),
  _('diy-guide.challenges.refills'),
];

export const guideReasons = (_: Translate) => [
  _('diy-guide.reasons.navigators'),
  _('diy-guide.reasons.prescriber'),
  _('diy-guide.reasons.renewals'),
  _('diy-guide.reasons.nothingDue'),
];

export const guideComparison = (_: Translate) => [
  {
    label: _('diy-guide.compare.time'),
    diy: _('diy-guide.compare.time.diy'),
    service: _('diy-guide.compare.time.service'),
  },
  {
    label: _('diy-guide.compare.success'),
    diy: _('diy-guide.compare.success.diy'),
    service: _('diy-guide.compare.success.service'),
  },
  {
    label: _('diy-guide.compare.support'),
    diy: _('diy-guide.compare.support.diy'),
    service: _('diy-guide.compare.support.service'),
  },
  {
    label: _('diy-guide.compare.prescriber'),
    diy: _('diy-guide.compare.prescriber.diy'),
    service: _('diy-guide.compare.prescriber.service'),
  },
  {
    label: _('diy-guide.compare.renewals'),
    diy: _('diy-guide.compare.renewals.diy'),
    service: _('diy-guide.compare.renewals.service'),
  },
  {
    label: _('diy-guide.compare.cost'),
    diy: _('diy-guide.compare.cost.diy'),
    // The price comes from libs/domain, like every price the site shows (docs/product.md §3).
    service: _('diy-guide.compare.cost.service', { price: planCard('ONGOING_CARE').price }),
  },
];
