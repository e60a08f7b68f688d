import { Save, Trash2, X } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { Button } from '@/components/ui/button';

/** Save, and Delete (a saved row) or Remove (a new row, only while more than one row is shown). */
export function RowActions({
  isNew,
  canRemove,
  saving,
  deleting,
  onDelete,
  onRemove,
  noun,
}: {
  isNew: boolean;
  canRemove: boolean;
  saving: boolean;
  deleting: boolean;
  onDelete(): void;
  onRemove(): void;
  noun: 'doctor' | 'prescription';
}) {
  const { _ } = useLingui();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {isNew ? (
        <Button variant="ghost" size="sm" disabled={!canRemove || saving} onClick={onRemove}>
          <X aria-hidden /> {_('dashboard.records.row.remove')}
        </Button>
      ) : (
        <Button variant="ghostDanger" size="sm" isLoading={deleting} disabled={saving} onClick={onDelete}>
          <Trash2 aria-hidden />{' '}
          {noun === 'doctor' ? _('dashboard.records.row.deleteDoctor') : _('dashboard.records.row.deletePrescription')}
        </Button>
      )}
      <Button type="submit" size="sm" isLoading={saving} disabled={deleting}>
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
