import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { z } from 'zod';
import { Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { INSURANCE_PROVIDER_NAMES, MESSAGES, insuranceAddFormSchema, type InsuranceView } from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { coverageFieldOf, coverageFormShape, emptyCoverageForm, toCoverageAnswers } from '@/lib/coverage-form';
import {
  describeCoverage,
  insuranceProviderLabel,
  insuranceProviderOptions,
} from '@/components/coverage/coverage-labels';
import { applyServerErrors } from '@/lib/server-errors';
import { focusControl, useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { CoverageQuestions } from '@/components/coverage/coverage-questions';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Form, SelectField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useInsurances } from './api/get-insurances';
import { useAddInsurance } from './api/add-insurance';
import { useDeleteInsurance } from './api/delete-insurance';
import { CoverageEditForm } from './coverage-edit-form';
import { useDialogProps } from '../dashboard-dialogs';
import { LoadError } from '../load-error';
import { localized } from '../localized';

const PROVIDER_OPTIONS = insuranceProviderOptions(INSURANCE_PROVIDER_NAMES);

/** A new plan: the provider, and the kind of plan when the patient knows it (docs/product.md §6.3). */
const addFormSchema = insuranceAddFormSchema
  .extend(coverageFormShape)
  .transform(({ provider, ...coverage }) => ({ provider, ...toCoverageAnswers(coverage) }));
type AddFormInput = z.input<typeof addFormSchema>;
type AddFormOutput = z.output<typeof addFormSchema>;
const addDefaults: AddFormInput = { provider: '', ...emptyCoverageForm };

export function InsuranceDialog() {
  const dialog = useDialogProps('insurance');
  const { _ } = useLingui();
  return (
    <Dialog
      {...dialog}
      title={_('dashboard.records.insurance.title')}
      description={_('dashboard.records.insurance.description')}
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
  const { _ } = useLingui();
  // A deleted plan's focus goes to the next plan's same button, else the previous one's, else the new plan's provider.
  const section = useRef<HTMLDivElement>(null);
  const focusRow = useFocusAfterRemoval(() => section.current?.querySelector<HTMLElement>('form select'));

  const onAdd = (body: AddFormOutput) =>
    add.mutateAsync(body).then(
      () => {
        toast.success(_('dashboard.records.insurance.added'), { description: insuranceProviderLabel(body.provider) });
        form.reset(addDefaults);
      },
      (error) => {
        console.error('Failed to add insurance', error);
        applyServerErrors(form, error, { fieldOf: coverageFieldOf, shouldFocus: true });
        toast.error(_('dashboard.records.error'), {
          description: messageOf(error, _('dashboard.records.insurance.addFailed')),
        });
      },
    );

  return (
    <div ref={section} className="space-y-5">
      {insurances.isPending && (
        <Spinner className="flex justify-center py-6" label={_('dashboard.records.insurance.loading')} />
      )}
      {insurances.isError && (
        <LoadError
          title={_('dashboard.records.insurance.loadFailed')}
          error={insurances.error}
          onRetry={() => insurances.refetch()}
        />
      )}
      {insurances.data && insurances.data.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-5 text-center text-sm text-slate-600">
          {_('dashboard.records.insurance.none')}
        </p>
      )}
      {insurances.data && insurances.data.length > 0 && (
        <ul
          aria-label={_('dashboard.records.insurance.list')}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200"
        >
          {insurances.data.map((i) => (
            <InsuranceRow key={i.id} insurance={i} row={focusRow(i.id)} />
          ))}
        </ul>
      )}
      <Form
        form={form}
        onSubmit={onAdd}
        onInvalid={(errors) =>
          errors.provider &&
          toast.error(_('dashboard.records.insurance.providerRequired'), {
            description: localized(MESSAGES.insuranceProviderRequired),
          })
        }
        aria-label={_('dashboard.records.insurance.addForm')}
        className="space-y-3 rounded-xl bg-slate-50 p-4"
      >
        <SelectField<AddFormInput>
          name="provider"
          label={_('dashboard.records.insurance.provider')}
          required
          options={PROVIDER_OPTIONS}
          placeholder={_('dashboard.records.insurance.providerPlaceholder')}
        />
        <CoverageQuestions />
        <Button type="submit" isLoading={add.isPending}>
          <Plus aria-hidden /> {_('dashboard.records.insurance.add')}
        </Button>
      </Form>
    </div>
  );
}

function InsuranceRow({ insurance: i, row }: { insurance: InsuranceView; row: object }) {
  const remove = useDeleteInsurance();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // Saved or cancelled, the form goes with the button that had the focus: it returns to the row's Edit
  // button (not the dialog), as a saved doctor keeps it on its row (docs/product.md §6.1, §6.3).
  const closeEdit = () => {
    setEditing(false);
    editButton.current?.focus();
  };
  const { _ } = useLingui();
  const coverage = describeCoverage(i);
  const provider = insuranceProviderLabel(i.provider);
  const onDelete = () =>
    remove.mutateAsync(i.id).then(
      () => {
        setConfirming(false);
        toast.success(_('dashboard.records.insurance.deleted'), { description: provider });
      },
      (error) => {
        setConfirming(false);
        console.error('Failed to delete insurance', error);
        toast.error(_('dashboard.records.error'), {
          description: messageOf(error, _('dashboard.records.insurance.deleteFailed')),
        });
      },
    );
  return (
    <li className="space-y-3 p-4" {...row}>
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-teal-600" aria-hidden />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{provider}</p>
            <p className="text-sm text-slate-700">{coverage ?? _('dashboard.records.insurance.noKind')}</p>
            <p className="text-sm text-slate-500">
              {i.policyNumber && `${_('dashboard.records.insurance.policy', { number: i.policyNumber })} · `}
              {i.groupNumber && `${_('dashboard.records.insurance.group', { number: i.groupNumber })} · `}
              {_('dashboard.records.insurance.addedOn', { date: formatDate(i.createdAt) })}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            ref={editButton}
            variant="ghost"
            size="icon"
            aria-label={_('dashboard.records.insurance.edit', { provider })}
            aria-expanded={editing}
            onClick={() => setEditing((e) => !e)}
            {...focusControl('edit')}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghostDanger"
            size="icon"
            className="shrink-0"
            aria-label={_('dashboard.records.insurance.delete', { provider })}
            onClick={() => setConfirming(true)}
            {...focusControl('delete')}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      {editing && <CoverageEditForm insurance={i} onDone={closeEdit} onCancel={closeEdit} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={_('dashboard.records.insurance.deleteTitle')}
        description={_('dashboard.records.insurance.deleteDescription', { provider })}
        cancelLabel={_('dashboard.records.cancel')}
        confirmLabel={_('dashboard.records.insurance.deleteConfirm')}
        isPending={remove.isPending}
        onConfirm={onDelete}
      />
    </li>
  );
}
