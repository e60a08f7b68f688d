import { useEffect } from 'react';
import { useLingui } from '@lingui/react';
import { Link, useLocation } from '@/lib/router';
import { buttonVariants } from '@/components/ui/button';
import { PageShell } from '@/components/layout/page-shell';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  const { _ } = useLingui();
  useEffect(() => {
    console.error(`404 Error: User attempted to access non-existent route: ${pathname}`);
  }, [pathname]);
  return (
    <PageShell>
      <p className="text-7xl font-extrabold text-teal-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{_('common.notFound.title')}</h1>
      <p className="mt-2 text-slate-600">{_('common.notFound.body')}</p>
      <Link to="/" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        {_('common.notFound.home')}
      </Link>
    </PageShell>
  );
}
