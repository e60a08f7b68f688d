import { ExternalLink } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import type { RouteKindValue, RouteView } from '@rxbridge/contracts';
import { EligibilityVerdictBadge } from '@/components/eligibility/eligibility-verdict-badge';
import { formatDate } from '@/lib/format';

type Translate = I18n['_'];

/** What each route is, in a patient's words (docs/product.md §19). */
function routeKindLabel(kind: RouteKindValue, _: Translate): string {
  switch (kind) {
    case 'PAP':
      return _('records.route.kind.pap');
    case 'COPAY_CARD':
      return _('records.route.kind.copayCard');
    case 'FOUNDATION':
      return _('records.route.kind.foundation');
    case 'EXTRA_HELP':
      return _('records.route.kind.extraHelp');
    case 'MEDICARE_PAYMENT_PLAN':
      return _('records.route.kind.paymentPlan');
  }
}

/** What to do next on a route, by kind; a route ruled out says where else to look. */
function nextStep(route: RouteView, _: Translate): string {
  if (route.verdict === 'NOT_ELIGIBLE') return _('records.route.next.notNow');
  switch (route.kind) {
    case 'PAP':
      return _('records.route.next.pap');
    case 'COPAY_CARD':
      return _('records.route.next.copayCard');
    case 'FOUNDATION':
      return route.fund?.status === 'WAITLIST'
        ? _('records.route.next.foundationWaitlist')
        : _('records.route.next.foundation');
    case 'EXTRA_HELP':
      return _('records.route.next.extraHelp');
    case 'MEDICARE_PAYMENT_PLAN':
      return _('records.route.next.paymentPlan');
  }
}

function routeTitle(route: RouteView, _: Translate): { title: string; sponsor: string | null } {
  if (route.fund && route.program) return { title: route.fund.name, sponsor: route.program.name };
  if (route.program) return { title: route.program.name, sponsor: route.program.sponsor };
  return { title: routeKindLabel(route.kind, _), sponsor: null };
}

/** One card per route, best first as the API answers them; every fact links to the page it was read on. */
export function RouteCards({ routes, label }: { routes: readonly RouteView[]; label?: string }) {
  const { _ } = useLingui();
  return (
    <ul className="space-y-3" aria-label={label ?? _('records.route.yours')}>
      {routes.map((route) => {
        const { title, sponsor } = routeTitle(route, _);
        const key = `${route.kind}:${route.program?.id ?? ''}:${route.fund?.id ?? ''}`;
        return (
          <li
            key={key}
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
            aria-label={title}
            data-route-kind={route.kind}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="text-xs font-semibold tracking-wide text-teal-800 uppercase">
                  {routeKindLabel(route.kind, _)}
                </p>
                <p className="font-semibold text-slate-900">{title}</p>
                {sponsor && <p className="text-sm text-slate-600">{sponsor}</p>}
              </div>
              <EligibilityVerdictBadge verdict={route.verdict} />
            </div>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700" aria-label={_('records.route.why')}>
              {route.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-900">
              <strong>{_('records.route.nextLabel')} </strong>
              {nextStep(route, _)}
            </p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {route.website && (
                <a
                  href={route.website}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-teal-800 underline"
                >
                  {_('records.route.theirPage', { name: sponsor ?? routeKindLabel(route.kind, _) })}
                  <ExternalLink className="size-3.5" aria-hidden />
                  <span className="sr-only">{_('records.route.newTab')}</span>
                </a>
              )}
              <a href={route.source.url} target="_blank" rel="noreferrer" className="text-slate-700 underline">
                {_('records.route.source', { date: formatDate(route.source.checkedOn) })}
                <span className="sr-only"> {_('records.route.newTab')}</span>
              </a>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
