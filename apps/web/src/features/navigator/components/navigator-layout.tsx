import type { ReactNode } from 'react';
import { NavLink, useNavigate } from '@/lib/router';
import { toast } from 'sonner';
import { Activity, BarChart3, ListChecks, LogOut, MessageSquare, ScrollText, WifiOff } from 'lucide-react';
import { MESSAGES } from '@rxbridge/contracts';
import { useAuth } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/utils';
import { Logo } from '@/components/layout/logo';
import { SkipLink } from '@/components/layout/skip-link';
import { Button } from '@/components/ui/button';
import { useLiveConnection } from '@/lib/live/live-connection';

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    // Phones fit more links on a row by dropping their icons.
    'inline-flex items-center gap-1.5 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-teal-500 max-sm:[&_svg]:hidden [&_svg]:size-4',
    isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

/**
 * The console's frame: logo, Work queue, Messages, Insights, Queue health and Audit log (admins), who is signed in,
 * Logout.
 */
export function NavigatorLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const onLogout = async () => {
    await logout();
    toast.success(MESSAGES.loggedOut);
    navigate('/');
  };
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <SkipLink>Skip to content</SkipLink>
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo to="/navigator" />
            <span className="hidden rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-semibold text-teal-800 ring-1 ring-inset ring-teal-600/20 sm:inline">
              Navigator console
            </span>
          </div>
          {/* Phones: a second row under the logo; wider screens: beside it. */}
          <nav aria-label="Console" className="order-last flex w-full flex-wrap gap-1 sm:order-none sm:w-auto">
            <NavLink to="/navigator" end className={navLink}>
              <ListChecks aria-hidden /> Work queue
            </NavLink>
            <NavLink to="/navigator/messages" className={navLink}>
              <MessageSquare aria-hidden /> Messages
            </NavLink>
            <NavLink to="/navigator/insights" className={navLink}>
              <BarChart3 aria-hidden /> Insights
            </NavLink>
            {user?.role === 'ADMIN' && (
              <>
                <NavLink to="/navigator/queues" className={navLink}>
                  <Activity aria-hidden /> Queue health
                </NavLink>
                <NavLink to="/navigator/audit" className={navLink}>
                  <ScrollText aria-hidden /> Audit log
                </NavLink>
              </>
            )}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <span className="hidden text-sm text-slate-600 md:inline">
              {user?.firstName} {user?.lastName}
            </span>
            <Button variant="ghost" size="sm" onClick={onLogout}>
              <LogOut aria-hidden /> Logout
            </Button>
          </div>
        </div>
      </header>
      <LiveBanner />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
    </div>
  );
}

/** Shown only while changes by others are not arriving, so the navigator knows to reload. */
function LiveBanner() {
  const { status } = useLiveConnection();
  if (status !== 'down') return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
      <WifiOff className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
      Live updates paused: reconnecting… Changes by other navigators appear once the connection is back.
    </div>
  );
}
