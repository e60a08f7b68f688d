import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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
export type AddApi = FormApi & Pick<UseFormReturn<F>, 'setError' | 'clearErrors' | 'setFocus'>;

/** Where an add button's issues are: under the draft being typed, or (null) at the form's top level. */
type DraftPrefix = 'doctorDraft' | 'prescriptionDraft' | 'insuranceDraft' | null;
type Issue = { path: readonly PropertyKey[]; message: string };

/** The form's name of a field under `prefix`: 'prescriptionDraft.medication', or 'insuranceProvider' at the top. */
const fieldName = (prefix: DraftPrefix, path: readonly PropertyKey[]) =>
  [prefix, ...path.map(String)].filter(Boolean).join('.') as FieldPath<F>;

/**
 * Each message of an add button pressed while its item cannot be added goes under its field (aria-invalid, read
 * out); the button stays enabled, as one that disabled itself would drop the keyboard's focus to the page
 * (WCAG 2.4.3). The field counts as touched, so its message follows what is typed next. The focus is left where it
 * is: refuseAdd also moves it.
 */
export function showIssues(form: AddApi, prefix: DraftPrefix, issues: readonly Issue[]) {
  for (const issue of issues) {
    const name = fieldName(prefix, issue.path);
    form.setValue(name, form.getValues(name) as never, { shouldTouch: true });
    form.setError(name, { message: issue.message });
  }
}

/**
 * An add button pressed while its item is incomplete or invalid: the messages under their fields (showIssues), and
 * the focus to the first field with one in `order`, the draft's fields as the step shows them (WCAG 3.3.1, 2.4.3).
 * The focus scrolls it into view, centred so that neither the wizard's sticky footer nor a toast at the top of a
 * phone's screen covers it: on a phone it may be above the screen.
 */
export function refuseAdd(form: AddApi, prefix: DraftPrefix, issues: readonly Issue[], order: readonly string[]) {
  showIssues(form, prefix, issues);
  const named = new Set(issues.map((issue) => String(issue.path[0])));
  const first = order.find((name) => named.has(name));
  if (!first) return;
  form.setFocus(fieldName(prefix, [first]));
  (document.activeElement as HTMLElement | null)?.scrollIntoView({ block: 'center' });
}

/** The list without the item at index: what a remove button leaves. */
export const without = <T,>(items: readonly T[], index: number) => items.filter((_, j) => j !== index);

/** How one added item reads in its row. */
interface AddedItem {
  key?: string;
  title: string;
  detail?: string;
  removeLabel: string;
  /** What the list's status says once it is removed. */
  removedText: string;
}

/** Each row's key: its own, else its texts; the same texts twice are told apart by their order. */
function rowKeys(rows: readonly AddedItem[]) {
  const seen = new Map<string, number>();
  return rows.map(({ key, title, detail }) => {
    const base = key ?? `${title}\u0000${detail ?? ''}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}#${n}`;
  });
}

/**
 * The doctors, prescriptions or insurance added so far (no list while there are none), each removable. A removal is
 * said in the list's polite status (always there, not shown, so a screen reader reads what comes in it; each text a
 * new node, so the same text said twice is read twice) and hands the keyboard's focus on, never to the page
 * (WCAG 2.4.3): to the next row's Remove, else the previous row's, else (the list gone) to `focusWhenEmpty`, the
 * section's first field.
 */
export function AddedList<T>({
  label,
  items,
  icon,
  describe,
  onRemove,
  focusWhenEmpty,
}: {
  label: string;
  items: readonly T[];
  icon: ReactNode;
  describe(item: T): AddedItem;
  onRemove(index: number): void;
  focusWhenEmpty(): void;
}) {
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null);
  const removeButtons = useRef<(HTMLButtonElement | null)[]>([]);
  // The row removed and the length the list then has: the focus moves once the list shows it.
  const removed = useRef<{ index: number; length: number } | null>(null);
  useLayoutEffect(() => {
    const { index, length } = removed.current ?? {};
    if (index === undefined || items.length !== length) return;
    removed.current = null;
    if (length === 0) focusWhenEmpty();
    else removeButtons.current[Math.min(index, length - 1)]?.focus();
  }, [items, focusWhenEmpty]);
  const rows = items.map(describe);
  const keys = rowKeys(rows);
  // The status stays in its place while the list comes and goes: a region made anew with its text is not read out.
  return (
    <>
      {items.length > 0 && (
        <ul className="space-y-2" aria-label={label}>
          {rows.map(({ title, detail, removeLabel, removedText }, i) => (
            <li
              key={keys[i]}
              className="flex items-center gap-3 rounded-lg border border-teal-100 bg-teal-50/60 px-3 py-2"
            >
              <span className="text-teal-700">{icon}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{title}</span>
                {detail && <span className="block truncate text-xs text-slate-600">{detail}</span>}
              </span>
              <Button
                ref={(el) => {
                  removeButtons.current[i] = el;
                }}
                variant="ghost"
                size="icon-xs"
                aria-label={removeLabel}
                onClick={() => {
                  removed.current = { index: i, length: items.length - 1 };
                  onRemove(i);
                  setSaid({ text: removedText, n: (said?.n ?? 0) + 1 });
                }}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {said && <span key={said.n}>{said.text}</span>}
      </p>
    </>
  );
}
