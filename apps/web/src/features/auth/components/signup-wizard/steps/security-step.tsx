import { useLingui } from '@lingui/react';
import { Link } from '@/lib/router';
import { CheckboxField, InputField, RecheckOnChange } from '@/components/ui/form';
import { RichText } from '@/components/ui/rich-text';
import type { F } from './step-parts';

const legalLink = 'font-medium text-teal-700 underline';

export function SecurityStep() {
  const { _ } = useLingui();
  return (
    <div className="space-y-4">
      <InputField<F>
        name="password"
        label={_('auth.field.password')}
        type="password"
        autoComplete="new-password"
        required
        hint={_('signup.security.hint')}
      />
      <InputField<F>
        name="confirmPassword"
        label={_('signup.security.confirm')}
        type="password"
        autoComplete="new-password"
        required
      />
      <RecheckOnChange<F> source="password" field="confirmPassword" />
      <CheckboxField<F> name="acceptTerms">
        <RichText
          message={_('signup.security.terms')}
          components={{
            0: <Link to="/terms" target="_blank" className={legalLink} />,
            1: <Link to="/privacy" target="_blank" className={legalLink} />,
          }}
        />
      </CheckboxField>
    </div>
  );
}
