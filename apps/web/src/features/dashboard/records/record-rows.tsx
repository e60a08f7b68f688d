import { useRef, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import { i18n } from '@/lib/i18n';
import { messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '../load-error';
import { rowFieldOf, useEditableRows } from './row-form';

/** What each row of an editable list gets from the list. */
export interface ListedRow<T> {
  id: string;
  /** null for a new row not saved yet. */
  record: T | null;
  index: number;
  canRemove: boolean;
  onRemove(): void;
  justCreated: boolean;
  onCreated(createdId: string): void;
}

/**
 * An editable list of a patient's records in its dialog (doctors, prescriptions): loading, a read
 * that failed with Try again, one form per row (saved rows, then new ones) and Add.
 */
export function RecordRows<T extends { id: string }>({
  query,
  noun,
  labels,
  row,
  keptDrafts,
}: {
  query: UseQueryResult<T[]>;
  noun: 'doctor' | 'prescription';
  labels: { loading: string; loadFailed: string; add: string };
  row(listed: ListedRow<T>): ReactNode;
  /** The new rows whose input outlived the dialog, shown again after the saved ones. */
  keptDrafts?: readonly string[];
}) {
  const rows = useEditableRows(query.data, noun, keptDrafts);
  // A deleted or removed row's focus goes to the next row's same button, else the previous row's, else Add.
  const addButton = useRef<HTMLButtonElement>(null);
  const focusRow = useFocusAfterRemoval(() => addButton.current);
  if (query.isPending) return <Spinner className="flex justify-center py-8" label={labels.loading} />;
  if (query.isError) return <LoadError title={labels.loadFailed} error={query.error} onRetry={() => query.refetch()} />;
  return (
    <div className="space-y-4">
      {rows.rows.map((listed, index) => (
        <div key={listed.id} {...focusRow(listed.id)}>
          {row({
            id: listed.id,
            record: listed.record,
            index,
            canRemove: rows.canRemoveDraft,
            onRemove: () => rows.removeDraft(listed.id),
            justCreated: listed.justCreated,
            onCreated: (createdId) => rows.saved(listed.id, createdId),
          })}
        </div>
      ))}
      <Button ref={addButton} variant="outline" className="w-full" onClick={rows.add}>
        <Plus aria-hidden /> {labels.add}
      </Button>
    </div>
  );
}

/**
 * A row's save or delete that failed: the server's field errors on the row's form (a save), and a
 * toast with the server's reason, else `fallback`.
 */
export function rowRequestFailed<TValues extends FieldValues, TOut>(
  what: string,
  error: unknown,
  fallback: string,
  form?: UseFormReturn<TValues, unknown, TOut>,
): void {
  console.error(`Failed to ${what}`, error);
  if (form) applyServerErrors(form, error, { fieldOf: rowFieldOf });
  toast.error(i18n._('dashboard.records.error'), { description: messageOf(error, fallback) });
}
