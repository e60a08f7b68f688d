import { PAYMENT_DESCRIPTIONS, paymentDescriptionIn, prescriptionsCounted } from './payment-descriptions';

// A payment's description in the patient's language (docs/product.md §20 Languages).
describe('paymentDescriptionIn', () => {
  it('says a monthly charge and an enrollment charge in Spanish, plan names and amounts as they are', () => {
    const month = PAYMENT_DESCRIPTIONS.month('Ongoing Care', '$79.00', 3, prescriptionsCounted(3));
    const once = PAYMENT_DESCRIPTIONS.enrollment('Enrollment Only', prescriptionsCounted(1));
    expect([month, once]).toEqual([
      'Ongoing Care: $79.00 for month 3 (3 prescriptions)',
      'Enrollment Only enrollment (1 prescription)',
    ]);
    expect(paymentDescriptionIn(month, 'es')).toBe('Ongoing Care: $79.00 por el mes 3 (3 recetas)');
    expect(paymentDescriptionIn(once, 'es')).toBe('Inscripción de Enrollment Only (1 receta)');
  });

  it('leaves English, and a description it does not know, as they are', () => {
    const month = PAYMENT_DESCRIPTIONS.month('Ongoing Care', '$49.00', 1, prescriptionsCounted(2));
    expect(paymentDescriptionIn(month, 'en')).toBe(month);
    expect(paymentDescriptionIn('Ongoing Care, first month', 'es')).toBe('Ongoing Care, first month');
  });
});
