import { useLingui } from '@lingui/react';
import { InputField, RecheckOnChange } from '@/components/ui/form';

/** A form holding a new password under `name` and its confirmation as `confirmPassword`. */
type NewPasswordValues = Record<string, string> & { confirmPassword: string };

interface NewPasswordFieldsProps {
  /** The password's field in the form's schema: `newPassword` (the default) or the signup's `password`. */
  name?: 'newPassword' | 'password';
  label?: string;
  confirmLabel?: string;
}

/**
 * A new password and its confirmation inside a <Form> whose schema has both fields: the signup's
 * security step, the reset code dialog, the reset link page and the dashboard's Change password
 * share them, with the rules and messages of the contracts' form schemas. The hint is the rule as
 * the product states it (docs/product.md §7 Accounts), one text under every new password; labels
 * default to the auth catalogue's "New password".
 */
export function NewPasswordFields({ name = 'newPassword', label, confirmLabel }: NewPasswordFieldsProps) {
  const { _ } = useLingui();
  return (
    <>
      <InputField<NewPasswordValues>
        name={name}
        label={label ?? _('auth.newPassword.label')}
        type="password"
        autoComplete="new-password"
        required
        hint={_('auth.newPassword.hint')}
      />
      <InputField<NewPasswordValues>
        name="confirmPassword"
        label={confirmLabel ?? _('auth.newPassword.confirm')}
        type="password"
        autoComplete="new-password"
        required
      />
      <RecheckOnChange<NewPasswordValues> source={name} field="confirmPassword" />
    </>
  );
}
