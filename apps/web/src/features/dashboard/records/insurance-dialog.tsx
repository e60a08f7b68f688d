import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { INSURANCE_PROVIDER_NAMES, MESSAGES, insuranceAddFormSchema, type InsuranceView } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import {
  coverageFieldOf,
  coverageFormShape,
  describeCoverage,
  emptyCoverageForm,
  toCoverageAnswers,
} from '@/lib/coverage-form';
import { applyServerErrors } from '@/lib/server-errors';
import { CoverageQuestions } from '@/components/coverage/coverage-questions';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Form, SelectField, toOptions } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useInsurances } from './api/get-insurances';
import { useAddInsurance } from './api/add-insurance';
import { useDeleteInsurance } from './api/delete-insurance';
import { CoverageEditForm } from './coverage-edit-form';
import { useDialogProps } from '../dashboard-dialogs';
import { LoadError } from '../load-error';

const PROVIDER_OPTIONS = toOptions(INSURANCE_PROVIDER_NAMES);

/** A new plan: the provider, and the kind of plan when the patient knows it (docs/product.md §6.3). */
const addFormSchema = insuranceAddFormSchema
  .extend(coverageFormShape)
  .transform(({ provider, ...coverage }) => ({ provider, ...toCoverageAnswers(coverage) }));
type AddFormInput = z.input<typeof addFormSchema>;
type AddFormOutput = z.output<typeof addFormSchema>;
const addDefaults: AddFormInput = { provider: '', ...emptyCoverageForm };

export function InsuranceDialog() {
  const dialog = useDialogProps('insurance');
  return (
    <Dialog
      {...dialog}
      title="Insurance information"
      description="Programs ask about your coverage. Add each plan you have."
      className="max-w-xl"
    >
      {dialog.open && <InsuranceBody />}
    </Dialog>
  );
}

function InsuranceBody() {
  const insurances = useInsurances();
  const add = useAddInsurance();
  const form = useForm<AddFormInput, unknown, AddFormOutput>({
    resolver: zodResolver(addFormSchema),
    defaultValues: addDefaults,
  });

  const onAdd = (body: AddFormOutput) =>
    add.mutateAsync(body).then(
      () => {
        toast.success('Insurance Added', { description: body.provider });
        form.reset(addDefaults);
      },
      (error) => {
        console.error('Failed to add insurance', error);
        applyServerErrors(form, error, { fieldOf: coverageFieldOf, shouldFocus: true });
        toast.error('Error', { description: messageOf(error, 'Failed to add your insurance. Please try again.') });
      },
    );

  return (
    <div className="space-y-5">
      {insurances.isPending && <Spinner className="flex justify-center py-6" label="Loading insurance" />}
      {insurances.isError && (
        <LoadError
          title="Failed to load insurance data"
          error={insurances.error}
          onRetry={() => insurances.refetch()}
        />
      )}
      {insurances.data && insurances.data.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-5 text-center text-sm text-slate-600">
          No insurance added yet.
        </p>
      )}
      {insurances.data && insurances.data.length > 0 && (
        <ul aria-label="Your insurance plans" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {insurances.data.map((i) => (
            <InsuranceRow key={i.id} insurance={i} />
          ))}
        </ul>
      )}
      <Form
        form={form}
        onSubmit={onAdd}
        onInvalid={(errors) =>
          errors.provider && toast.error('Provider Required', { description: MESSAGES.insuranceProviderRequired })
        }
        aria-label="Add insurance"
        className="space-y-3 rounded-xl bg-slate-50 p-4"
      >
        <SelectField<AddFormInput>
          name="provider"
          label="Insurance provider"
          required
          options={PROVIDER_OPTIONS}
          placeholder="Select a provider"
        />
        <CoverageQuestions />
        <Button type="submit" isLoading={add.isPending}>
          <Plus aria-hidden /> Add Insurance
        </Button>
      </Form>
    </div>
  );
}

function InsuranceRow({ insurance: i }: { insurance: InsuranceView }) {
  const remove = useDeleteInsurance();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const coverage = describeCoverage(i);
  const onDelete = () =>
    remove.mutateAsync(i.id).then(
      () => {
        setConfirming(false);
        toast.success('Insurance Deleted', { description: i.provider });
      },
      (error) => {
        setConfirming(false);
        console.error('Failed to delete insurance', error);
        toast.error('Error', { description: messageOf(error, 'Failed to delete your insurance. Please try again.') });
      },
    );
  return (
    <li className="space-y-3 p-4">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-teal-600" aria-hidden />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{i.provider}</p>
            <p className="text-sm text-slate-700">{coverage ?? 'Kind of plan not given yet'}</p>
            <p className="text-sm text-slate-500">
              {i.policyNumber && `Policy ${i.policyNumber} · `}
              {i.groupNumber && `Group ${i.groupNumber} · `}Added {formatDate(i.createdAt)}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit plan details for ${i.provider}`}
            aria-expanded={editing}
            onClick={() => setEditing((e) => !e)}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghostDanger"
            size="icon"
            className="shrink-0"
            aria-label={`Delete ${i.provider}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      {editing && (
        <CoverageEditForm insurance={i} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this insurance?"
        description={`${i.provider} will be removed from your record.`}
        confirmLabel="Delete insurance"
        isPending={remove.isPending}
        onConfirm={onDelete}
      />
    </li>
  );
}
