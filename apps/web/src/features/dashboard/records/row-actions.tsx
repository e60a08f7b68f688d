import { useEffect, useRef } from 'react';
import { Save, Trash2, Undo2, X } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { focusControl } from '@/lib/use-focus-after-removal';
import { Button } from '@/components/ui/button';

/**
 * Save, and Delete (a saved row) or Remove (a new row, only while more than one row is shown); Discard changes
 * when given, which puts the row back as it was saved (or empty) and leaves the focus on Save.
 */
export function RowActions({
  isNew,
  canRemove,
  saving,
  deleting,
  onDelete,
  onRemove,
  noun,
  focusSave = false,
  onDiscard,
}: {
  isNew: boolean;
  canRemove: boolean;
  saving: boolean;
  deleting: boolean;
  onDelete(): void;
  onRemove(): void;
  noun: 'doctor' | 'prescription';
  /** Focus Save once shown: the row was new a moment ago and its Save had the focus. */
  focusSave?: boolean;
  onDiscard?(): void;
}) {
  const { _ } = useLingui();
  const save = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusSave) save.current?.focus();
  }, [focusSave]);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {onDiscard && (
        <Button
          variant="ghost"
          size="sm"
          disabled={saving || deleting}
          onClick={() => {
            onDiscard();
            save.current?.focus();
          }}
        >
          <Undo2 aria-hidden /> {_('dashboard.records.row.discardChanges')}
        </Button>
      )}
      {isNew ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={!canRemove || saving}
          onClick={onRemove}
          {...focusControl('delete')}
        >
          <X aria-hidden /> {_('dashboard.records.row.remove')}
        </Button>
      ) : (
        <Button
          variant="ghostDanger"
          size="sm"
          isLoading={deleting}
          disabled={saving}
          onClick={onDelete}
          {...focusControl('delete')}
        >
          <Trash2 aria-hidden />{' '}
          {noun === 'doctor' ? _('dashboard.records.row.deleteDoctor') : _('dashboard.records.row.deletePrescription')}
        </Button>
      )}
      <Button ref={save} type="submit" size="sm" isLoading={saving} disabled={deleting}>
        <Save aria-hidden />{' '}
        {isNew
          ? noun === 'doctor'
            ? _('dashboard.records.row.saveDoctor')
            : _('dashboard.records.row.savePrescription')
          : _('dashboard.records.row.saveChanges')}
      </Button>
    </div>
  );
}
