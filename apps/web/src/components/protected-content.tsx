import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { useAuth } from '@/lib/auth/auth-provider';
import { PageSpinner } from '@/components/ui/spinner';

/** A spinner while authentication loads, then the content if signed in, else the fallback. */
export function ProtectedContent({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { isInitializing, isReconnecting, isAuthenticated } = useAuth();
  const { _ } = useLingui();
  if (isInitializing) return <PageSpinner note={isReconnecting ? _('common.reconnecting') : undefined} />;
  return <>{isAuthenticated ? children : fallback}</>;
}
