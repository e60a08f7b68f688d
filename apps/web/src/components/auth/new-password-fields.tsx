import { useLingui } from '@lingui/react';
import { InputField, RecheckOnChange } from '@/components/ui/form';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * New password and its confirmation inside a <Form> whose schema has both fields: the reset code
 * dialog, the reset link page and the dashboard's Change password share them, with the rules and
 * messages of the contracts' form schemas. Texts from the auth catalogue; the hint is the rule as the
 * product states it (docs/product.md §7 Accounts), shown under every new password.
 */
export function NewPasswordFields() {
  const { _ } = useLingui();
  return (
    <>
      <InputField<NewPasswordValues>
        name="newPassword"
        label={_('auth.newPassword.label')}
        type="password"
        autoComplete="new-password"
        required
        hint={_('auth.newPassword.hint')}
      />
      <InputField<NewPasswordValues>
        name="confirmPassword"
        label={_('auth.newPassword.confirm')}
        type="password"
        autoComplete="new-password"
        required
      />
      <RecheckOnChange<NewPasswordValues> source="newPassword" field="confirmPassword" />
    </>
  );
}
