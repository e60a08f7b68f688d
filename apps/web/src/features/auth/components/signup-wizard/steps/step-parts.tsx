import type { ReactNode } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { SignupFormValues } from '../signup-form';

// What the wizard's step files share: the form's values, the two-column grid, and a row per item added.
export type F = SignupFormValues;
export const grid = 'grid gap-4 sm:grid-cols-2';

/** What the commit helpers need of the form: Next calls them outside any step's render. */
export type FormApi = Pick<UseFormReturn<F>, 'getValues' | 'setValue'>;

/** What an add button needs of the form: the commit helpers' part, and room to say why nothing was added. */
export type AddApi = FormApi & Pick<UseFormReturn<F>, 'setError' | 'clearErrors'>;

/**
 * An add button pressed while its item cannot be added: each message goes under its field (aria-invalid, read out),
 * and the button stays enabled and keeps the keyboard's focus; a button that disabled itself would drop the focus
 * to the page (WCAG 2.4.3). The field counts as touched, so its message follows what is typed next.
 */
export function showIssues(
  form: AddApi,
  prefix: 'doctorDraft' | 'prescriptionDraft' | 'insuranceDraft' | null,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  for (const issue of issues) {
    const name = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') as FieldPath<F>;
    form.setValue(name, form.getValues(name) as never, { shouldTouch: true });
    form.setError(name, { message: issue.message });
  }
}

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
