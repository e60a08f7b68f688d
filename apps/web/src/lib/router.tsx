// The app's routing, on wouter (a few KB) behind the handful of names the app uses, so the public
// pages' first load stays within its budget (docs/architecture.md §1, What loads first). Features
// import routing from here only, never from wouter itself.
import { forwardRef, type AnchorHTMLAttributes, type ReactNode, type Ref } from 'react';
import {
  Link as WouterLink,
  Route,
  Router,
  Switch,
  useLocation as useWouterLocation,
  useParams,
  useSearchParams,
} from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';

export { Route, Switch, useParams, useSearchParams };

const currentSearch = () => window.location.search;
const currentHash = () => window.location.hash;
/** What a page pre-rendered at build time saw: no query, no hash (the browser's own follow on hydration). */
const none = () => '';

/**
 * The app's router. `ssrPath` is the page being pre-rendered at build time (docs/architecture.md §1,
 * What loads first); in the browser the address bar decides.
 */
export function RouterRoot({ ssrPath, children }: { ssrPath?: string; children: ReactNode }) {
  return <Router ssrPath={ssrPath}>{children}</Router>;
}

/** The current address: path, search ('?a=1' or '') and hash ('#x' or ''), updated on every navigation. */
export function useLocation() {
  const [pathname] = useWouterLocation();
  const search = useLocationProperty(currentSearch, none);
  const hash = useLocationProperty(currentHash, none);
  return { pathname, search, hash };
}

/** `navigate(to, { replace })`: a client-side navigation. */
export function useNavigate() {
  return useWouterLocation()[1];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a page of the app. A link that opens elsewhere (`target`) stays a plain link, which
 * wouter would otherwise open in the same tab.
 */
export const Link = forwardRef(function Link({ to, ...props }: LinkProps, ref: Ref<HTMLAnchorElement>) {
  if (props.target) return <a ref={ref} href={to} {...props} />;
  return <WouterLink ref={ref} href={to} {...props} />;
});

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on exactly this path, not on the pages under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A navigation link that knows whether it points at the current page (aria-current="page"). */
export function NavLink({ to, end, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return (
    <WouterLink
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}
