import { Save, Trash2, X } from 'lucide-react';
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
  noun: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {isNew ? (
        <Button variant="ghost" size="sm" disabled={!canRemove || saving} onClick={onRemove}>
          <X aria-hidden /> Remove
        </Button>
      ) : (
        <Button variant="ghostDanger" size="sm" isLoading={deleting} disabled={saving} onClick={onDelete}>
          <Trash2 aria-hidden /> Delete {noun}
        </Button>
      )}
      <Button type="submit" size="sm" isLoading={saving} disabled={deleting}>
        <Save aria-hidden /> {isNew ? `Save ${noun}` : 'Save changes'}
      </Button>
    </div>
  );
}
