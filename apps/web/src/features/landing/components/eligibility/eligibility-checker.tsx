import { useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight, Info } from 'lucide-react';
import { messageOf, type ApiResult } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { STATE_OPTIONS } from '@/lib/eligibility-form';
import { DRUG_COVERAGE_OPTIONS, EXTRA_HELP_OPTIONS } from '@/lib/coverage-form';
import { isMedicareCoverage } from '@rxbridge/domain';
import { formatCents } from '@/lib/format';
import { usePrograms } from '@/lib/programs/api/get-programs';
import type { EligibilityCheckAnswer, EligibilityCheckRequest } from '@rxbridge/contracts';
import { Button } from '@/components/ui/button';
import { ComboboxField, Form, SelectField } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';
import { RouteCards } from '@/components/routes/route-cards';
import { formatFplPercent } from '@/components/eligibility/eligibility-summary';
import { HouseholdIncomeFields, householdFieldOf } from '@/components/eligibility/household-income-fields';
import { useCheckEligibility } from '../../api/check-eligibility';
import { checkFormDefaults, checkFormSchema, medicationOptions, type CheckFormInput } from './check-form';

type F = CheckFormInput;

/**
 * "Check if you qualify" (docs/product.md §2 Landing page): a visitor's household against every
 * program covering their medication, before any signup. Loaded lazily by the landing page.
 */
export default function EligibilityChecker() {
  const programs = usePrograms();
  const options = useMemo(() => medicationOptions(programs.data ?? []), [programs.data]);
  const check = useCheckEligibility();
  const results = useRef<HTMLDivElement>(null);
  const form = useForm<F, unknown, EligibilityCheckRequest>({
    resolver: zodResolver(checkFormSchema),
    defaultValues: checkFormDefaults,
    mode: 'onTouched',
  });

  const onSubmit = (request: EligibilityCheckRequest) =>
    check.mutate(request, {
      onSuccess: () => results.current?.focus({ preventScroll: false }),
      onError: (error) => applyServerErrors(form, error, { fieldOf: householdFieldOf, shouldFocus: true }),
    });

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_1.1fr]">
      <div className="self-start rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <Form form={form} onSubmit={onSubmit} aria-label="Check if you qualify" className="grid gap-4 sm:grid-cols-2">
          <ComboboxField<F>
            name="medication"
            label="Medication"
            required
            options={options}
            placeholder={programs.isPending ? 'Loading medications…' : 'Start typing, e.g. Ozempic'}
            emptyText="Not in our catalogue: check anyway and a care navigator can research it."
            hint={programs.isError ? 'The medication list could not load; type the brand name.' : undefined}
            className="sm:col-span-2"
          />
          <HouseholdIncomeFields />
          <SelectField<F> name="state" label="State" options={STATE_OPTIONS} required />
          <SelectField<F>
            name="drugCoverage"
            label="What kind of plan is it?"
            hint="The insurance that pays for your prescriptions, if any."
            options={DRUG_COVERAGE_OPTIONS}
            required
            className="sm:col-span-2"
          />
          {isMedicareCoverage(form.watch('drugCoverage')) && (
            <SelectField<F>
              name="extraHelp"
              label="Do you already get Extra Help (the Medicare Low-Income Subsidy)?"
              options={EXTRA_HELP_OPTIONS}
              placeholder="Not sure"
              className="sm:col-span-2"
            />
          )}
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" className="w-full sm:w-auto" isLoading={check.isPending}>
              Check eligibility
            </Button>
            <p className="mt-3 text-xs text-slate-600">
              No signup needed. Your answers are used only for this check and are not saved.
            </p>
          </div>
        </Form>
      </div>

      <div
        ref={results}
        tabIndex={-1}
        role="region"
        aria-live="polite"
        aria-label="Your result"
        className="focus:outline-none"
      >
        {check.isError && (
          <FormAlert>{messageOf(check.error, 'The check could not be made. Please try again.')}</FormAlert>
        )}
        {check.data && <CheckResults answer={check.data} request={check.variables!} />}
        {!check.data && !check.isError && (
          <div className="flex h-full min-h-40 items-center justify-center rounded-2xl border-2 border-dashed border-slate-200 p-6 text-center text-slate-600">
            Your routes (programs, savings cards, charity funds, Medicare help) and whether you likely qualify will show
            here.
          </div>
        )}
      </div>
    </div>
  );
}

function CheckResults({
  answer: { data, message },
  request,
}: {
  answer: ApiResult<EligibilityCheckAnswer>;
  request: EligibilityCheckRequest;
}) {
  const dialogs = useAuthDialogs();
  const people = request.householdSize === 1 ? '1 person' : `${request.householdSize} people`;
  return (
    <div className="space-y-4">
      <h3 className="text-xl font-semibold text-slate-900">Results for {request.medication}</h3>
      <p className="text-sm text-slate-700">
        Your household income is <strong>{formatFplPercent(data.fplPercent)}</strong> of the federal poverty guideline (
        {formatCents(data.povertyGuidelineCents, { dropZeroCents: true })} a year for {people} in {request.state}).
      </p>
      {data.results.length === 0 && (
        <p className="flex items-start gap-2 rounded-xl bg-sky-50 p-4 text-sm text-sky-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{message ?? 'No program in our catalogue covers this medication yet.'}</span>
        </p>
      )}
      {data.routes.length > 0 && <RouteCards routes={data.routes} label="Routes" />}
      <div className="rounded-2xl bg-teal-700 p-5 text-white">
        <p className="font-semibold">Let a care navigator handle the application</p>
        <p className="mt-1 text-sm text-teal-50">
          A first check, not a decision: each drug maker’s program decides. We prepare the paperwork, call the program
          and your doctor, and follow up until you hear back.
        </p>
        <Button
          variant="inverse"
          className="mt-4"
          onClick={() => dialogs.open('signup', { medication: request.medication })}
        >
          Start Your Application <ArrowRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}
