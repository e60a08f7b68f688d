import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { useLingui } from '@lingui/react';
import type { DrugCoverage } from '@rxbridge/contracts';
import { isMedicareCoverage } from '@rxbridge/domain';
import { drugCoverageOptions, extraHelpOptions } from './coverage-labels';
import { InputField, SelectField } from '@/components/ui/form';
import { RadioChoiceField } from '@/components/ui/radio-choice';

/**
 * "What kind of plan is it?", and for Medicare kinds Extra Help and this year's out-of-pocket spend
 * (docs/product.md §6.3 Insurance). Renders inside a Form whose values hold CoverageFormValues at `prefix`
 * ('' for the top level, 'insuranceDraft.' for a nested draft).
 */
export function CoverageQuestions({ prefix = '', required = false }: { prefix?: string; required?: boolean }) {
  const { control } = useFormContext<FieldValues>();
  const kind = useWatch({ control, name: `${prefix}drugCoverage` }) as DrugCoverage | '';
  const { _ } = useLingui();
  return (
    <div className="space-y-3">
      <SelectField
        name={`${prefix}drugCoverage`}
        label={_('records.coverage.question')}
        options={drugCoverageOptions()}
        placeholder={required ? _('records.coverage.choose') : _('records.coverage.skip')}
        required={required}
        hint={_('records.coverage.hint')}
      />
      {isMedicareCoverage(kind || null) && (
        <div className="grid gap-3 sm:grid-cols-2">
          <RadioChoiceField
            name={`${prefix}extraHelp`}
            legend={_('records.coverage.extraHelp')}
            options={extraHelpOptions()}
            size="sm"
          />
          <InputField
            name={`${prefix}outOfPocket`}
            label={_('records.coverage.outOfPocket')}
            inputMode="decimal"
            placeholder={_('records.coverage.outOfPocketPlaceholder')}
            hint={_('records.coverage.outOfPocketHint')}
          />
        </div>
      )}
    </div>
  );
}
