import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { COVERAGE_MESSAGES, type DrugCoverage } from '@rxbridge/contracts';
import { isMedicareCoverage } from '@rxbridge/domain';
import { DRUG_COVERAGE_OPTIONS, EXTRA_HELP_OPTIONS } from '@/lib/coverage-form';
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
  return (
    <div className="space-y-3">
      <SelectField
        name={`${prefix}drugCoverage`}
        label={COVERAGE_MESSAGES.question}
        options={DRUG_COVERAGE_OPTIONS}
        placeholder={required ? 'Choose the kind of plan' : 'Not sure / skip for now'}
        required={required}
        hint="Programs have different rules for Medicare, Medicaid and employer plans, whoever the carrier is."
      />
      {isMedicareCoverage(kind || null) && (
        <div className="grid gap-3 sm:grid-cols-2">
          <RadioChoiceField
            name={`${prefix}extraHelp`}
            legend="Do you get Extra Help (the Low-Income Subsidy)?"
            options={EXTRA_HELP_OPTIONS}
            size="sm"
          />
          <InputField
            name={`${prefix}outOfPocket`}
            label="Out-of-pocket drug costs this year ($)"
            inputMode="decimal"
            placeholder="e.g. 850"
            hint="What you paid yourself for prescriptions since January 1."
          />
        </div>
      )}
    </div>
  );
}
