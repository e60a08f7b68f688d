import { useEffect, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/auth-provider';
import { useProfile } from '@/lib/auth/api/get-profile';
import { DashboardDialogsProvider } from './dashboard-dialogs';
import { LiveConnectionProvider } from '@/lib/live/live-connection';
import { dashboardKeys } from './dashboard-keys';
import { LiveUpdates } from './live-updates';
import { DashboardHeader } from './overview/dashboard-header';
import { Welcome } from './overview/welcome';
import { RecordCards } from './overview/record-cards';
import { CoveragePrompt } from './overview/coverage-prompt';
import { FirstScreen } from './overview/first-screen';
import { ApplicationsSummary } from './applications/applications-summary';
import { DashboardDialogs } from './lazy-dialogs';
import { CheckoutProvider } from './billing/checkout';
import { isAwaitedPopup } from './billing/checkout-channel';
import { CheckoutPopupReturn, useDashboardLinks } from './billing/checkout-return';

// One feature, a folder per domain, each with its API hooks beside its components: records/ (doctors,
// prescriptions, insurance, documents: docs/product.md §6 Records), billing/ (§4 Subscriptions),
// applications/ (§5 Applications), eligibility/ (§15 Programs and eligibility), account/ (§7.6 Profile),
// support/. overview/ is what the page shows around the dialogs; the files at this level (query keys,
// dialogs, live updates, load errors) serve every domain.

// Fetched again on every connection: what changed before the socket listened shows (docs/architecture.md §8).
const CONNECT_REFETCH = [dashboardKeys.billing, dashboardKeys.applications];

/** The signed-in patient's dashboard (docs/product.md), live over one socket per tab. */
export default function DashboardPage() {
  const [params] = useSearchParams();
  // Back from checkout: in the popup, finish the card step and close, without a second dashboard.
  const [mode, setMode] = useState<'probing' | 'popup' | 'page'>(params.get('checkout') ? 'probing' : 'page');
  useEffect(() => {
    if (mode === 'probing') void isAwaitedPopup().then((popup) => setMode(popup ? 'popup' : 'page'));
  }, [mode]);
  if (mode === 'probing') return <PageSpinner />;
  if (mode === 'popup') return <CheckoutPopupReturn />;
  return (
    <DashboardDialogsProvider>
      <LiveConnectionProvider refetchOnConnect={CONNECT_REFETCH}>
        <CheckoutProvider>
          <LiveUpdates />
          <Dashboard />
        </CheckoutProvider>
      </LiveConnectionProvider>
    </DashboardDialogsProvider>
  );
}

function Dashboard() {
  const auth = useAuth();
  // The profile query (5 minutes, one retry) keeps the cards current; the session's user until it answers.
  const user = useProfile().data ?? auth.user;
  useDashboardLinks();
  if (!user) return null;
  return (
    <div className="min-h-dvh bg-slate-50">
      <DashboardHeader />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <Welcome user={user} />
        <FirstScreen>
          <CoveragePrompt />
          {/* Where each medication stands comes first: it is what patients come back to check. */}
          <ApplicationsSummary />
          <RecordCards user={user} />
        </FirstScreen>
      </main>
      <DashboardDialogs />
    </div>
  );
}
