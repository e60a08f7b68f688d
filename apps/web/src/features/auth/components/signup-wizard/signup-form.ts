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

/** The step rules of the contracts; the insurance step also checks the optional coverage answers as typed. */
const WIZARD_STEP_SCHEMAS: z.ZodType[] = SIGNUP_STEP_SCHEMAS.map((schema, i) =>
  i === SIGNUP_STEP_SCHEMAS.length - 1
    ? z.intersection(schema, z.object({ insuranceDraft: z.object(coverageFormShape) }))
    : schema,
);

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
