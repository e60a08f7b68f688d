import { ExternalLink } from 'lucide-react';
import type { RouteKindValue, RouteView } from '@rxbridge/contracts';
import { EligibilityVerdictBadge } from '@/components/eligibility/eligibility-verdict-badge';

/** What each route is, in a patient's words (docs/product.md §19). */
export const ROUTE_KIND_LABEL: Record<RouteKindValue, string> = {
  PAP: "Maker's free-medicine program",
  COPAY_CARD: "Maker's copay savings card",
  FOUNDATION: 'Charity disease fund',
  EXTRA_HELP: "Medicare's Extra Help",
  MEDICARE_PAYMENT_PLAN: 'Medicare Prescription Payment Plan',
};

/** What to do next on a route, by kind; a route ruled out says where else to look. */
function nextStep(route: RouteView): string {
  if (route.verdict === 'NOT_ELIGIBLE') return 'Not a route for you now; look at the other routes here.';
  switch (route.kind) {
    case 'PAP':
      return 'A care navigator prepares the application, gets your doctor to sign and sends it.';
    case 'COPAY_CARD':
      return "Sign up on the card's page and show the card at your pharmacy with your insurance card.";
    case 'FOUNDATION':
      return route.fund?.status === 'WAITLIST'
        ? "Join the fund's waiting list on its page; a navigator can watch for it to open."
        : "Apply on the foundation's page soon: funds close when their money runs out.";
    case 'EXTRA_HELP':
      return 'Apply to Social Security online or by phone; there is no cost to apply.';
    case 'MEDICARE_PAYMENT_PLAN':
      return 'Call your drug plan and ask to join the Medicare Prescription Payment Plan.';
  }
}

function routeTitle(route: RouteView): { title: string; sponsor: string | null } {
  if (route.fund && route.program) return { title: route.fund.name, sponsor: route.program.name };
  if (route.program) return { title: route.program.name, sponsor: route.program.sponsor };
  return { title: ROUTE_KIND_LABEL[route.kind], sponsor: null };
}

/** One card per route, best first as the API answers them; every fact links to the page it was read on. */
export function RouteCards({ routes, label = 'Your routes' }: { routes: readonly RouteView[]; label?: string }) {
  return (
    <ul className="space-y-3" aria-label={label}>
      {routes.map((route) => {
        const { title, sponsor } = routeTitle(route);
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
                  {ROUTE_KIND_LABEL[route.kind]}
                </p>
                <p className="font-semibold text-slate-900">{title}</p>
                {sponsor && <p className="text-sm text-slate-600">{sponsor}</p>}
              </div>
              <EligibilityVerdictBadge verdict={route.verdict} />
            </div>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700" aria-label="Why">
              {route.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-900">
              <strong>Next: </strong>
              {nextStep(route)}
            </p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {route.website && (
                <a
                  href={route.website}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-teal-800 underline"
                >
                  {sponsor ?? ROUTE_KIND_LABEL[route.kind]}: their page
                  <ExternalLink className="size-3.5" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              )}
              <a href={route.source.url} target="_blank" rel="noreferrer" className="text-slate-700 underline">
                Source, read {route.source.checkedOn}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
