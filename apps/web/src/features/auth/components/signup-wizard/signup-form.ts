import {
  SIGNUP_STEP_SCHEMAS,
  emptyDoctorDraft,
  emptyPrescriptionDraft,
  isDoctorDraftEmpty,
  type DoctorDraft,
  type PlanTier,
  type PrescriptionDraft,
} from '@rxbridge/contracts';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { isMedicareCoverage } from '@rxbridge/domain';
import { coverageFormShape, emptyCoverageForm, type CoverageFormValues } from '@/lib/coverage-form';

/** Everything the wizard holds, including the doctor / prescription being typed before it is added. */
export interface SignupFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: string;
  maritalStatus: string;
  mailingStreet: string;
  mailingCity: string;
  mailingState: string;
  mailingZip: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
  doctors: DoctorDraft[];
  doctorDraft: DoctorDraft;
  tier: PlanTier | '';
  prescriptions: PrescriptionDraft[];
  prescriptionDraft: PrescriptionDraft;
  hasInsurance: 'yes' | 'no' | '';
  insuranceProvider: string;
  /** The coverage answers of the plan being typed (docs/product.md §6.3), optional. */
  insuranceDraft: CoverageFormValues;
  insurances: ({ provider: string } & CoverageFormValues)[];
}

export const signupDefaults: SignupFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  gender: '',
  maritalStatus: '',
  mailingStreet: '',
  mailingCity: '',
  mailingState: '',
  mailingZip: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
  doctors: [],
  doctorDraft: emptyDoctorDraft,
  tier: '',
  prescriptions: [],
  prescriptionDraft: emptyPrescriptionDraft,
  hasInsurance: '',
  insuranceProvider: '',
  insuranceDraft: emptyCoverageForm,
  insurances: [],
};

/** The steps in order; their titles are in the signup catalogue (signup.step.*). */
export const STEPS = ['basic', 'personal', 'security', 'doctors', 'plan', 'prescriptions', 'insurance'] as const;
export type StepName = (typeof STEPS)[number];
export const STEP_COUNT = STEPS.length;

/**
 * The coverage answers of the plan being typed that the insurance step shows: none without insurance or a provider,
 * Extra Help and the out-of-pocket spend only for a Medicare kind. An answer hidden (the kind changed, "No") is
 * neither checked nor sent: it cannot hold the step with no message in sight.
 */
export function shownCoverageDraft(
  v: Partial<Pick<SignupFormValues, 'hasInsurance' | 'insuranceProvider' | 'insuranceDraft'>>,
): CoverageFormValues {
  const draft = v.insuranceDraft ?? emptyCoverageForm;
  if (v.hasInsurance !== 'yes' || !v.insuranceProvider) return emptyCoverageForm;
  if (isMedicareCoverage(draft.drugCoverage || null)) return draft;
  return { ...emptyCoverageForm, drugCoverage: draft.drugCoverage };
}

/** The coverage answers' own checks ("Enter an amount in dollars, like 850"), as the wizard holds them. */
export const coverageDraftSchema = z.object(coverageFormShape);

/**
 * The step rules of the contracts, on the values as they are sent: a doctor added without the optional specialty
 * ('' in the form, left out of the payload) is a complete doctor and does not hold Next. The insurance step also
 * checks the optional coverage answers it shows.
 */
const WIZARD_STEP_SCHEMAS: z.ZodType[] = SIGNUP_STEP_SCHEMAS.map((schema, i) => {
  if (STEPS[i] === 'doctors') {
    return z.preprocess((v) => {
      const values = v as SignupFormValues;
      return { ...values, doctors: values.doctors?.map((d) => ({ ...d, specialty: d.specialty || undefined })) };
    }, schema);
  }
  if (STEPS[i] === 'insurance') {
    return z.preprocess(
      (v) => ({ ...(v as SignupFormValues), insuranceDraft: shownCoverageDraft(v as SignupFormValues) }),
      z.intersection(schema, z.object({ insuranceDraft: coverageDraftSchema })),
    );
  }
  return schema;
});

/** Validates with the schema of the step on screen (steps are 0-based here). */
export function stepResolver(getStep: () => number): Resolver<SignupFormValues> {
  const resolvers = WIZARD_STEP_SCHEMAS.map((s) => zodResolver(s as never) as unknown as Resolver<SignupFormValues>);
  return (values, context, options) => resolvers[getStep()]!(values, context, options);
}

export const isStepValid = (step: number, values: unknown) => WIZARD_STEP_SCHEMAS[step]!.safeParse(values).success;

/** The step that owns a field, so a server validation error can send the user back to it. */
export function stepOfField(field: string): number {
  const root = field.split('.')[0]!;
  const index = SIGNUP_STEP_SCHEMAS.findIndex((s) => {
    const shape = ('shape' in s ? s.shape : (s as { def?: { in?: { shape?: object } } }).def?.in?.shape) as
      object | undefined;
    return shape && root in shape;
  });
  if (root === 'confirmPassword' || root === 'password') return 2;
  return index === -1 ? 0 : index;
}

export const isDoctorComplete = (d: DoctorDraft) =>
  !isDoctorDraftEmpty(d) && [d.firstName, d.lastName, d.doctorAddress].every((v) => v.trim() !== '');
