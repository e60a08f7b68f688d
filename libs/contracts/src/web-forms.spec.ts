import { changePasswordFormSchema, resetCodeFormSchema, resetLinkFormSchema } from './web-forms';
import { MESSAGES } from './messages';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('new password forms (docs/product.md §7.3, §7.5)', () => {
  it('apply one rule and one mismatch message in the code, link and change forms', () => {
    const weak = { newPassword: 'weak', confirmPassword: 'weak2' };
    for (const r of [
      resetCodeFormSchema.safeParse({ code: '123456', ...weak }),
      resetLinkFormSchema.safeParse(weak),
      changePasswordFormSchema.safeParse({ currentPassword: 'Str0ng!Pass', ...weak }),
    ]) {
      expect(messages(r)).toEqual({
        newPassword: MESSAGES.passwordRule,
        confirmPassword: MESSAGES.passwordsDoNotMatch,
      });
    }
  });

  it('asks for the current password and the confirmation, and accepts a matching strong password', () => {
    expect(
      messages(
        changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: 'N3w!Password', confirmPassword: '' }),
      ),
    ).toEqual({
      currentPassword: 'Current password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(
      resetLinkFormSchema.safeParse({ newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' }).success,
    ).toBe(true);
  });
});
