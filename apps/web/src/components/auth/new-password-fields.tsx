import { InputField, RecheckOnChange } from '@/components/ui/form';

/** The rule as the product states it (docs/product.md §7 Accounts), shown under every new password. */
export const PASSWORD_HINT = 'At least 8 characters with upper and lower case letters, a number and one of @$!%*?&';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * New password and its confirmation inside a <Form> whose schema has both fields: the reset code
 * dialog, the reset link page and the dashboard's Change password share them, with the rules and
 * messages of the contracts' form schemas.
 */
export function NewPasswordFields() {
  return (
    <>
      <InputField<NewPasswordValues>
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
      />
      <InputField<NewPasswordValues>
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <RecheckOnChange<NewPasswordValues> source="newPassword" field="confirmPassword" />
    </>
  );
}
