import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { toast } from 'sonner';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { MESSAGES, isValidPhone, localizeMessage, signupSchema, type Language } from '@rxbridge/contracts';
import { useAuth } from '@/lib/auth/auth-provider';
import { useAuthDialogs } from '@/lib/auth-dialogs';
import { intlLocale, useLanguage } from '@/lib/i18n';
import { messageOf } from '@/lib/api-client';
import { applyServerErrors, serverFieldErrors } from '@/lib/server-errors';
import type { SignupRequest } from '@/lib/auth/api/signup';
import { toCoverageAnswers } from '@/lib/coverage-form';
import { parseDollars } from '@/lib/eligibility-form';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import {
  STEP_COUNT,
  STEPS,
  type StepName,
  isDoctorComplete,
  isStepValid,
  shownCoverageDraft,
  signupDefaults,
  stepOfField,
  stepResolver,
  type SignupFormValues,
} from './signup-form';
import { BasicInfoStep } from './steps/basic-info-step';
import { PersonalDetailsStep } from './steps/personal-details-step';
import { SecurityStep } from './steps/security-step';
import { DoctorsStep, commitDoctor } from './steps/doctors-step';
import { PlanStep } from './steps/plan-step';
import { PrescriptionsStep, addPrescriptionOnNext } from './steps/prescriptions-step';
import { InsuranceStep } from './steps/insurance-step';

const STEP_VIEWS = [
  BasicInfoStep,
  PersonalDetailsStep,
  SecurityStep,
  DoctorsStep,
  PlanStep,
  PrescriptionsStep,
  InsuranceStep,
];

/**
 * The payload of POST /users/signup, from what the wizard holds (drafts not yet added count too); the
 * account speaks the language the wizard was filled in (docs/product.md, Languages).
 */
function toPayload(v: SignupFormValues, preferredLanguage: Language) {
  const doctors = isDoctorComplete(v.doctorDraft) ? [...v.doctors, v.doctorDraft] : v.doctors;
  const prescriptions = v.prescriptionDraft.medication.trim()
    ? [...v.prescriptions, v.prescriptionDraft]
    : v.prescriptions;
  const typed = v.insuranceProvider ? [{ provider: v.insuranceProvider, ...shownCoverageDraft(v) }] : [];
  const plans = v.hasInsurance === 'yes' ? [...v.insurances, ...typed] : [];
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone,
    dateOfBirth: v.dateOfBirth,
    password: v.password,
    confirmPassword: v.confirmPassword,
    gender: v.gender,
    maritalStatus: v.maritalStatus,
    mailingStreet: v.mailingStreet,
    mailingCity: v.mailingCity,
    mailingState: v.mailingState,
    mailingZip: v.mailingZip,
    tier: v.tier,
    preferredLanguage,
    doctors: doctors.map((d) => ({ ...d, specialty: d.specialty || undefined })),
    prescriptions,
    // One plan per provider, the first added kept (as before the coverage questions).
    insurances: plans
      .filter((p, i) => plans.findIndex((q) => q.provider === p.provider) === i)
      .map(({ provider, drugCoverage, extraHelp, outOfPocket }) => ({
        provider,
        ...toCoverageAnswers({ drugCoverage, extraHelp, outOfPocket: parseDollars(outOfPocket) }),
      })),
  };
}

export function SignupWizard() {
  const dialogs = useAuthDialogs();
  const auth = useAuth();
  const navigate = useNavigate();
  const { _ } = useLingui();
  const { language } = useLanguage();
  const [step, setStep] = useState(0);
  const stepRef = useRef(step);
  stepRef.current = step;
  // Next and Previous move the keyboard's focus to the new step's title: the button pressed may be disabled there
  // (a step not yet valid, the first step's Previous), which would drop focus to the page (WCAG 2.4.3).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);
  useEffect(() => {
    if (!focusTitle.current) return;
    focusTitle.current = false;
    titleRef.current?.focus();
  }, [step]);

  const form = useForm<SignupFormValues>({
    defaultValues: signupDefaults,
    resolver: stepResolver(() => stepRef.current),
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });

  // A medication picked in the landing page's eligibility check waits in the prescriptions step.
  const prefilled = dialogs.current === 'signup' ? dialogs.signupPrefill?.medication?.trim() : undefined;
  useEffect(() => {
    if (!prefilled) return;
    const { prescriptions, prescriptionDraft } = form.getValues();
    const known = prescriptions.some((p) => p.medication.toLowerCase() === prefilled.toLowerCase());
    if (!known && !prescriptionDraft.medication.trim()) form.setValue('prescriptionDraft.medication', prefilled);
  }, [prefilled, form]);

  // The plan picked on the landing page is the plan step's choice, until the visitor picks another.
  const prefilledTier = dialogs.current === 'signup' ? dialogs.signupPrefill?.tier : undefined;
  useEffect(() => {
    if (prefilledTier && !form.getValues('tier')) form.setValue('tier', prefilledTier);
  }, [prefilledTier, form]);

  const stepValid = isStepValid(step, values);
  const isLast = step === STEP_COUNT - 1;

  const close = () => {
    dialogs.close();
    form.reset(signupDefaults);
    setStep(0);
    signup.reset();
  };

  const goTo = (next: number) => {
    form.clearErrors();
    setStep(next);
  };

  /** Back to `step`; `show` runs after the step renders, so its fields are registered and show the message. */
  const failAt = (step: number, message: string, show: () => void) => {
    goTo(step);
    setTimeout(show);
    toast.error(_('signup.failed'), { description: localizeMessage(message, language) });
  };
  const fail = (step: number, field: FieldPath<SignupFormValues>, message: string) =>
    failAt(step, message, () => form.setError(field, { message }, { shouldFocus: true }));

  const signup = useMutation({
    mutationFn: (payload: SignupRequest) => auth.signup(payload),
    onSuccess: (result) => {
      toast.success(_('signup.created'), { description: _('signup.welcome', { name: result.user.firstName }) });
      if (result.checkoutUrl) {
        window.location.assign(result.checkoutUrl);
        return;
      }
      close();
      navigate('/dashboard');
    },
    onError: (error) => {
      // The server's first field message: its step is shown, with the message under the field.
      const [first] = serverFieldErrors(error);
      if (first) {
        const [field, message] = first;
        failAt(stepOfField(field), message, () =>
          applyServerErrors(form, error, { fieldOf: (f) => (f === field ? f : undefined), shouldFocus: true }),
        );
        return;
      }
      toast.error(_('signup.failed'), { description: messageOf(error, _('signup.failedGeneric')) });
    },
  });
  // After a signup that succeeded the page is leaving (for checkout, or to the dashboard): a second press must not
  // send it again, only to be told the email is taken.
  const busy = signup.isPending || signup.isSuccess;
  // Back from checkout through the browser's history, the page as it was: the wizard may be used again.
  const resetSignup = signup.reset;
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => e.persisted && resetSignup();
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [resetSignup]);

  const next = async () => {
    if (!(await form.trigger())) return;
    if (STEPS[step] === 'doctors') commitDoctor(form);
    if (STEPS[step] === 'prescriptions' && !addPrescriptionOnNext(form)) return;
    focusTitle.current = true;
    goTo(step + 1);
  };

  const submit = () => {
    if (busy) return;
    const v = form.getValues();
    if (v.password !== v.confirmPassword) return fail(2, 'confirmPassword', MESSAGES.passwordsDoNotMatch);
    if (!isValidPhone(v.phone)) return fail(0, 'phone', MESSAGES.invalidPhone);
    const parsed = signupSchema.safeParse(toPayload(v, language));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = issue.path.join('.');
      return fail(stepOfField(path), path as FieldPath<SignupFormValues>, issue.message);
    }
    const { confirmPassword: _omit, ...payload } = parsed.data;
    signup.mutate({ ...payload, role: 'USER', prescriptionCount: payload.prescriptions.length });
  };

  const Step = STEP_VIEWS[step]!;
  const TITLE: Record<StepName, string> = {
    basic: _('signup.step.basic'),
    personal: _('signup.step.personal'),
    security: _('signup.step.security'),
    doctors: _('signup.step.doctors'),
    plan: _('signup.step.plan'),
    prescriptions: _('signup.step.prescriptions'),
    insurance: _('signup.step.insurance'),
  };
  const title = TITLE[STEPS[step]!];
  const share = (step + 1) / STEP_COUNT;

  return (
    // A step's controls, focused, scroll into view clear of the sticky footer (WCAG 2.4.11); the footer's own do not.
    <Dialog
      open={dialogs.current === 'signup'}
      onOpenChange={(open) => !open && close()}
      title={_('signup.title')}
      description={_('signup.description')}
      className="sm:max-w-2xl [&_form>div:not(.sticky)_:is(input,select,textarea,button)]:scroll-mb-28"
    >
      <div className="mb-5">
        <div className="flex items-baseline justify-between text-sm">
          <p className="font-semibold text-teal-700" aria-live="polite">
            {_('signup.progress', { step: step + 1, count: STEP_COUNT, title })}
          </p>
          <p className="text-slate-500">
            {new Intl.NumberFormat(intlLocale(), { style: 'percent' }).format(Math.round(share * 100) / 100)}
          </p>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div className="h-full rounded-full bg-teal-600 transition-[width]" style={{ width: `${share * 100}%` }} />
        </div>
      </div>
      {prefilled && step < STEPS.indexOf('prescriptions') && (
        <p className="-mt-2 mb-4 rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-900">
          {_('signup.prefilled', { medication: prefilled })}
        </p>
      )}
      <FormProvider {...form}>
        <form
          noValidate
          aria-label={_('signup.formLabel', { step: step + 1, title })}
          onSubmit={(e) => {
            e.preventDefault();
            if (!stepValid) return void form.trigger();
            if (isLast) submit();
            else void next();
          }}
        >
          <h3 ref={titleRef} tabIndex={-1} className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none">
            {title}
          </h3>
          <Step />
          {/* Sticky, so Previous / Next stay in reach while a long step scrolls. */}
          <div className="sticky -bottom-5 z-10 -mx-5 mt-6 flex items-center justify-between gap-3 border-t border-slate-100 bg-white px-5 py-4 sm:-bottom-7 sm:-mx-7 sm:px-7">
            <Button
              variant="secondary"
              onClick={() => {
                focusTitle.current = true;
                goTo(step - 1);
              }}
              disabled={step === 0 || busy}
            >
              <ChevronLeft aria-hidden /> {_('signup.previous')}
            </Button>
            <Button type="submit" disabled={!stepValid} isLoading={busy}>
              {isLast ? (
                _('signup.create')
              ) : (
                <>
                  {_('signup.next')} <ChevronRight aria-hidden />
                </>
              )}
            </Button>
          </div>
        </form>
      </FormProvider>
      <p className="mt-4 text-center text-sm text-slate-600">
        {_('signup.haveAccount')}{' '}
        <Button variant="link" size="inline" onClick={() => dialogs.open('login')}>
          {_('auth.login.submit')}
        </Button>
      </p>
    </Dialog>
  );
}
