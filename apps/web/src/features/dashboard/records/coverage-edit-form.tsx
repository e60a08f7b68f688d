import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import type { InsuranceView } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import {
  coverageEditSchema,
  coverageFieldOf,
  toCoverageForm,
  type CoverageAnswers,
  type CoverageEditInput,
} from '@/lib/coverage-form';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { CoverageQuestions } from '@/components/coverage/coverage-questions';
import { insuranceProviderLabel } from '@/components/coverage/coverage-labels';
import { useUpdateInsuranceCoverage } from './api/update-insurance';

/**
 * A saved plan's coverage answers (docs/product.md §6.3), in the Insurance dialog and in the dashboard's prompt
 * for a plan not yet answered. Saving re-screens the open applications; they update live.
 */
export function CoverageEditForm({
  insurance,
  onDone,
  onCancel,
  submitLabel,
}: {
  insurance: InsuranceView;
  onDone?(): void;
  onCancel?(): void;
  submitLabel?: string;
}) {
  const form = useForm<CoverageEditInput, unknown, CoverageAnswers>({
    resolver: zodResolver(coverageEditSchema),
    defaultValues: toCoverageForm(insurance) as CoverageEditInput,
  });
  const save = useUpdateInsuranceCoverage();
  const { _ } = useLingui();
  // mutateAsync, not mutate's callbacks: those are dropped once the form is gone (its dialog closed while it saved).
  const onSubmit = (answers: CoverageAnswers) =>
    save.mutateAsync({ id: insurance.id, ...answers }).then(
      () => {
        toast.success(_('dashboard.records.insurance.updated'), {
          description: insuranceProviderLabel(insurance.provider),
        });
        onDone?.();
      },
      (error: unknown) => {
        applyServerErrors(form, error, { fieldOf: coverageFieldOf, shouldFocus: true });
        toast.error(_('dashboard.records.updateFailed'), {
          description: messageOf(error, _('dashboard.records.saveFailed')),
        });
      },
    );
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-label={_('dashboard.records.insurance.planDetails', {
        provider: insuranceProviderLabel(insurance.provider),
      })}
      className="space-y-3"
    >
      <CoverageQuestions required />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={save.isPending}>
          {submitLabel ?? _('dashboard.records.insurance.savePlan')}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
            {_('dashboard.records.cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}
