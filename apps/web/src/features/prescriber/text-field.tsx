import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Input } from '@/components/ui/input';

/** A labelled field of the signing page whose refusal shows under it, marked `aria-invalid` (docs/product.md §16). */
export function LabelledField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The ARIA of a control in a LabelledField: its hint and its error describe it. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: string }) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/** A one-line text field with its label and error. */
export function TextField({
  id,
  label,
  error,
  hint,
  onValue,
  ...props
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  onValue(value: string): void;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <LabelledField id={id} label={label} error={error} hint={hint}>
      <Input id={id} onChange={(e) => onValue(e.target.value)} {...describedBy(id, { error, hint })} {...props} />
    </LabelledField>
  );
}
