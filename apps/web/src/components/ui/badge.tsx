import type { HTMLAttributes } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { clsx } from 'clsx';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset [&_svg]:size-3.5 [&_svg]:shrink-0',
  {
    variants: {
      tone: {
        success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
        info: 'bg-sky-50 text-sky-800 ring-sky-600/20',
        warning: 'bg-amber-50 text-amber-800 ring-amber-600/25',
        danger: 'bg-red-50 text-red-800 ring-red-600/20',
        neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);
export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({
  className,
  tone,
  ...props
}: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={clsx(badgeVariants({ tone }), className)} {...props} />;
}
