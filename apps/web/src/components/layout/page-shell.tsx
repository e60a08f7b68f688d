import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { Logo } from './logo';

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
    <div className={clsx('flex min-h-dvh flex-col', className)}>
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Logo />
      </header>
      <main id="main" className={clsx('flex flex-1 px-4', mainClassName)}>
        {children}
      </main>
    </div>
  );
}

/** A page outside the site's sections (the 404 page): its content centred under the logo. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <LogoOnlyFrame className="bg-slate-50" mainClassName="flex-col items-center justify-center pb-24 text-center">
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
      className="bg-gradient-to-b from-sky-50 to-white"
      mainClassName="items-start justify-center pb-16 pt-6 sm:pt-16"
    >
      <div
        className={clsx('w-full max-w-md rounded-2xl bg-white shadow-lg ring-1 ring-slate-200', cardClassName)}
        aria-live="polite"
      >
        {children}
      </div>
    </LogoOnlyFrame>
  );
}
