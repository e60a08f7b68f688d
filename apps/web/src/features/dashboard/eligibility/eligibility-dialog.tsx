import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import type { EligibilityFacts, EligibilityFactsRequest } from '@rxbridge/contracts';
import { Dialog } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/dialog-footer';
import { Form } from '@/components/ui/form';
import { HouseholdIncomeFields, householdFieldOf } from '@/components/eligibility/household-income-fields';
import { Spinner } from '@/components/ui/spinner';
import { useEligibility } from './api/get-eligibility';
import { useUpdateEligibility } from './api/update-eligibility';
import { useDialogProps } from '../dashboard-dialogs';
import { LoadError } from '../load-error';
import { eligibilityFormSchema, toEligibilityForm, type EligibilityFormInput } from './eligibility-form';

/** Household size and yearly income: programs compare them with the federal poverty guideline. */
export function EligibilityDialog() {
  const dialog = useDialogProps('eligibility');
  const eligibility = useEligibility();
  const { _ } = useLingui();
  return (
    <Dialog {...dialog} title={_('dashboard.eligibility.title')} description={_('dashboard.eligibility.description')}>
      {eligibility.isPending && (
        <Spinner className="flex justify-center py-8" label={_('dashboard.eligibility.loading')} />
      )}
      {eligibility.isError && (
        <LoadError
          title={_('dashboard.eligibility.loadFailed')}
          error={eligibility.error}
          onRetry={() => eligibility.refetch()}
        />
      )}
      {eligibility.isSuccess && dialog.open && (
        <EligibilityForm saved={eligibility.data} onDone={() => dialog.onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function EligibilityForm({ saved, onDone }: { saved: EligibilityFacts; onDone(): void }) {
  const form = useForm<EligibilityFormInput, unknown, EligibilityFactsRequest>({
    resolver: zodResolver(eligibilityFormSchema),
    defaultValues: toEligibilityForm(saved),
  });
  const save = useUpdateEligibility();
  const { _ } = useLingui();
  // mutateAsync, not mutate's callbacks: those are dropped once the form is gone (the dialog closed with Escape while
  // it saved), and the outcome must still be told.
  const onSubmit = (facts: EligibilityFactsRequest) =>
    save.mutateAsync(facts).then(
      () => {
        toast.success(_('dashboard.eligibility.updated'), { description: _('dashboard.eligibility.updatedBody') });
        onDone();
      },
      (error: unknown) => {
        applyServerErrors(form, error, { fieldOf: householdFieldOf, shouldFocus: true });
        toast.error(_('dashboard.records.updateFailed'), {
          description: messageOf(error, _('dashboard.records.saveFailed')),
        });
      },
    );
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={_('dashboard.eligibility.title')} className="space-y-4">
      <HouseholdIncomeFields />
      <FormDialogFooter
        className="pt-2"
        onCancel={onDone}
        isPending={save.isPending}
        submitLabel={_('dashboard.eligibility.save')}
      />
    </Form>
  );
}
