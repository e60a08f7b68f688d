import { useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight, Info } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { messageOf, type ApiResult } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { stateOptions } from '@/lib/eligibility-form';
import { drugCoverageOptions, extraHelpOptions } from '@/components/coverage/coverage-labels';
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
  const { _ } = useLingui();
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
        <Form
          form={form}
          onSubmit={onSubmit}
          aria-label={_('landing-forms.check.formLabel')}
          className="grid gap-4 sm:grid-cols-2"
        >
          <ComboboxField<F>
            name="medication"
            label={_('landing-forms.check.medication')}
            required
            options={options}
            placeholder={
              programs.isPending
                ? _('landing-forms.check.loadingMedications')
                : _('landing-forms.check.medicationPlaceholder')
            }
            emptyText={_('landing-forms.check.notInCatalogue')}
            hint={programs.isError ? _('landing-forms.check.listFailed') : undefined}
            className="sm:col-span-2"
          />
          <HouseholdIncomeFields />
          <SelectField<F> name="state" label={_('landing-forms.check.state')} options={stateOptions()} required />
          <SelectField<F>
            name="drugCoverage"
            label={_('landing-forms.check.planKind')}
            hint={_('landing-forms.check.planKindHint')}
            options={drugCoverageOptions()}
            required
            className="sm:col-span-2"
          />
          {isMedicareCoverage(form.watch('drugCoverage')) && (
            <SelectField<F>
              name="extraHelp"
              label={_('landing-forms.check.extraHelp')}
              options={extraHelpOptions()}
              placeholder={_('landing-forms.check.notSure')}
              className="sm:col-span-2"
            />
          )}
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" className="w-full sm:w-auto" isLoading={check.isPending}>
              {_('landing-forms.check.submit')}
            </Button>
            <p className="mt-3 text-xs text-slate-600">{_('landing-forms.check.privacy')}</p>
          </div>
        </Form>
      </div>

      <div
        ref={results}
        tabIndex={-1}
        role="region"
        aria-live="polite"
        aria-label={_('landing-forms.check.resultLabel')}
        className="focus:outline-none"
      >
        {check.isError && <FormAlert>{messageOf(check.error, _('landing-forms.check.failed'))}</FormAlert>}
        {check.data && <CheckResults answer={check.data} request={check.variables!} />}
        {!check.data && !check.isError && (
          <div className="flex h-full min-h-40 items-center justify-center rounded-2xl border-2 border-dashed border-slate-200 p-6 text-center text-slate-600">
            {_('landing-forms.check.placeholder')}
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
  const { _ } = useLingui();
  const people = _('landing-forms.check.people', { count: request.householdSize });
  // Never "no program in our catalogue" beside a catalogue card's or fund's route (docs/product.md §15).
  const catalogueRouteShown = data.routes.some((r) => r.program);
  return (
    <div className="space-y-4">
      <h3 className="text-xl font-semibold text-slate-900">
        {_('landing-forms.check.resultsFor', { medication: request.medication })}
      </h3>
      <p className="text-sm text-slate-700">
        <Trans
          id="landing-forms.check.fpl"
          values={{
            percent: formatFplPercent(data.fplPercent),
            guideline: formatCents(data.povertyGuidelineCents, { dropZeroCents: true }),
            people,
            state: request.state,
          }}
          components={{ 0: <strong /> }}
        />
      </p>
      {data.results.length === 0 && (
        <p className="flex items-start gap-2 rounded-xl bg-sky-50 p-4 text-sm text-sky-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {message ?? _(catalogueRouteShown ? 'landing-forms.check.noMakerProgram' : 'landing-forms.check.noProgram')}
          </span>
        </p>
      )}
      {data.routes.length > 0 && <RouteCards routes={data.routes} label={_('landing-forms.check.routes')} />}
      <div className="rounded-2xl bg-teal-700 p-5 text-white">
        <p className="font-semibold">{_('landing-forms.check.handoff.title')}</p>
        <p className="mt-1 text-sm text-teal-50">{_('landing-forms.check.handoff.text')}</p>
        <Button
          variant="inverse"
          className="mt-4"
          onClick={() => dialogs.open('signup', { medication: request.medication })}
        >
          {_('landing-forms.check.start')} <ArrowRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}
