import { useEffect } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { AuthDialogs } from '@/features/auth/auth-dialogs';
import { DiyGuidePage } from '@/features/diy-guide/diy-guide-page';
import { TermsPage } from '@/features/legal/terms-page';
import { PrivacyPage } from '@/features/legal/privacy-page';
import { IdleLogoff } from '@/lib/auth/idle-logoff';
import { ScrollToTop } from '@/components/scroll-to-top';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { ErrorFallback } from './routes/error-fallback';
import { applyPageMeta } from './page-meta';

/** Parts of every page that need the router (dialogs navigate after sign-in). */
function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => applyPageMeta(pathname), [pathname]);
  return (
    <>
      <Outlet />
      <AuthDialogs />
      <IdleLogoff />
      <ScrollToTop />
    </>
  );
}

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorFallback />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/dashboard', element: <HomeRoute /> },
      {
        path: '/verify-email',
        lazy: async () => {
          const { VerifyEmailPage } = await import('@/features/verify-email/verify-email-page');
          return { element: <VerifyEmailPage /> };
        },
      },
      {
        // The reset email's link (docs/product.md §7 Accounts), loaded only when visited.
        path: '/reset-password',
        lazy: async () => {
          const { ResetPasswordPage } = await import('@/features/reset-password/reset-password-page');
          return { element: <ResetPasswordPage /> };
        },
      },
      { path: '/diy-guide', element: <DiyGuidePage /> },
      {
        // The prescriber's signing page (docs/product.md §16): no account, loaded only when visited.
        path: '/prescriber/sign',
        lazy: async () => {
          const { PrescriberSignPage } = await import('@/features/prescriber/prescriber-sign-page');
          return { element: <PrescriberSignPage /> };
        },
      },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      {
        // The navigators' console, loaded only when visited; it shows this 404 page to anyone else.
        path: '/navigator/*',
        lazy: async () => {
          const { NavigatorApp } = await import('@/features/navigator/navigator-app');
          return { element: <NavigatorApp notFound={<NotFoundRoute />} /> };
        },
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
