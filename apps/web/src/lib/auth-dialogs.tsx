import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PlanTier } from '@rxbridge/contracts';

/** Which sign-in dialog is open; any page can open one (header buttons, plan cards, legal pages). */
export type AuthDialog = 'login' | 'signup' | 'forgot-password' | null;

/**
 * What a visitor already told the landing page (the eligibility check's medication, the plan picked),
 * carried into the signup wizard. Held in memory only: health data never goes into an address
 * (docs/architecture.md §13).
 */
export interface SignupPrefill {
  medication?: string;
  tier?: PlanTier;
}

interface AuthDialogsValue {
  current: AuthDialog;
  signupPrefill: SignupPrefill | null;
  open(dialog: Exclude<AuthDialog, null>, prefill?: SignupPrefill): void;
  close(): void;
}

const AuthDialogsContext = createContext<AuthDialogsValue | null>(null);

export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ current: AuthDialog; signupPrefill: SignupPrefill | null }>({
    current: null,
    signupPrefill: null,
  });
  const value = useMemo<AuthDialogsValue>(
    () => ({
      ...state,
      // A prefill lasts while the visitor moves between the sign-in dialogs, until one is closed; a new one adds to it.
      open: (current, prefill) =>
        setState((s) => ({ current, signupPrefill: prefill ? { ...s.signupPrefill, ...prefill } : s.signupPrefill })),
      close: () => setState({ current: null, signupPrefill: null }),
    }),
    [state],
  );
  return <AuthDialogsContext.Provider value={value}>{children}</AuthDialogsContext.Provider>;
}

export function useAuthDialogs(): AuthDialogsValue {
  const ctx = useContext(AuthDialogsContext);
  if (!ctx) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return ctx;
}
