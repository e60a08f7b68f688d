import { useState } from 'react';
import { Link } from '@/lib/router';
import { useAuth } from '@/lib/auth/auth-provider';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { Button, buttonVariants } from '@/components/ui/button';
import { clsx } from 'clsx';
import { useLingui } from '@lingui/react';
import { Logo } from './logo';
import { MenuToggle } from './menu-toggle';
import { LanguageSwitch } from './language-switch';
import { SkipLink } from './skip-link';

export interface NavLink {
  href: string;
  label: string;
}

const SWITCH_CLASS =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-500';

/**
 * Top bar of the public pages: section links, the language control, Log In and Get Started; a
 * collapsible menu on phones, with the language control beside it and in it.
 */
export function SiteHeader({ links = [] }: { links?: NavLink[] }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { isAuthenticated } = useAuth();
  const dialogs = useAuthDialogs();
  const { _ } = useLingui();
  const close = () => setMenuOpen(false);

  const actions = isAuthenticated ? (
    <Link to="/dashboard" className={buttonVariants({ size: 'sm' })} onClick={close}>
      {_('common.nav.dashboard')}
    </Link>
  ) : (
    <>
      <Button variant="ghost" size="sm" onClick={() => (close(), dialogs.open('login'))}>
        {_('common.nav.logIn')}
      </Button>
      <Button size="sm" onClick={() => (close(), dialogs.open('signup'))}>
        {_('common.nav.getStarted')}
      </Button>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <SkipLink>{_('common.skipToContent')}</SkipLink>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label={_('common.nav.main')} className="hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <a
              key={l.href}
              href={l.href}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-500"
            >
              {l.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitch className={SWITCH_CLASS} />
          <div className="hidden items-center gap-2 lg:flex">{actions}</div>
          <MenuToggle open={menuOpen} onOpenChange={setMenuOpen} controls="mobile-menu" className="lg:hidden" />
        </div>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 bg-white px-4 pb-4 lg:hidden">
        <nav aria-label={_('common.nav.mobile')} className="flex flex-col py-2">
          {links.map((l) => (
            <a
              key={l.href}
              href={l.href}
              onClick={close}
              className="rounded-md px-2 py-3 text-base font-medium text-slate-700 hover:bg-slate-50"
            >
              {l.label}
            </a>
          ))}
          <LanguageSwitch
            className="rounded-md px-2 py-3 text-base font-medium text-slate-700 hover:bg-slate-50"
            onSwitch={close}
          />
        </nav>
        <div className={clsx('flex gap-2 [&>*]:flex-1', links.length > 0 && 'border-t border-slate-100 pt-3')}>
          {actions}
        </div>
      </div>
    </header>
  );
}
