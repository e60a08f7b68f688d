import { clsx } from 'clsx';
import { useLingui } from '@lingui/react';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { _ } = useLingui();
  return (
    <span role="status" className={clsx(className ?? 'inline-flex', 'items-center')}>
      <span className="size-8 animate-spin rounded-full border-4 border-teal-600 border-t-transparent" aria-hidden />
      <span className="sr-only">{label ?? _('common.loading')}</span>
    </span>
  );
}

/** The page's spinner; `note`, when given, says why it waits (shown, and announced as the spinner's status). */
export function PageSpinner({ note }: { note?: string }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <Spinner label={note} />
      {note && (
        <p className="max-w-md text-slate-700" aria-hidden>
          {note}
        </p>
      )}
    </div>
  );
}
