import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { messageOf } from '@/lib/api-client';
import { MAX_HOUSEHOLD_SIZE } from '@/lib/eligibility-form';
import { applyServerErrors } from '@/lib/server-errors';
import type { EligibilityFacts, EligibilityFactsRequest } from '@rxbridge/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, InputField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useEligibility } from '../../api/get-eligibility';
import { useUpdateEligibility } from '../../api/update-eligibility';
import { useDialogProps } from '../../dashboard-dialogs';
import { LoadError } from '../load-error';
import { eligibilityFormSchema, formFieldOf, toEligibilityForm, type EligibilityFormInput } from './eligibility-form';

type F = EligibilityFormInput;

/** Household size and yearly income: programs compare them with the federal poverty guideline. */
export function EligibilityDialog() {
  const dialog = useDialogProps('eligibility');
  const eligibility = useEligibility();
  return (
    <Dialog
      {...dialog}
      title="Eligibility"
      description="Programs set income limits by household size. We use these figures to check each of your applications; they are stored encrypted."
    >
      {eligibility.isPending && <Spinner className="flex justify-center py-8" label="Loading eligibility" />}
      {eligibility.isError && (
        <LoadError title="Failed to load eligibility" error={eligibility.error} onRetry={() => eligibility.refetch()} />
      )}
      {eligibility.isSuccess && dialog.open && (
        <EligibilityForm saved={eligibility.data} onDone={() => dialog.onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function EligibilityForm({ saved, onDone }: { saved: EligibilityFacts; onDone(): void }) {
  const form = useForm<F, unknown, EligibilityFactsRequest>({
    resolver: zodResolver(eligibilityFormSchema),
    defaultValues: toEligibilityForm(saved),
  });
  const save = useUpdateEligibility();
  const onSubmit = (facts: EligibilityFactsRequest) =>
    save.mutate(facts, {
      onSuccess: () => {
        toast.success('Eligibility Updated', { description: 'Your applications are being checked again.' });
        onDone();
      },
      onError: (error) => {
        applyServerErrors(form, error, { fieldOf: formFieldOf, shouldFocus: true });
        toast.error('Update Failed', { description: messageOf(error, 'Failed to save. Please try again.') });
      },
    });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Eligibility" className="space-y-4">
      <InputField<F>
        name="householdSize"
        label="People in your household"
        inputMode="numeric"
        required
        hint={`You and anyone you claim on your taxes (1-${MAX_HOUSEHOLD_SIZE}).`}
      />
      <InputField<F>
        name="annualIncome"
        label="Yearly household income ($)"
        inputMode="decimal"
        placeholder="e.g. 32000"
        required
        hint="Before taxes, in US dollars."
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={save.isPending}>
          Save Changes
        </Button>
      </div>
    </Form>
  );
}
