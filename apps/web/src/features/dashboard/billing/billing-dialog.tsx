import { Dialog } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDashboardDialogs, useDialogProps, type BillingTab } from '../dashboard-dialogs';
import { SubscriptionTab } from './subscription-tab';
import { PaymentHistoryTab } from './payment-history-tab';

export function BillingDialog() {
  const dialogs = useDashboardDialogs();
  return (
    <Dialog {...useDialogProps('billing')} title="Subscription and billing" className="max-w-2xl">
      <Tabs value={dialogs.billingTab} onValueChange={(tab) => dialogs.setBillingTab(tab as BillingTab)}>
        <TabsList aria-label="Billing">
          <TabsTrigger value="subscription">Subscription</TabsTrigger>
          <TabsTrigger value="history">Payment History</TabsTrigger>
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
