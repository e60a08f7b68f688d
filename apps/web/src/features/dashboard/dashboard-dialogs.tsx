import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type DashboardDialog =
  | 'profile'
  | 'change-password'
  | 'eligibility'
  | 'insurance'
  | 'doctors'
  | 'prescriptions'
  | 'documents'
  | 'billing'
  | 'support'
  | 'application';
export type BillingTab = 'subscription' | 'history';

interface DialogState {
  current: DashboardDialog | null;
  billingTab: BillingTab;
  applicationId: string | null;
}

interface DashboardDialogsValue extends DialogState {
  open(dialog: Exclude<DashboardDialog, 'billing' | 'application'>): void;
  openBilling(tab?: BillingTab): void;
  openApplication(applicationId: string): void;
  setBillingTab(tab: BillingTab): void;
  close(): void;
}

const Context = createContext<DashboardDialogsValue | null>(null);

/** One dashboard dialog at a time; a dialog can hand over to another (a new prescription -> billing). */
export function DashboardDialogsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>({ current: null, billingTab: 'subscription', applicationId: null });
  const open = useCallback((current: DashboardDialog) => setState((s) => ({ ...s, current })), []);
  const openBilling = useCallback(
    (billingTab: BillingTab = 'subscription') => setState((s) => ({ ...s, current: 'billing', billingTab })),
    [],
  );
  const openApplication = useCallback(
    (applicationId: string) => setState((s) => ({ ...s, current: 'application', applicationId })),
    [],
  );
  const setBillingTab = useCallback((billingTab: BillingTab) => setState((s) => ({ ...s, billingTab })), []);
  const close = useCallback(() => setState((s) => ({ ...s, current: null })), []);
  const value = useMemo(
    () => ({ ...state, open, openBilling, openApplication, setBillingTab, close }),
    [state, open, openBilling, openApplication, setBillingTab, close],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useDashboardDialogs(): DashboardDialogsValue {
  const ctx = useContext(Context);
  if (!ctx) throw new Error('useDashboardDialogs must be used inside <DashboardDialogsProvider>');
  return ctx;
}

/** Props for a <Dialog> that is open while `name` is the current dashboard dialog. */
export function useDialogProps(name: DashboardDialog) {
  const dialogs = useDashboardDialogs();
  return {
    open: dialogs.current === name,
    onOpenChange: (open: boolean) => {
      if (!open && dialogs.current === name) dialogs.close();
    },
  };
}
