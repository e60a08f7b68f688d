import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { CreditCard, KeyRound, Languages, LogOut } from 'lucide-react';
import { MESSAGES } from '@rxbridge/contracts';
import { useAuth } from '@/lib/auth/auth-provider';
import { Logo } from '@/components/layout/logo';
import { MenuToggle } from '@/components/layout/menu-toggle';
import { Button, buttonVariants } from '@/components/ui/button';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { SkipLink } from '@/components/layout/skip-link';
import { useDashboardDialogs } from '../dashboard-dialogs';
import { LiveIndicator } from '../live-updates';

/**
 * Logo, the language control, Billing, Change password and Logout; on small screens those move into a
 * side menu, and the language control stays in the bar too, beside the menu's button.
 */
export function DashboardHeader() {
  const { logout } = useAuth();
  const dialogs = useDashboardDialogs();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const { _ } = useLingui();

  const onLogout = async () => {
    setLoggingOut(true);
    // The shared messages' Spanish tables (and the schemas beside them) stay off the first load (docs/architecture.md §1).
    const [{ localized }] = await Promise.all([import('../localized'), logout()]);
    toast.success(localized(MESSAGES.loggedOut));
    navigate('/');
  };
  const openBilling = () => {
    setMenuOpen(false);
    dialogs.openBilling('subscription');
  };

  const openChangePassword = () => {
    setMenuOpen(false);
    dialogs.open('change-password');
  };

  const actions = (
    <>
      <LanguageSwitch
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        icon={<Languages aria-hidden />}
        onSwitch={() => setMenuOpen(false)}
      />
      <Button variant="secondary" size="sm" onClick={openBilling}>
        <CreditCard aria-hidden /> {_('dashboard.header.billing')}
      </Button>
      <Button variant="ghost" size="sm" onClick={openChangePassword}>
        <KeyRound aria-hidden /> {_('dashboard.header.changePassword')}
      </Button>
      <Button variant="ghost" size="sm" onClick={onLogout} isLoading={loggingOut}>
        <LogOut aria-hidden /> {_('dashboard.header.logout')}
      </Button>
    </>
  );

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <SkipLink>{_('dashboard.header.skip')}</SkipLink>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo to="/dashboard" />
          <div className="flex items-center gap-2">
            <div className="hidden items-center gap-2 sm:flex">{actions}</div>
            {/* On a phone the language control stays in the bar, beside the menu's button (docs/product.md §2). */}
            <LanguageSwitch
              className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} sm:hidden`}
              onSwitch={() => setMenuOpen(false)}
            />
            <MenuToggle open={menuOpen} onOpenChange={setMenuOpen} controls="dashboard-menu" className="sm:hidden" />
          </div>
        </div>
        <LiveIndicator />
      </header>
      {/* The side menu: slides over the page from the right on phones. Outside the header, whose
          backdrop filter would make it the box a fixed element is placed in (a menu 30 px tall). */}
      {menuOpen && (
        <div className="fixed inset-0 top-16 z-40 sm:hidden">
          <button
            type="button"
            aria-label={_('dashboard.header.closeMenu')}
            tabIndex={-1}
            className="absolute inset-0 bg-slate-900/30"
            onClick={() => setMenuOpen(false)}
          />
          <nav
            id="dashboard-menu"
            aria-label={_('dashboard.header.account')}
            className="absolute right-0 top-0 flex h-full w-64 flex-col gap-2 border-l border-slate-200 bg-white p-4 shadow-xl [&>*]:justify-start"
          >
            {actions}
          </nav>
        </div>
      )}
    </>
  );
}
