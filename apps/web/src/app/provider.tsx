import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { AuthDialogsProvider } from '@/lib/auth-dialogs';
import { MaintenanceGate } from '@/features/maintenance/maintenance-gate';
import { ChatWidget } from '@/components/chat-widget';
import { useHydrated } from '@/lib/prerendered';

// Toasts come from user actions; their code loads just after the page (a toast raised earlier still shows).
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Not in a pre-rendered page's HTML: loaded once the page is hydrated.
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <MaintenanceGate>
        <AuthProvider>
          <AuthDialogsProvider>{children}</AuthDialogsProvider>
        </AuthProvider>
      </MaintenanceGate>
      {/* Outside the gate: the chat loads on the maintenance page too, and only on public pages (docs/product.md §9). */}
      <ChatWidget />
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
