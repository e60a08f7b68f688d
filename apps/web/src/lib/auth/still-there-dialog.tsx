import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useLingui } from '@lingui/react';
import { Button } from '@/components/ui/button';

/** Asks a minute before the idle logoff; any key or click keeps the session (docs/product.md §7.2). */
export function StillThereDialog({ onClose }: { onClose(): void }) {
  const { _ } = useLingui();
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[70] w-[calc(100vw-1.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{_('auth.idle.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {_('auth.idle.body')}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action asChild>
              <Button>{_('auth.idle.stay')}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
