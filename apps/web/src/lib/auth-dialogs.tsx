import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** Which sign-in dialog is open; any page can open one (header buttons, plan cards, legal pages). */
export type AuthDialog = 'login' | 'signup' | 'forgot-password' | null;

interface AuthDialogsValue {
  current: AuthDialog;
  open(dialog: Exclude<AuthDialog, null>): void;
  close(): void;
}

const AuthDialogsContext = createContext<AuthDialogsValue | null>(null);

export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthDialog>(null);
  const value = useMemo<AuthDialogsValue>(
    () => ({ current, open: setCurrent, close: () => setCurrent(null) }),
    [current],
  );
  return <AuthDialogsContext.Provider value={value}>{children}</AuthDialogsContext.Provider>;
}

export function useAuthDialogs(): AuthDialogsValue {
  const ctx = useContext(AuthDialogsContext);
  if (!ctx) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return ctx;
}
