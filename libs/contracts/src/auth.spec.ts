import { changePasswordSchema, loginSchema, signupDoctorSchema } from './auth';
import { localizeMessage } from './messages-es';

/** The first message of a refused parse, in Spanish as the wizard and the dialogs show it. */
const spanishOf = (result: { error?: { issues: { message: string }[] } }) =>
  localizeMessage(result.error!.issues[0].message, 'es');

describe('the account forms say their limits in the patient language', () => {
  it("words a signup doctor's too-long address, and a too-long password at login or change", () => {
    const doctor = { firstName: 'Ana', lastName: 'Ruiz', doctorAddress: 'x'.repeat(301) };
    expect(spanishOf(signupDoctorSchema.safeParse(doctor))).toBe('La dirección debe tener como máximo 300 caracteres');
    const long = 'A'.repeat(129);
    expect(spanishOf(loginSchema.safeParse({ email: 'ana@example.com', password: long }))).toBe(
      'Su contraseña debe tener como máximo 128 caracteres',
    );
    expect(spanishOf(changePasswordSchema.safeParse({ currentPassword: long, newPassword: 'Secret123!' }))).toBe(
      'Su contraseña actual debe tener como máximo 128 caracteres',
    );
  });
});
