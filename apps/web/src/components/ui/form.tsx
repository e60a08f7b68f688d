import { useEffect, useId, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useWatch,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
  type FieldPath,
} from 'react-hook-form';
import { useLingui } from '@lingui/react';
import { localizeMessage } from '@rxbridge/contracts';
import { cn } from '@/lib/utils';
import { useLanguage } from '@/lib/i18n';
import { Input, Label, Select, Textarea } from './input';
import { Combobox, type ComboboxOption } from './combobox';

/** A form bound to react-hook-form: fields below read registration and errors from context. */
export function Form<TValues extends FieldValues, TOut = TValues>({
  form,
  onSubmit,
  onInvalid,
  className,
  children,
  ...rest
}: {
  form: UseFormReturn<TValues, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  onInvalid?: SubmitErrorHandler<TValues>;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className={className} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}

function errorAt(errors: unknown, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * A field's message (the form's FormMessage). Every form error passes here, the schemas' and the
 * server's alike, so this is the one place they are said in the active language (docs/architecture.md, Languages).
 */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  const { language } = useLanguage();
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-600">
      {localizeMessage(message, language)}
    </p>
  );
}

interface FieldShellProps {
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
}

/**
 * Label, control and error wired together: `control` is what every field's control carries (its id,
 * aria-invalid, aria-required, aria-describedby pointing at the error, else the hint).
 */
function useField(name: string, { required, hint }: { required?: boolean; hint?: string } = {}) {
  const id = useId();
  const { register, formState } = useFormContext();
  const error = errorAt(formState.errors, name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const control = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': error ? errorId : hint ? hintId : undefined,
  };
  return { id, register, error, errorId, hintId, control };
}

function Shell({
  id,
  label,
  required,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: FieldShellProps & {
  id: string;
  hintId: string;
  error?: string;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      {/* The asterisk sits outside the label so the field's accessible name is just the label. */}
      <div className="mb-1.5 flex gap-1">
        <Label htmlFor={id} className="mb-0">
          {label}
        </Label>
        {required && (
          <span className="text-sm text-red-600" aria-hidden>
            *
          </span>
        )}
      </div>
      {children}
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function InputField<T extends FieldValues>({
  name,
  label,
  required,
  hint,
  className,
  ...input
}: FieldShellProps & { name: FieldPath<T> } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const f = useField(name, { required, hint });
  return (
    <Shell {...f} label={label} required={required} hint={hint} className={className}>
      <Input {...f.control} {...input} {...f.register(name)} />
    </Shell>
  );
}

/** A text field with type-ahead suggestions (components/ui/combobox); free text is kept as typed. */
export function ComboboxField<T extends FieldValues>({
  name,
  label,
  required,
  hint,
  className,
  options,
  emptyText,
  ...input
}: FieldShellProps & {
  name: FieldPath<T>;
  options: readonly ComboboxOption[];
  emptyText?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'role'>) {
  const f = useField(name, { required, hint });
  const { control } = useFormContext<T>();
  return (
    <Shell {...f} label={label} required={required} hint={hint} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Combobox
            {...f.control}
            options={options}
            emptyText={emptyText}
            {...input}
            ref={field.ref}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    </Shell>
  );
}

export function TextareaField<T extends FieldValues>({
  name,
  label,
  required,
  hint,
  className,
  ...input
}: FieldShellProps & { name: FieldPath<T> } & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const f = useField(name, { required, hint });
  return (
    <Shell {...f} label={label} required={required} hint={hint} className={className}>
      <Textarea {...f.control} {...input} {...f.register(name)} />
    </Shell>
  );
}

export interface Option {
  value: string;
  label: string;
}
export const toOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

export function SelectField<T extends FieldValues>({
  name,
  label,
  required,
  hint,
  className,
  options,
  placeholder,
}: FieldShellProps & { name: FieldPath<T>; options: readonly Option[]; placeholder?: string }) {
  const f = useField(name, { required, hint });
  const { _ } = useLingui();
  return (
    <Shell {...f} label={label} required={required} hint={hint} className={className}>
      <Select {...f.control} {...f.register(name)}>
        <option value="">{placeholder ?? _('common.form.select')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Shell>
  );
}

export function CheckboxField<T extends FieldValues>({
  name,
  children,
  className,
}: {
  name: FieldPath<T>;
  children: ReactNode;
  className?: string;
}) {
  const f = useField(name);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...f.control}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-teal-600 focus-visible:outline-2 focus-visible:outline-teal-500"
          {...f.register(name)}
        />
        <label htmlFor={f.id} className={cn('text-sm text-slate-700')}>
          {children}
        </label>
      </div>
      <FieldError id={f.errorId} message={f.error} />
    </div>
  );
}

/**
 * Re-checks `field` whenever `source` changes, once the person has touched or typed in `field`:
 * a confirmation shows 'Passwords do not match' (or stops showing it) as the password is edited.
 */
export function RecheckOnChange<T extends FieldValues>({
  source,
  field,
}: {
  source: FieldPath<T>;
  field: FieldPath<T>;
}) {
  const { control, trigger, getFieldState } = useFormContext<T>();
  const value = useWatch({ control, name: source });
  useEffect(() => {
    const state = getFieldState(field);
    if (state.isTouched || state.isDirty) void trigger(field);
  }, [value, field, trigger, getFieldState]);
  return null;
}
