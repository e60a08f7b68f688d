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

export function PageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
