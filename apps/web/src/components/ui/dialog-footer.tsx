import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { clsx } from 'clsx';
import { Button, type ButtonProps } from './button';

/**
 * The button row under a dialog's content: stacked on phones with the main action on top (nearest the
 * thumb), in a row on the right from sm up, Cancel first.
 */
export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={clsx('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>{children}</div>;
}

/**
 * Cancel and submit under a form in a dialog. Cancel is disabled while the form is sending, so a
 * save cannot be abandoned halfway, unless the dialog says leaving then is harmless (cancelWhilePending).
 */
export function FormDialogFooter({
  onCancel,
  isPending,
  submitLabel,
  submitVariant,
  cancelWhilePending = false,
  className,
}: {
  onCancel(): void;
  isPending: boolean;
  submitLabel: ReactNode;
  submitVariant?: ButtonProps['variant'];
  cancelWhilePending?: boolean;
  className?: string;
}) {
  const { _ } = useLingui();
  return (
    <DialogFooter className={className}>
      <Button variant="secondary" onClick={onCancel} disabled={cancelWhilePending ? undefined : isPending}>
        {_('common.cancel')}
      </Button>
      <Button type="submit" variant={submitVariant} isLoading={isPending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
