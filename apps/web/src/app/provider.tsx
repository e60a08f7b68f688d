import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { AuthDialogsProvider } from '@/lib/auth-dialogs';
import { TooltipProvider } from '@/components/ui/tooltip';
import { Toaster } from '@/components/ui/toaster';
import { MaintenanceGate } from '@/features/maintenance/maintenance-gate';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <MaintenanceGate>
          <AuthProvider>
            <AuthDialogsProvider>{children}</AuthDialogsProvider>
          </AuthProvider>
        </MaintenanceGate>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
