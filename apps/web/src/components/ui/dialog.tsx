import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type FocusEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { cn } from '@/lib/utils';
import { useReturnFocus } from './return-focus';

/**
 * The focus, moving between two controls of the dialog, arrives where it was going. Radix's focus trap takes the focus
 * to the dialog itself when a node inside it is removed while the document's focus is on its body, and the focus is on
 * the body for a moment each time it moves (Tab, a click): after the control left is blurred, before the next one is
 * focused. A control whose blur changes the dialog at once (a field checked as it is left, its hint replaced by its
 * message; a message that goes) took the focus to the dialog instead of the next control (WCAG 2.4.3; Radix's
 * radix-ui/primitives#3870, still open). The control the focus is moving to is kept, and the focus is handed on to it
 * if the dialog takes it first.
 */
function useFocusArrives() {
  const movingTo = useRef<HTMLElement | null>(null);
  return {
    onBlurCapture(e: FocusEvent<HTMLElement>) {
      const next = e.relatedTarget;
      const inside = next instanceof HTMLElement && next !== e.currentTarget && e.currentTarget.contains(next);
      movingTo.current = inside ? next : null;
    },
    onFocus(e: FocusEvent<HTMLElement>) {
      const next = movingTo.current;
      movingTo.current = null;
      if (e.target === e.currentTarget && next?.isConnected && e.currentTarget.contains(next)) next.focus();
    },
  };
}

/**
 * A modal dialog: Radix keeps focus inside and closes on Escape; the focus then goes back where it came from.
 * A centred card that scrolls when its content is taller than the screen.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  focusOnClose,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Where the focus goes once the dialog closed, asked then: what the dialog changed may have taken away the control
   * that opened it, and the focus would fall to the page's start (WCAG 2.4.3). Nothing: back to the control that had
   * the focus when it opened (useReturnFocus).
   */
  focusOnClose?(): HTMLElement | null;
}) {
  const { _ } = useLingui();
  const returnFocus = useReturnFocus(open, focusOnClose);
  const focusArrives = useFocusArrives();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <DialogPrimitive.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl focus:outline-none sm:p-7',
            className,
          )}
          onCloseAutoFocus={returnFocus}
          {...focusArrives}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-5 pr-8">
            <DialogPrimitive.Title className="text-xl font-bold text-slate-900">{title}</DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          {children}
          <DialogPrimitive.Close
            className="absolute right-4 top-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-teal-500"
            aria-label={_('common.close')}
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
