import type { ComponentProps } from 'react';
import { clsx } from 'clsx';

/**
 * A white card, padded p-6 unless `padding` says otherwise. Its classes are joined with clsx, not
 * `cn()`: the dashboard's first screen is made of cards, and the class merger stays off its first load
 * (docs/architecture.md §1, What loads first), so `className` never repeats what the card sets.
 */
export function Card({ className, padding = 'p-6', ...props }: ComponentProps<'div'> & { padding?: string }) {
  return (
    <div className={clsx('rounded-2xl border border-slate-200 bg-white shadow-sm', padding, className)} {...props} />
  );
}
