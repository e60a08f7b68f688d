import { useId, type FocusEvent } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { cn } from '@/lib/utils';
import { FieldError, type Option } from './form';

/**
 * A radio group bound to the form's field `name`, whose choices are `values`: `group` goes on the element holding the
 * radios, `radio(value)` on each. The field's value is the form's own, '' while nothing is chosen; a choice sets it,
 * and leaving the group (not moving between its choices) marks the field touched. A group registered as inputs had its
 * value read back from them as it was left: with nothing checked that read null, so a question passed over by Tab
 * became invalid (zod's raw "Invalid option" under it, the step's button disabled) instead of staying unanswered.
 */
export function useRadioGroup<T extends FieldValues>(name: FieldPath<T>, values: readonly string[]) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ control, name });
  const value = field.value as unknown;
  // The one the form focuses (a message to read): the choice made, else the first.
  const focused = values.includes(value as string) ? value : values[0];
  return {
    value,
    error: fieldState.error?.message,
    group: {
      onBlur(e: FocusEvent<HTMLElement>) {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) field.onBlur();
      },
    },
    radio: (option: string) => ({
      type: 'radio' as const,
      name: field.name,
      value: option,
      checked: value === option,
      onChange: () => field.onChange(option),
      ref: option === focused ? field.ref : undefined,
    }),
  };
}

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
  const values = options.map((o) => o.value);
  const { value, error, group, radio } = useRadioGroup<T>(name, values);
  const errorId = useId();
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined} {...group}>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={cn('flex', size === 'sm' ? 'gap-2' : 'gap-3')}>
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex flex-1 cursor-pointer items-center justify-center rounded-lg border-2 font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-500',
              size === 'sm' ? 'whitespace-nowrap px-2 py-2 text-sm' : 'px-4 py-3 text-sm',
              value === o.value ? 'border-teal-600 bg-teal-50 text-teal-800' : 'border-slate-200 text-slate-700',
            )}
          >
            <input className="sr-only" {...radio(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
