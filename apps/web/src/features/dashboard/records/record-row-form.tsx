import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { cn } from '@/lib/utils';
import { Form } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';
import { RowActions } from './row-actions';
import { hasMissingFields, missingFieldsToast } from './row-form';
import { localized } from '../localized';

/**
 * One editable record of a list (a doctor, a prescription): its form, framed as saved or new, its
 * title and what sits beside it, its fields, the row's sentence when required fields are blank
 * (docs/product.md), and Save with Delete or Remove.
 */
export function RecordRowForm<TValues extends FieldValues, TOut>({
  form,
  onSubmit,
  label,
  title,
  aside,
  missingMessage,
  actions,
  children,
  after,
  flag,
}: {
  form: UseFormReturn<TValues, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  label: string;
  title: ReactNode;
  aside?: ReactNode;
  /** The row's sentence for blank required fields, from libs/contracts' MESSAGES. */
  missingMessage: string;
  actions: Parameters<typeof RowActions>[0];
  /** The fields. */
  children: ReactNode;
  /** What belongs to the row outside its layout (a confirmation dialog). */
  after?: ReactNode;
  /** Beside the title, outside the heading: e.g. that the row's changes are not saved. */
  flag?: ReactNode;
}) {
  const missing = hasMissingFields(form.formState.errors);
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalid={(errors) => hasMissingFields(errors) && missingFieldsToast(missingMessage)}
      aria-label={label}
      className={cn(
        'rounded-xl border p-4',
        actions.isNew ? 'border-dashed border-teal-400 bg-teal-50/30' : 'border-slate-200',
      )}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
          {flag}
        </div>
        {aside}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
      {missing && (
        <div className="mt-3">
          <FormAlert>{localized(missingMessage)}</FormAlert>
        </div>
      )}
      <div className="mt-4">
        <RowActions {...actions} />
      </div>
      {after}
    </Form>
  );
}
