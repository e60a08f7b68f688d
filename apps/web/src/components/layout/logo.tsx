import { Link } from '@/lib/router';
import { clsx } from 'clsx';
import { localizedPath, useLanguage } from '@/lib/i18n';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className ?? 'size-8'} aria-hidden>
      <rect width="32" height="32" rx="9" fill="#0d9488" />
      <path
        d="M9 19.5a6.5 6.5 0 0 1 6.5-6.5h1a6.5 6.5 0 0 1 6.5 6.5"
        stroke="#fff"
        strokeWidth="2.6"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M16 7v5M13.5 9.5h5" stroke="#99f6e4" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M7 23h18" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

/** The logo, a link home: the home page in the reader's language unless `to` says otherwise. */
export function Logo({ to, className }: { to?: string; className?: string }) {
  const { language } = useLanguage();
  return (
    <Link
      to={to ?? localizedPath('/', language)}
      className={clsx(
        'inline-flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-teal-500',
        className,
      )}
    >
      <LogoMark />
      <span className="text-xl font-bold tracking-tight text-slate-900">
        Rx<span className="text-teal-600">Bridge</span>
      </span>
    </Link>
  );
}
