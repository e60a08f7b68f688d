import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-provider';
import { PageSpinner } from '@/components/ui/spinner';

/** A spinner while authentication loads, then the content if signed in, else the fallback. */
export function ProtectedContent({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { isInitializing, isAuthenticated } = useAuth();
  if (isInitializing) return <PageSpinner />;
  return <>{isAuthenticated ? children : fallback}</>;
}
