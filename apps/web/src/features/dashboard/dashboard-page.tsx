import { useEffect, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/auth-provider';
import { useProfile } from '@/lib/auth/api/get-profile';
import { DashboardDialogsProvider } from './dashboard-dialogs';
import { LiveConnectionProvider } from '@/lib/live/live-connection';
import { dashboardKeys } from './api/keys';
import { LiveUpdates } from './realtime/live-updates';
import { DashboardHeader } from './components/dashboard-header';
import { Welcome } from './components/welcome';
import { RecordCards } from './components/record-cards';
import { ApplicationsSummary } from './components/applications/applications-summary';
import { ProfileDialog } from './components/profile/profile-dialog';
import { ChangePasswordDialog } from './components/profile/change-password-dialog';
import { EligibilityDialog } from './components/eligibility/eligibility-dialog';
import { InsuranceDialog } from './components/records/insurance-dialog';
import { DoctorsDialog } from './components/records/doctors-dialog';
import { PrescriptionsDialog } from './components/records/prescriptions-dialog';
import { DocumentsDialog } from './components/documents/documents-dialog';
import { BillingDialog } from './components/billing/billing-dialog';
import { ApplicationDialog } from './components/applications/application-dialog';
import { SupportDialog } from './components/support/support-dialog';
import { CheckoutProvider } from './components/billing/checkout';
import { isAwaitedPopup } from './components/billing/checkout-channel';
import { CheckoutPopupReturn, useDashboardLinks } from './components/billing/checkout-return';

// The applications replay on reconnect (auth.since); billing has no replay, so it is fetched again.
const RECONNECT_REFETCH = [dashboardKeys.billing, dashboardKeys.applications];

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
      <LiveConnectionProvider refetchOnReconnect={RECONNECT_REFETCH}>
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
        {/* Where each medication stands comes first: it is what patients come back to check. */}
        <ApplicationsSummary />
        <RecordCards user={user} />
      </main>
      <ProfileDialog />
      <ChangePasswordDialog />
      <EligibilityDialog />
      <InsuranceDialog />
      <DoctorsDialog />
      <PrescriptionsDialog />
      <DocumentsDialog />
      <BillingDialog />
      <ApplicationDialog />
      <SupportDialog />
    </div>
  );
}
