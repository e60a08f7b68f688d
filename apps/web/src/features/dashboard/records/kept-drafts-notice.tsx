import { useLingui } from '@lingui/react';
import { PencilLine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDashboardDialogs } from '../dashboard-dialogs';
import { useHandedOverDrafts } from './prescription-drafts';

/**
 * In the subscription dialog that saving a new prescription opened: other rows of the Prescriptions dialog held
 * input not saved, which is kept and waits there (docs/product.md §6.2). Gone once that dialog opened again.
 */
export function KeptDraftsNotice() {
  const count = useHandedOverDrafts();
  const dialogs = useDashboardDialogs();
  const { _ } = useLingui();
  return (
    // There before its text, so screen readers say the text when it comes.
    <div role="status">
      {count > 0 && (
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-inset ring-amber-600/25">
          <p className="flex min-w-0 flex-1 basis-64 items-start gap-2 text-sm text-amber-950">
            <PencilLine className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
            <span>{_('dashboard.records.prescriptions.draftsKept', { count })}</span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => dialogs.open('prescriptions')}>
            {_('dashboard.records.prescriptions.backToDrafts')}
          </Button>
        </div>
      )}
    </div>
  );
}
