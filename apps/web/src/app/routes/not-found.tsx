import { useEffect } from 'react';
import { Link, useLocation } from '@/lib/router';
import { buttonVariants } from '@/components/ui/button';
import { PageShell } from '@/components/layout/page-shell';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(`404 Error: User attempted to access non-existent route: ${pathname}`);
  }, [pathname]);
  return (
    <PageShell>
      <p className="text-7xl font-extrabold text-teal-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for doesn’t exist or has moved.</p>
      <Link to="/" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        Return to Home
      </Link>
    </PageShell>
  );
}
