import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { SignupFormValues } from '../signup-form';

// What the wizard's step files share: the form's values, the two-column grid, and a row per item added.
export type F = SignupFormValues;
export const grid = 'grid gap-4 sm:grid-cols-2';

/** What the commit helpers need of the form: Next calls them outside any step's render. */
export type FormApi = Pick<UseFormReturn<F>, 'getValues' | 'setValue'>;

/** The list without the item at index: what a remove button leaves. */
export const without = <T,>(items: readonly T[], index: number) => items.filter((_, j) => j !== index);

/** How one added item reads in its row. */
interface AddedItem {
  key?: string;
  title: string;
  detail?: string;
  removeLabel: string;
}

/** The doctors, prescriptions or insurance added so far (nothing while there are none), each removable. */
export function AddedList<T>({
  label,
  items,
  icon,
  describe,
  onRemove,
}: {
  label: string;
  items: readonly T[];
  icon: ReactNode;
  describe(item: T): AddedItem;
  onRemove(index: number): void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={label}>
      {items.map((item, i) => {
        const { key, title, detail, removeLabel } = describe(item);
        return (
          <li
            key={key ?? i}
            className="flex items-center gap-3 rounded-lg border border-teal-100 bg-teal-50/60 px-3 py-2"
          >
            <span className="text-teal-700">{icon}</span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">{title}</span>
              {detail && <span className="block truncate text-xs text-slate-600">{detail}</span>}
            </span>
            <Button variant="ghost" size="icon-xs" aria-label={removeLabel} onClick={() => onRemove(i)}>
              <Trash2 aria-hidden />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
