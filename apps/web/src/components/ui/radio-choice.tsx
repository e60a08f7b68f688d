import { useId } from 'react';
import { get, useFormContext, useWatch, type FieldPath, type FieldValues } from 'react-hook-form';
import { cn } from '@/lib/utils';
import { FieldError, type Option } from './form';

/**
 * A few choices as large radio buttons in a fieldset (Yes / No, Per month / Per year): the legend names the group,
 * each label its choice, and the arrow keys move between them as with any radio group.
 */
export function RadioChoiceField<T extends FieldValues>({
  name,
  legend,
  options,
  className,
  size = 'md',
}: {
  name: FieldPath<T>;
  legend: string;
  options: readonly Option[];
  className?: string;
  size?: 'sm' | 'md';
}) {
  const { register, control, formState } = useFormContext<T>();
  const value = useWatch({ control, name }) as string | undefined;
  const errorId = useId();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex gap-3">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex flex-1 cursor-pointer items-center justify-center rounded-lg border-2 font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-500',
              size === 'sm' ? 'px-3 py-2 text-sm' : 'px-4 py-3 text-sm',
              value === o.value ? 'border-teal-600 bg-teal-50 text-teal-800' : 'border-slate-200 text-slate-700',
            )}
          >
            <input type="radio" value={o.value} className="sr-only" {...register(name)} />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
