import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogFooter } from './dialog-footer';
import { useReturnFocus } from './return-focus';

/**
 * Asks before something that cannot be taken back (deleting a document, cancelling a
 * subscription). An alert dialog: focus starts on Cancel, and Escape or Cancel keeps things as they are; the focus
 * then goes back to the button that asked (useReturnFocus).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  isPending,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  isPending?: boolean;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !isPending && onOpenChange(o)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/60 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <AlertDialog.Content
          className="fixed left-1/2 top-1/2 z-[60] w-[calc(100vw-1.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
          onCloseAutoFocus={returnFocus}
        >
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{description}</AlertDialog.Description>
          <DialogFooter className="mt-6">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={isPending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close before the request has answered. */}
            <Button variant="danger" isLoading={isPending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
