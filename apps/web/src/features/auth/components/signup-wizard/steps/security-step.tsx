import { Link } from '@/lib/router';
import { CheckboxField, InputField, RecheckOnChange } from '@/components/ui/form';
import type { F } from './step-parts';

export function SecurityStep() {
  return (
    <div className="space-y-4">
      <InputField<F>
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&"
      />
      <InputField<F>
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
      />
      <RecheckOnChange<F> source="password" field="confirmPassword" />
      <CheckboxField<F> name="acceptTerms">
        I agree to the{' '}
        <Link to="/terms" target="_blank" className="font-medium text-teal-700 underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" target="_blank" className="font-medium text-teal-700 underline">
          Privacy Policy
        </Link>
        .
      </CheckboxField>
    </div>
  );
}
