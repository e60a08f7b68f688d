import { useLingui } from '@lingui/react';
import { Link } from '@/lib/router';
import { localizedPath, useLanguage } from '@/lib/i18n';
import { NewPasswordFields } from '@/components/auth/new-password-fields';
import { CheckboxField } from '@/components/ui/form';
import { RichText } from '@/components/ui/rich-text';
import type { F } from './step-parts';

const legalLink = 'font-medium text-teal-700 underline';

export function SecurityStep() {
  const { _ } = useLingui();
  const { language } = useLanguage();
  // The documents agreed to, in the language of the signup (docs/architecture.md, Languages).
  return (
    <div className="space-y-4">
      <NewPasswordFields name="password" label={_('auth.field.password')} confirmLabel={_('signup.security.confirm')} />
      <CheckboxField<F> name="acceptTerms">
        <RichText
          message={_('signup.security.terms')}
          components={{
            0: <Link to={localizedPath('/terms', language)} target="_blank" className={legalLink} />,
            1: <Link to={localizedPath('/privacy', language)} target="_blank" className={legalLink} />,
          }}
        />
      </CheckboxField>
    </div>
  );
}
