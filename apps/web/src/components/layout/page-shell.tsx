import type { ReactNode } from 'react';
import { Logo } from './logo';

// The classes are whole strings: nothing joins them at run time.

/** The whole screen, the logo alone at the top (no menu: nothing to navigate to), then the page's main. */
function LogoOnlyFrame({
  className,
  mainClassName,
  children,
}: {
  className: string;
  mainClassName: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Logo />
      </header>
      <main id="main" className={mainClassName}>
        {children}
      </main>
    </div>
  );
}

/** A page outside the site's sections (the 404 page): its content centred under the logo. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <LogoOnlyFrame
      className="flex min-h-dvh flex-col bg-slate-50"
      mainClassName="flex flex-1 flex-col items-center justify-center px-4 pb-24 text-center"
    >
      {children}
    </LogoOnlyFrame>
  );
}

/**
 * A page opened from a link in an email (verify email, reset password): one card under the logo whose
 * content changes as the link is checked, announced politely to screen readers as it does.
 */
export function CardPageShell({ cardClassName, children }: { cardClassName: string; children: ReactNode }) {
  return (
    <LogoOnlyFrame
      className="flex min-h-dvh flex-col bg-gradient-to-b from-sky-50 to-white"
      mainClassName="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-16"
    >
      <div
        className={`w-full max-w-md rounded-2xl bg-white shadow-lg ring-1 ring-slate-200 ${cardClassName}`}
        aria-live="polite"
      >
        {children}
      </div>
    </LogoOnlyFrame>
  );
}
