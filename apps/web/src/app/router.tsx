import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { AuthDialogs } from '@/features/auth/auth-dialogs';
import { IdleLogoff } from '@/lib/auth/idle-logoff';
import { Route, Switch, useLocation } from '@/lib/router';
import { ScrollToTop } from '@/components/scroll-to-top';
import { PageSpinner } from '@/components/ui/spinner';
import { HomeRoute } from './routes/home';
import { ErrorFallback } from './routes/error-fallback';
import { HydrationMark, preloadableLazy } from '@/lib/prerendered';
import {
  activateLanguage,
  hasCatalog,
  i18n,
  pageOfPath,
  publicPageLanguage,
  useLanguage,
  withCatalogs,
  type Namespace,
} from '@/lib/i18n';
import { LANDING_NAMESPACES } from '@/features/landing/landing-page';

// Pages fetched only when visited (docs/architecture.md §1, What loads first): the landing page
// alone is in the entry. Each brings its catalogues with its code (docs/architecture.md, Languages),
// those of its namespaces that have one: the DIY guide's and the legal pages' arrive with their translation.
const pageCode = <T,>(namespaces: Namespace[], load: () => Promise<T>) =>
  withCatalogs(namespaces.filter(hasCatalog), load);
const DiyGuidePage = preloadableLazy(
  pageCode(['diy-guide', 'records'], () =>
    import('@/features/diy-guide/diy-guide-page').then((m) => ({ default: m.DiyGuidePage })),
  ),
);
const TermsPage = preloadableLazy(
  pageCode(['legal'], () => import('@/features/legal/terms-page').then((m) => ({ default: m.TermsPage }))),
);
const PrivacyPage = preloadableLazy(
  pageCode(['legal'], () => import('@/features/legal/privacy-page').then((m) => ({ default: m.PrivacyPage }))),
);

/** Pre-rendered pages whose code loads on its own (src/prerender.tsx). */
const PRERENDERED_PAGE_CODE: Record<string, () => Promise<unknown>> = {
  '/diy-guide': DiyGuidePage.preload,
  '/terms': TermsPage.preload,
  '/privacy': PrivacyPage.preload,
};

/**
 * Fetches a pre-rendered page's own code before hydration, so the page hydrates in one pass: a tap
 * on a part still waiting for its code would be lost (docs/architecture.md §1, What loads first).
 * Parts loaded later (the eligibility checker, toasts) are not in the pre-rendered HTML.
 */
export async function preloadPage(pathname: string): Promise<void> {
  await PRERENDERED_PAGE_CODE[pageOfPath(pathname)]?.();
}

/**
 * The catalogues a page needs before its first render, fetched with the entry (main.tsx, src/prerender.tsx):
 * every page's common ones, and the landing page's, which is part of the entry. A lazy page's own come
 * with its code (withCatalogs).
 */
export function pageNamespaces(pathname: string): Namespace[] {
  return pageOfPath(pathname) === '/' ? ['common', ...LANDING_NAMESPACES] : ['common'];
}

// The 404 page too: rare, and its frame is shared with the pages opened from emails.
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

const VerifyEmailPage = lazy(
  withCatalogs(['auth'], () =>
    import('@/features/verify-email/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
  ),
);
// The reset email's link (docs/product.md §7 Accounts).
const ResetPasswordPage = lazy(
  withCatalogs(['auth'], () =>
    import('@/features/reset-password/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
  ),
);
// The prescriber's signing page (docs/product.md §16): no account.
const PrescriberSignPage = lazy(() =>
  import('@/features/prescriber/prescriber-sign-page').then((m) => ({ default: m.PrescriberSignPage })),
);
// The navigators' console; it shows the 404 page to anyone else.
// The console stays English, but the shared record components it shows speak through the `records` catalogue.
const NavigatorApp = lazy(
  pageCode(['records'], () => import('@/features/navigator/navigator-app').then((m) => ({ default: m.NavigatorApp }))),
);

/** Shows the error page when a page throws while rendering, instead of a blank screen. */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }
  render() {
    return this.state.error === undefined ? this.props.children : <ErrorFallback error={this.state.error} />;
  }
}

/** Parts of every page that need the current address (dialogs navigate after sign-in). */
function RootLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // A public page speaks its address's language (back and forward between / and /es included).
  useEffect(() => {
    const language = publicPageLanguage(pathname);
    if (language && language !== i18n.locale) void activateLanguage(language);
  }, [pathname]);
  // Titles and descriptions load on their own: a pre-rendered page already carries its own.
  const { language } = useLanguage();
  useEffect(() => void import('./page-meta').then((m) => m.applyPageMeta(pathname)), [pathname, language]);
  return (
    <>
      {children}
      <AuthDialogs />
      <IdleLogoff />
      <ScrollToTop />
    </>
  );
}

export function AppRouter() {
  return (
    <RouteErrorBoundary>
      <RootLayout>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            <Route path="/" component={HomeRoute} />
            <Route path="/es" component={HomeRoute} />
            <Route path="/dashboard" component={HomeRoute} />
            <Route path="/verify-email" component={VerifyEmailPage} />
            <Route path="/reset-password" component={ResetPasswordPage} />
            <Route path="/diy-guide" component={DiyGuidePage} />
            <Route path="/es/diy-guide" component={DiyGuidePage} />
            <Route path="/prescriber/sign" component={PrescriberSignPage} />
            <Route path="/terms" component={TermsPage} />
            <Route path="/privacy" component={PrivacyPage} />
            <Route path="/es/terms" component={TermsPage} />
            <Route path="/es/privacy" component={PrivacyPage} />
            <Route path={/^\/navigator(?:\/.*)?$/}>
              <NavigatorApp notFound={<NotFoundRoute />} />
            </Route>
            <Route component={NotFoundRoute} />
          </Switch>
          {/* Inside the pages' boundary: React hydrates a boundary after the shell around it. */}
          <HydrationMark />
        </Suspense>
      </RootLayout>
    </RouteErrorBoundary>
  );
}
