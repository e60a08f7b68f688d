import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { clsx } from 'clsx';

const PADDED = [
  'primary',
  'secondary',
  'outline',
  'ghost',
  'quiet',
  'ghostDanger',
  'secondaryDanger',
  'danger',
  'inverse',
] as const;

/** A caller's className adds layout (width, margins) only; looks come from variant and size. */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        // teal-700: white text on it keeps a 4.5:1 contrast (teal-600 gives 3.7:1).
        primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800',
        secondary: 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
        outline: 'border border-teal-600 text-teal-700 hover:bg-teal-50',
        ghost: 'text-slate-700 hover:bg-slate-100',
        /** Ghost, in the brand's colour (a small action inside a row). */
        quiet: 'text-teal-700 hover:bg-slate-100',
        /** Ghost for a destructive action (delete a row). */
        ghostDanger: 'text-red-700 hover:bg-red-50',
        /** Secondary for a destructive choice (cancel, deny). */
        secondaryDanger: 'bg-white text-red-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
        link: 'text-teal-700 underline-offset-4 hover:underline',
        danger: 'bg-red-600 text-white hover:bg-red-700',
        inverse: 'bg-white text-teal-800 hover:bg-teal-50',
      },
      size: {
        xs: 'h-8 whitespace-nowrap text-xs',
        sm: 'h-9 whitespace-nowrap text-sm',
        md: 'h-11 whitespace-nowrap text-sm',
        lg: 'h-12 whitespace-nowrap text-base',
        /** As tall as its text, which wraps as a sentence does (from the start, not centred): a link inside a sentence or a card. */
        inline: 'h-auto text-left text-sm',
        icon: 'size-10 whitespace-nowrap',
        'icon-sm': 'size-9 whitespace-nowrap',
        'icon-xs': 'size-8 whitespace-nowrap',
      },
    },
    // Padding by size, none for a link: the classes never contradict each other, so they are only
    // joined (tailwind-merge stays off the first load; docs/architecture.md §1, What loads first).
    compoundVariants: [
      { variant: [...PADDED], size: 'xs', class: 'px-2' },
      { variant: [...PADDED], size: 'sm', class: 'px-3' },
      { variant: [...PADDED], size: 'md', class: 'px-5' },
      { variant: [...PADDED], size: 'lg', class: 'px-6' },
    ],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  isLoading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(
  ({ className, variant, size, isLoading, disabled, children, type = 'button', onClick, ...props }, ref) => (
    <button
      ref={ref}
      type={type}
      className={clsx(buttonVariants({ variant, size }), className)}
      disabled={disabled}
      // A busy button stays focusable (aria-disabled, its press ignored): `disabled` would drop the keyboard's focus
      // to the page's start, and a failed send would leave it there (WCAG 2.4.3).
      aria-disabled={isLoading || undefined}
      aria-busy={isLoading || undefined}
      onClick={isLoading ? ignorePress : onClick}
      {...props}
    >
      {isLoading && (
        <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
      )}
      {children}
    </button>
  ),
);
Button.displayName = 'Button';

/** A press on a busy button: ignored, and a submit button's form is not sent again. */
const ignorePress = (e: MouseEvent<HTMLButtonElement>) => e.preventDefault();
