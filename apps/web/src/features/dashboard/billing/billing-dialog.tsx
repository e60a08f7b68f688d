import { useLingui } from '@lingui/react';
import { Dialog } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDashboardDialogs, useDialogProps, type BillingTab } from '../dashboard-dialogs';
import { SubscriptionTab } from './subscription-tab';
import { PaymentHistoryTab } from './payment-history-tab';
import { KeptDraftsNotice } from '../records/kept-drafts-notice';

export function BillingDialog() {
  const dialogs = useDashboardDialogs();
  const { _ } = useLingui();
  return (
    <Dialog {...useDialogProps('billing')} title={_('dashboard.billing.dialog.title')} className="max-w-2xl">
      <KeptDraftsNotice />
      <Tabs value={dialogs.billingTab} onValueChange={(tab) => dialogs.setBillingTab(tab as BillingTab)}>
        <TabsList aria-label={_('dashboard.billing.dialog.tabs')}>
          <TabsTrigger value="subscription">{_('dashboard.billing.dialog.subscription')}</TabsTrigger>
          <TabsTrigger value="history">{_('dashboard.billing.dialog.history')}</TabsTrigger>
        </TabsList>
        <TabsContent value="subscription">
          <SubscriptionTab />
        </TabsContent>
        <TabsContent value="history">
          <PaymentHistoryTab />
        </TabsContent>
      </Tabs>
    </Dialog>
  );
}
