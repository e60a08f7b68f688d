import { useEffect } from 'react';
import { Link, useLocation } from '@/lib/router';
import { buttonVariants } from '@/components/ui/button';
import { Logo } from '@/components/layout/logo';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(`404 Error: User attempted to access non-existent route: ${pathname}`);
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Logo />
      </header>
      <main id="main" className="flex flex-1 flex-col items-center justify-center px-4 pb-24 text-center">
        <p className="text-7xl font-extrabold text-teal-600">404</p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for doesn’t exist or has moved.</p>
        <Link to="/" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
          Return to Home
        </Link>
      </main>
    </div>
  );
}
